import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  freshPage,
  logIn,
  openSignedIn,
  saveFailureScreenshot,
  startShellSuite,
  type ShellSuite,
} from './e2e-shell.ts';

// What every journey test (tests/e2e/journeys) sets up around its story: one server with the
// demo data and one browser for the file, the pages of the people in it, a picture of each of
// those pages when a test fails (named after the journey and the test), and all of it closed
// at the end. A journey's own set-up (its data, its people) goes in a beforeAll declared after
// `journey()`, which runs after the suite has started.

/** The screen a person works at a desk. */
export const DESK = { viewport: { width: 1440, height: 900 } } as const;
/** The smaller laptop screen the product journeys are held to. */
export const LAPTOP = { viewport: { width: 1366, height: 768 } } as const;

type PageOptions = Parameters<typeof openSignedIn>[3];

export interface Journey {
  /** The server and browser, once the journey's first beforeAll has run. */
  readonly suite: ShellSuite;
  /** A page signed in as `username` (its token set as the login page sets it), on `path`. */
  signedIn(username: string, path?: string, options?: PageOptions): Promise<Page>;
  /** A page on which `username` logs in through the login form. */
  loggedIn(username: string, options?: PageOptions): Promise<Page>;
}

/** Registers the journey's hooks; `name` prefixes the pictures of a failed test. */
export function journey(
  name: string,
  startTimeout = 120_000,
  /** More of the server's set-up, made as the suite starts (an SMTP inbox to send to). */
  server: () => Promise<Parameters<typeof startShellSuite>[0]> = async () => ({}),
): Journey {
  let started: ShellSuite | undefined;
  const pages: { who: string; page: Page }[] = [];
  const suite = (): ShellSuite => {
    if (!started) throw new Error(`${name}: the journey's suite has not started`);
    return started;
  };

  beforeAll(async () => {
    started = await startShellSuite(await server());
  }, startTimeout);
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    const test = task.name.replace(/\W+/g, '-').slice(0, 40);
    for (const { who, page } of pages) {
      await saveFailureScreenshot(page, `${name}-failed-${test}-${who}`);
    }
  });
  afterAll(async () => {
    for (const { page } of pages) await page.context().close();
    await started?.close();
  });

  return {
    get suite() {
      return suite();
    },
    async signedIn(username, path = '/dashboard', options = DESK) {
      const { page } = await openSignedIn(suite(), username, path, options);
      pages.push({ who: username, page });
      return page;
    },
    async loggedIn(username, options = DESK) {
      const { page } = await freshPage(suite(), options);
      pages.push({ who: username, page });
      await logIn(page, suite().server.url, username);
      return page;
    },
  };
}

/**
 * Opens the record numbered `number` from the grid of the list at `path` with a double click,
 * and answers its drawer (the dialog named `drawerName`) once it shows that number.
 */
export async function openFromList(
  page: Page,
  path: string,
  number: string,
  drawerName: string,
): Promise<Locator> {
  await page.goto(new URL(path, page.url()).href);
  await page.getByRole('gridcell', { name: number, exact: true }).first().dblclick();
  const drawer = page.getByRole('dialog', { name: drawerName });
  await drawer.getByText(number, { exact: true }).first().waitFor();
  return drawer;
}
