import { eq, sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_COUNTS } from '../../../src/domain/entities/stock/stock-counts.entity.ts';
import { TRAININGS } from '../../../modules/training/shared/entities/trainings.entity.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import { locations } from '../../../server/db/schema/general.ts';
import { bins } from '../../../server/db/schema/inventory.ts';
import { tokenFor } from '../../support/api-client.ts';
import {
  openSignedIn,
  saveFailureScreenshot,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../../support/e2e-shell.ts';
import { entityClient, type Row } from '../../support/entity-crud.ts';
import { floorOrder, type FloorSetup } from '../../support/floor-order.ts';

// Journey (docs/journeys.md, Everyone): "Sign in, land on a home page that shows their work: what
// waits for them, not only links." The labeler lands on the order waiting in labeling and
// opens it with the mouse; a second order reaching labeling appears there without a reload.
// The inventory clerk lands on the count scheduled to start and opens it with the keyboard.
// The flavorist lands on the demo's samples to develop and opens one with the mouse; the
// training supervisor on everyone's overdue trainings, one opened with the keyboard. Each R&D
// role after the flavorist lands on the demo's samples at their step (quality control the
// prepared one to specify, the supervisor the sent one to evaluate, recipes the approved one
// to promote), the trainer on the bottler's signed training to score, and the bottler on that
// same training shown apart, waiting for the trainer, not among those due; each opens their
// item with the mouse and again with the keyboard. Someone with nothing waiting reads that
// nothing does. Set-up by the roles that would have done it, through the API: the order
// planned, batched, tested and bottled; the count scheduled.

/** The page on screen: the dashboard stays mounted, hidden, behind the one it opened. */
const shown = (page: Page, path: string) => page.locator(`[data-view-path="${path}"]`);
const myWork = (page: Page) => page.getByRole('region', { name: 'My work' });
const queue = (page: Page, title: string) => myWork(page).getByRole('region', { name: title });

/** Tabs from the top of the page until `name` has the focus (a person tabbing through). */
async function tabTo(page: Page, name: string, most = 80): Promise<void> {
  for (let i = 0; i < most; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    if (focused.trim() === name) return;
  }
  throw new Error(`${name} was not reached with ${most} tabs`);
}

describe('everyone lands on their work', () => {
  let suite: ShellSuite;
  const contexts: BrowserContext[] = [];
  let page: Page;
  let labeling: FloorSetup;
  let count: Row & { number: string };

  beforeAll(async () => {
    suite = await startShellSuite();
    labeling = await floorOrder(suite.server.url, 'labeling');
    const db = suite.server.server.database.db;
    const [main] = await db.select().from(locations).where(eq(locations.code, 'WH-MAIN'));
    const [bin] = await db.select().from(bins).where(eq(bins.locationId, main!.id)).limit(1);
    const clerk = entityClient(suite.server.url, await tokenFor(suite.server.url, 'inventory'));
    const created = await clerk.send<Row>('POST', STOCK_COUNTS.api, {
      location_id: main!.id,
      scope: 'bins',
      lines: [{ bin_id: bin!.id }],
    });
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    const scheduled = await clerk.send<Row & { number: string }>(
      'POST',
      `${STOCK_COUNTS.api}/${created.data.id}/events/schedule`,
      { version: created.data.version },
    );
    expect(scheduled.httpStatus, JSON.stringify(scheduled.data)).toBe(200);
    count = scheduled.data;
  }, 180_000);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && page)
      await saveFailureScreenshot(page, 'my-work-journey-failed');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await suite?.close();
  });

  async function signIn(username: string): Promise<Page> {
    const opened = await openSignedIn(suite, username, '/dashboard', {
      viewport: { width: 1400, height: 900 },
    });
    contexts.push(opened.context);
    page = opened.page;
    return page;
  }

  it('shows the labeler the order in labeling, which opens with a click', async () => {
    await signIn('labeler');
    const toLabel = queue(page, 'Orders to label');
    const link = toLabel.getByRole('link', { name: labeling.order.number });
    await link.waitFor();
    // Other steps are not the labeler's, and no decision waits for them.
    await expect(myWork(page).getByText('Waiting for your approval').count()).resolves.toBe(0);
    await expect(queue(page, 'Orders to batch').count()).resolves.toBe(0);
    await saveScreenshot(page, 'my-work-labeler');
    await link.click();
    const story = `/production/production-orders/${labeling.order.id}`;
    await page.waitForURL(`**${story}`);
    await shown(page, story).getByText(labeling.order.number).first().waitFor();
  });

  it('shows a second order reaching labeling without a reload', async () => {
    await page.goBack();
    await queue(page, 'Orders to label')
      .getByRole('link', { name: labeling.order.number })
      .waitFor();
    const next = await floorOrder(suite.server.url, 'labeling', 60);
    await queue(page, 'Orders to label')
      .getByRole('link', { name: next.order.number })
      .waitFor({ timeout: 15_000 });
  }, 120_000);

  it('shows inventory the count to start, which opens with the keyboard', async () => {
    await signIn('inventory');
    const toStart = queue(page, 'Scheduled counts to start');
    await toStart.getByRole('link', { name: count.number }).waitFor();
    await expect(queue(page, 'Orders to label').count()).resolves.toBe(0);
    await saveScreenshot(page, 'my-work-inventory');
    await tabTo(page, count.number);
    await page.keyboard.press('Enter');
    const header = `/inventory/stock-count/${count.id}`;
    await page.waitForURL(`**${header}`);
    await shown(page, header).getByText(count.number).first().waitFor();
  });

  it('shows the flavorist the samples to develop, the first opening with a click', async () => {
    await signIn('rd_flavorist');
    const toDevelop = queue(page, 'Samples to develop');
    const first = toDevelop.getByRole('link', { name: /^SM-\d{5}$/ }).first();
    await first.waitFor();
    const number = (await first.textContent())!.trim();
    await expect(queue(page, 'Prepared samples to specify and send').count()).resolves.toBe(0);
    await saveScreenshot(page, 'my-work-rd-flavorist');
    await first.click();
    await page.waitForURL(/\/rd\/sample\/develop\/\d+$/);
    await shown(page, new URL(page.url()).pathname).getByText(number).first().waitFor();
  });

  it('shows the training supervisor every overdue training, one opening with the keyboard', async () => {
    await signIn('training_supervisor');
    const overdue = queue(page, 'Overdue trainings');
    const first = overdue.getByRole('link').first();
    await first.waitFor();
    await expect(overdue.getByText(/ · due \d{2}\/\d{2}\/\d{4}/).count()).resolves.toBeGreaterThan(
      0,
    );
    await saveScreenshot(page, 'my-work-training-supervisor');
    const label = (await first.textContent())!.trim();
    await tabTo(page, label);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/training\/trainings\?open=\d+$/);
    await page.getByRole('dialog').getByText(label.split(' rev ')[0]!).first().waitFor();
  });

  /** The first row of `query` (the demo's record a queue must show). */
  async function first<T>(query: ReturnType<typeof sql>): Promise<T> {
    const [row] = await queryRows<T>(suite.server.server.database.db, query);
    expect(row, 'the demo has the record').toBeDefined();
    return row!;
  }

  /**
   * Opens `label` of the queue `title` with a click, then, home again, with Tab and Enter: each
   * lands where `landed` says.
   */
  async function opensBothWays(
    title: string,
    label: string,
    url: RegExp,
    landed: () => Promise<void>,
  ): Promise<void> {
    const link = () => queue(page, title).getByRole('link', { name: label, exact: true });
    await link().click();
    await page.waitForURL(url);
    await landed();
    await page.goto(`${suite.server.url}/dashboard`);
    await link().waitFor();
    await tabTo(page, label);
    await page.keyboard.press('Enter');
    await page.waitForURL(url);
    await landed();
  }

  /** The sample's own screen, once it shows its number. */
  const sampleShown = (number: string) => async () => {
    await shown(page, new URL(page.url()).pathname).getByText(`Sample ${number}`).first().waitFor();
  };

  it('shows quality control the prepared sample to specify, opened both ways', async () => {
    const sample = await first<{ id: number; number: string }>(
      sql`select id::int, number from rd_samples where status = 'prepared'
           order by due_date nulls last, id`,
    );
    await signIn('rd_quality_control');
    const toSpecify = queue(page, 'Prepared samples to specify and send');
    await toSpecify.getByRole('link', { name: sample.number, exact: true }).waitFor();
    await expect(queue(page, 'Samples to develop').count()).resolves.toBe(0);
    await saveScreenshot(page, 'my-work-rd-quality-control');
    await opensBothWays(
      'Prepared samples to specify and send',
      sample.number,
      new RegExp(`/rd/sample/specifications/${sample.id}$`),
      sampleShown(sample.number),
    );
  });

  it('shows the R&D supervisor the sent sample to evaluate, opened both ways', async () => {
    const sample = await first<{ id: number; number: string }>(
      sql`select id::int, number from rd_samples where status in ('sent', 'in_evaluation')
           order by due_date nulls last, id`,
    );
    await signIn('rd_supervisor');
    const toEvaluate = queue(page, 'Samples to evaluate');
    await toEvaluate.getByRole('link', { name: sample.number, exact: true }).waitFor();
    await saveScreenshot(page, 'my-work-rd-supervisor');
    await opensBothWays(
      'Samples to evaluate',
      sample.number,
      new RegExp(`/rd/sample/develop/${sample.id}$`),
      sampleShown(sample.number),
    );
  });

  it('shows recipes the approved sample to promote, opened both ways', async () => {
    const sample = await first<{ number: string }>(
      sql`select s.number from rd_samples s where s.status = 'approved'
             and not exists (select 1 from recipes x where x.rd_sample_id = s.id)
           order by s.due_date nulls last, s.id`,
    );
    await signIn('recipes');
    const toPromote = queue(page, 'Approved samples to promote');
    await toPromote.getByRole('link', { name: sample.number, exact: true }).waitFor();
    await expect(queue(page, 'Samples to evaluate').count()).resolves.toBe(0);
    await saveScreenshot(page, 'my-work-recipes');
    // The approved samples, where the sample is promoted.
    await opensBothWays('Approved samples to promote', sample.number, /\/rd\/recipes$/, () =>
      shown(page, '/rd/recipes')
        .getByRole('gridcell', { name: sample.number, exact: true })
        .first()
        .waitFor(),
    );
  });

  /** The demo's training signed by the bottler, waiting for the trainer's score. */
  const signedTraining = () =>
    first<{ id: number; label: string; title: string }>(
      sql`select t.id::int, d.code || ' rev ' || d.revision as label, d.title
            from trainings t join users u on u.id = t.trainee_id
            join training_documents d on d.id = t.training_document_id
           where u.username = 'bottler' and t.signed_at is not null
             and t.status in ('in_progress', 'overdue')
           order by t.signed_at, t.id`,
    );

  /** The training's drawer, once it shows its document. */
  const trainingShown = (title: string) => async () => {
    await page.getByRole('dialog').getByText(title).first().waitFor();
  };

  it('shows the trainer the signed training to score, opened both ways', async () => {
    const training = await signedTraining();
    await signIn('trainer');
    await myWork(page).getByText('Trainings to score', { exact: true }).waitFor();
    const toScore = queue(page, 'Signed trainings to score');
    await toScore.getByRole('link', { name: training.label, exact: true }).waitFor();
    await toScore
      .getByText(/Luca Bianchi/)
      .first()
      .waitFor();
    await saveScreenshot(page, 'my-work-trainer');
    await opensBothWays(
      'Signed trainings to score',
      training.label,
      new RegExp(`/training/trainings\\?open=${training.id}$`),
      trainingShown(training.title),
    );
  });

  it('shows the trainee her signed training apart, waiting for the trainer, not as due', async () => {
    const training = await signedTraining();
    // A training still to do, assigned to her directly, beside the one she signed.
    const todo = await first<{ trainee: number; document: number; label: string }>(
      sql`select u.id::int as trainee, d.id::int as document,
                 d.code || ' rev ' || d.revision as label
            from training_documents d, users u
           where u.username = 'bottler' and d.status = 'effective'
             and not exists (select 1 from trainings t where t.training_document_id = d.id
                               and t.trainee_id = u.id)
           order by d.id`,
    );
    const supervisor = entityClient(
      suite.server.url,
      await tokenFor(suite.server.url, 'training_supervisor'),
    );
    const assigned = await supervisor.send<Row>('POST', TRAININGS.api, {
      trainee_id: todo.trainee,
      training_document_id: todo.document,
      due_date: '2099-01-31',
    });
    expect(assigned.httpStatus, JSON.stringify(assigned.data)).toBe(201);
    await signIn('bottler');
    const waiting = queue(page, 'Signed, waiting for the trainer');
    await waiting.getByRole('link', { name: training.label, exact: true }).waitFor();
    const due = queue(page, 'My trainings due');
    await due.getByRole('link', { name: todo.label, exact: true }).waitFor();
    await expect(
      due.getByRole('link', { name: training.label, exact: true }).count(),
    ).resolves.toBe(0);
    await saveScreenshot(page, 'my-work-trainee');
    await opensBothWays(
      'Signed, waiting for the trainer',
      training.label,
      new RegExp(`/training/trainings\\?open=${training.id}$`),
      trainingShown(training.title),
    );
  });

  it('tells someone with nothing waiting that nothing does', async () => {
    await signIn('director');
    await myWork(page).getByText('Nothing waits for you right now.').waitFor();
    await saveScreenshot(page, 'my-work-empty');
  });
});
