import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  freshPage,
  logIn,
  saveFailureScreenshot,
  saveScreenshot,
  startShellSuite,
  type ShellSuite,
} from '../../support/e2e-shell.ts';

// Journey (docs/journeys.md, Production): automation_tech raises a machine-down work order, a
// supervisor triages it, automation_tech works and closes it; meanwhile the machines dashboard
// the supervisor watches shows the machine down, and running again once the order is closed.

const MACHINE = 'MIX-01';

describe('automation_tech and supervisor: a machine-down work order', () => {
  let suite: ShellSuite;
  const contexts: BrowserContext[] = [];
  let tech: Page;
  let supervisor: Page;
  let dashboard: Page;
  let workOrderUrl = '';

  beforeAll(async () => {
    suite = await startShellSuite();
    for (const user of ['automation_tech', 'supervisor', 'supervisor'] as const) {
      const { context, page } = await freshPage(suite, { viewport: { width: 1440, height: 900 } });
      contexts.push(context);
      await logIn(page, suite.server.url, user);
      if (!tech) tech = page;
      else if (!supervisor) supervisor = page;
      else dashboard = page;
    }
    await dashboard.goto(`${suite.server.url}/production/machines-dashboard`);
  }, 120_000);
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    await saveFailureScreenshot(tech, 'machine-down-journey-failed-tech');
    await saveFailureScreenshot(supervisor, 'machine-down-journey-failed-supervisor');
    await saveFailureScreenshot(dashboard, 'machine-down-journey-failed-dashboard');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await suite?.close();
  });

  const machineStatus = (page: Page) =>
    page.locator(`[data-machine="${MACHINE}"] [data-status]`).getAttribute('data-status');
  const bar = (page: Page) => page.getByRole('group', { name: 'Document actions' });

  it('automation_tech raises it from the keyboard; the machine shows down', async () => {
    await dashboard.locator(`[data-machine="${MACHINE}"]`).waitFor();
    await expect(machineStatus(dashboard)).resolves.toBe('operational');
    await tech.goto(`${suite.server.url}/production/work-order`);
    // The first field, Machine, has the focus: its picker is typed into.
    await tech.getByLabel('Machine', { exact: true }).and(tech.locator(':focus')).waitFor();
    await tech.keyboard.type(MACHINE);
    // The search narrows the list to the one machine before the keys pick it.
    await expect.poll(() => tech.getByRole('option').allTextContents()).toEqual([MACHINE]);
    await tech.keyboard.press('ArrowDown');
    await tech.keyboard.press('Enter');
    await expect(tech.getByLabel('Machine', { exact: true }).inputValue()).resolves.toBe(MACHINE);
    await tech.getByLabel('Issue', { exact: true }).click();
    await tech.getByRole('option').first().click();
    const down = tech.getByRole('switch', { name: 'Machine down' });
    await down.click();
    await expect(down.isChecked()).resolves.toBe(true);
    await tech.getByLabel('Description').fill('Mixer agitator stalls under load; batch stopped.');
    await tech.getByRole('button', { name: 'Save', exact: true }).click();
    await tech.getByText(/^Work order WO-\d+ created$/).waitFor();
    await tech.waitForURL(/\/production\/work-order\/\d+/);
    workOrderUrl = tech.url();
    await bar(tech).getByText('Requested', { exact: true }).waitFor();
    await expect.poll(() => machineStatus(dashboard), { timeout: 15_000 }).toBe('down');
  });

  it('the supervisor approves it, automation_tech starts it; still down meanwhile', async () => {
    await supervisor.goto(workOrderUrl);
    await bar(supervisor).getByRole('button', { name: 'Approve', exact: true }).click();
    await bar(supervisor).getByText('Open', { exact: true }).waitFor();
    await tech.reload();
    await bar(tech).getByRole('button', { name: 'Start', exact: true }).click();
    await bar(tech).getByText('In progress', { exact: true }).waitFor();
    await expect(machineStatus(dashboard)).resolves.toBe('down');
    await saveScreenshot(dashboard, 'automation-tech-works-a-machine-down-order-meanwhile');
  });

  it('automation_tech closes it with the resolution; the machine runs again', async () => {
    await bar(tech).getByRole('button', { name: 'Complete', exact: true }).click();
    const ask = tech.getByRole('dialog', { name: 'Complete work order' });
    await ask
      .getByLabel('Resolution')
      .fill('Replaced the worn drive belt; ran 10 min under load, no stall.');
    await ask.getByRole('button', { name: 'Yes' }).click();
    await tech.getByText(/^Work order WO-\d+: Completed$/).waitFor();
    await bar(tech).getByText('Completed', { exact: true }).waitFor();
    await expect.poll(() => machineStatus(dashboard), { timeout: 15_000 }).toBe('operational');
    await saveScreenshot(tech, 'automation-tech-works-a-machine-down-order');
  });
});
