import dayjs from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/query-rows.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { act, save, savedRecordView } from '../../support/e2e-stock.ts';

// Journey (Forecast, docs/domain/forecast.md §11): the manager opens a forecast period from the
// last year of shipped sales (generate), adjusts one product's forecast with a reason on the
// allocations, accepts the production plan, locks the period and turns the plan into draft
// production orders, then reads the sales and the stock reports. Once by mouse, once by
// keyboard, each on a period of its own after the demo's.

const forecast = journey('journey-forecast', 180_000);
let page: Page;

const db = () => forecast.suite.server.server.database.db;
const url = (path: string) => `${forecast.suite.server.url}${path}`;
const typed = (d: dayjs.Dayjs) => d.format('MM/DD/YYYY');

/** The next period's days: the month after the last period's end. */
async function nextMonth(): Promise<{ start: dayjs.Dayjs; end: dayjs.Dayjs }> {
  const [last] = await queryRows<{ end: string }>(
    db(),
    sql`select to_char(max(end_date), 'YYYY-MM-DD') as end from forecast_periods`,
  );
  const start = dayjs(last!.end).add(1, 'day');
  return { start, end: start.add(1, 'month').subtract(1, 'day') };
}

async function periodNamed(name: string) {
  const [row] = await queryRows<{ id: number; status: string }>(
    db(),
    sql`select id::int, status from forecast_periods where name = ${name}`,
  );
  return row!;
}

/** The first product of the period's allocations, as their list sorts them. */
async function firstSku(periodId: number): Promise<string> {
  const [row] = await queryRows<{ sku: string }>(
    db(),
    sql`select p.sku from forecast_allocations a join products p on p.id = a.product_id
      where a.forecast_period_id = ${periodId} order by p.sku limit 1`,
  );
  return row!.sku;
}

/** The allocation the open dialog edits, from its title ("Forecast of SKU at centre"). */
async function openedAllocation(periodId: number) {
  const dialog = page.getByRole('dialog');
  const title = await dialog.getByRole('heading').first().innerText();
  const [, sku, centre] = /^Forecast of (\S+) at (.+)$/.exec(title.trim()) ?? [];
  const [row] = await queryRows<{ id: number; forecast: number }>(
    db(),
    sql`select a.id::int, a.forecast_units as forecast from forecast_allocations a
      join products p on p.id = a.product_id join locations l on l.id = a.location_id
      where a.forecast_period_id = ${periodId} and p.sku = ${sku} and l.name = ${centre}`,
  );
  return { ...row!, sku: sku! };
}

async function allocation(id: number) {
  const [row] = await queryRows<{ forecast: number; reason: string | null }>(
    db(),
    sql`select forecast_units as forecast, override_reason as reason
      from forecast_allocations where id = ${id}`,
  );
  return row!;
}

/** What the period's plan became: its rows' statuses and the production orders made. */
async function planOutcome(periodId: number) {
  const [row] = await queryRows<{ proposed: number; ordered: number; orders: number }>(
    db(),
    sql`select count(*) filter (where p.status = 'proposed')::int as proposed,
        count(*) filter (where p.status = 'ordered')::int as ordered,
        count(o.id) filter (where o.status = 'draft')::int as orders
      from forecast_production_plans p
        left join production_orders o on o.id = p.production_order_id
      where p.forecast_period_id = ${periodId}`,
  );
  return row!;
}

async function fillDate(label: string, value: dayjs.Dayjs) {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(typed(value));
  await input.press('Enter');
}

beforeAll(async () => {
  page = await forecast.signedIn('manager', '/forecast/forecast-periods');
});

const bar = () => page.getByRole('group', { name: 'Document actions' });

/** What the manager sees once the rows are accepted: the button no longer busy, and asleep. */
async function acceptDone(accept: Locator): Promise<void> {
  await expect
    .poll(
      async () =>
        (await accept.getAttribute('data-loading')) === null && (await accept.isDisabled()),
    )
    .toBe(true);
}

describe('manager opens a forecast, adjusts it and turns the plan into orders', () => {
  it('by mouse', async () => {
    const { start, end } = await nextMonth();
    const name = `Forecast ${start.format('MMMM YYYY')} (mouse)`;
    await page.getByRole('button', { name: 'New forecast period' }).click();
    await page.waitForURL((u) => u.pathname === '/forecast/forecast-periods/new');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await fillDate('Starts', start);
    await fillDate('Ends', end);
    await fillDate('History from', dayjs().subtract(365, 'day'));
    await fillDate('History to', dayjs().subtract(1, 'day'));
    await page.getByRole('textbox', { name: 'Growth %', exact: true }).fill('8');
    await save(page, /^\/forecast\/forecast-periods\/\d+$/);
    await act(page, 'Generate', 'open', 'journey-forecast-generate-confirm');
    const period = await periodNamed(name);
    expect(period.status).toBe('open');

    // Adjust the product with the most history: a new chain listing, 25 % more.
    await bar().getByRole('link', { name: 'Allocations' }).click();
    await page.waitForURL((u) => u.pathname === `/forecast/forecast-allocations/${period.id}`);
    const sku = await firstSku(period.id);
    await page.getByRole('gridcell', { name: sku, exact: true }).first().dblclick();
    const dialog = page.getByRole('dialog');
    const top = await openedAllocation(period.id);
    const raised = Math.round(top.forecast * 1.25) + 10;
    await dialog.getByRole('textbox', { name: 'Forecast units' }).fill(String(raised));
    await dialog.getByRole('textbox', { name: 'Override reason' }).fill('New chain listing');
    await saveScreenshot(page, 'journey-forecast-adjust');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await allocation(top.id)).toEqual({ forecast: raised, reason: 'New chain listing' });

    await page.goto(url('/forecast/forecast-allocation-plan'));
    await page.getByRole('combobox', { name: 'Forecast period' }).click();
    await page.getByRole('option', { name, exact: true }).click();
    await page.getByTestId('allocation-pivot').getByText(top.sku).first().waitFor();
    await saveScreenshot(page, 'journey-forecast-pivot');

    // The plan: accept it, lock the period, create the orders.
    await page.goto(url(`/forecast/forecast-production-plans/${period.id}`));
    const accept = page.getByRole('button', { name: 'Accept proposed rows' });
    await accept.click();
    await expect.poll(async () => (await planOutcome(period.id)).proposed).toBe(0);
    await acceptDone(accept);
    await act(page, 'Lock', 'locked');
    await page.getByRole('button', { name: 'Create orders' }).click();
    await expect.poll(async () => (await planOutcome(period.id)).ordered).toBeGreaterThan(0);
    const outcome = await planOutcome(period.id);
    expect(outcome.orders).toBe(outcome.ordered);
    await page
      .getByRole('gridcell', { name: /^MO-\d{5}$/ })
      .first()
      .waitFor();
    await saveScreenshot(page, 'journey-forecast-plan-ordered');

    await page.goto(url(`/forecast/sales-report?period=${period.id}`));
    const sales = page.getByRole('table', { name: 'Sales per month' });
    await sales.getByText(start.format('YYYY-MM')).first().waitFor();
    await page
      .getByTestId('sales-report-chart')
      .locator('.recharts-bar-rectangle')
      .first()
      .waitFor();
    await saveScreenshot(page, 'journey-forecast-sales-report');
    await page.goto(url(`/forecast/stock-report?period=${period.id}`));
    const stock = page.getByRole('table', { name: 'Stock against forecast' });
    await stock.getByText(top.sku).first().waitFor();
    await saveScreenshot(page, 'journey-forecast-stock-report');
  });

  // Enter in the last date creates the period, so the Ctrl+S after it finds nothing changed:
  // it writes nothing (#17: it wrote the period again, and Generate, sent meanwhile with the
  // version read before, was refused as stale, leaving the period in draft).
  it('by keyboard', async () => {
    const { start, end } = await nextMonth();
    const name = `Forecast ${start.format('MMMM YYYY')} (keyboard)`;
    await page.goto(url('/forecast/forecast-periods'));
    await page.getByRole('button', { name: 'New forecast period' }).press('Enter');
    await page.waitForURL((u) => u.pathname === '/forecast/forecast-periods/new');
    await page.getByRole('textbox', { name: 'Name', exact: true }).focus();
    await page.keyboard.type(name);
    for (const [label, day] of [
      ['Starts', start],
      ['Ends', end],
      ['History from', dayjs().subtract(365, 'day')],
      ['History to', dayjs().subtract(1, 'day')],
    ] as const) {
      await page.getByRole('textbox', { name: label, exact: true }).focus();
      await page.keyboard.type(typed(day));
      await page.keyboard.press('Enter');
    }
    await page.keyboard.press('Control+s');
    // The period's own page once shown under its URL (under load the page lags the URL).
    const saved = await savedRecordView(page, /^\/forecast\/forecast-periods\/\d+$/);
    await saved
      .getByRole('group', { name: 'Document actions' })
      .getByRole('button', { name: 'Generate', exact: true })
      .press('Enter');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Generate', exact: true })
      .press('Enter');
    await bar()
      .getByText(/^open$/i)
      .waitFor();
    const period = await periodNamed(name);

    await bar().getByRole('link', { name: 'Allocations' }).press('Enter');
    await page.waitForURL((u) => u.pathname === `/forecast/forecast-allocations/${period.id}`);
    const sku = await firstSku(period.id);
    await page.getByRole('gridcell', { name: sku, exact: true }).first().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const top = await openedAllocation(period.id);
    // The first journey's draft orders already cover this month: only a big new customer
    // leaves something to make.
    const raised = top.forecast + 1000;
    const units = dialog.getByRole('textbox', { name: 'Forecast units' });
    await expect.poll(() => units.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Control+a');
    await page.keyboard.type(String(raised));
    await page.keyboard.press('Tab');
    await page.keyboard.type('A chain of 40 stores lists it');
    await dialog.getByRole('button', { name: 'Save', exact: true }).press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await allocation(top.id)).toEqual({
      forecast: raised,
      reason: 'A chain of 40 stores lists it',
    });

    await page.goto(url(`/forecast/forecast-production-plans/${period.id}`));
    const accept = page.getByRole('button', { name: 'Accept proposed rows' });
    await accept.press('Enter');
    await expect.poll(async () => (await planOutcome(period.id)).proposed).toBe(0);
    await acceptDone(accept);
    // Lock wakes once the period is read with no proposed rows left (a key on a sleeping button
    // does nothing).
    const lock = bar().getByRole('button', { name: 'Lock', exact: true });
    await expect.poll(() => lock.isEnabled()).toBe(true);
    await lock.press('Enter');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Lock', exact: true })
      .press('Enter');
    await bar()
      .getByText(/^locked$/i)
      .waitFor();
    // The button wakes once the locked period is read again with its accepted rows.
    const create = page.getByRole('button', { name: 'Create orders' });
    await expect.poll(() => create.isEnabled()).toBe(true);
    await create.press('Enter');
    await expect.poll(async () => (await planOutcome(period.id)).ordered).toBeGreaterThan(0);

    await page.goto(url(`/forecast/sales-report?period=${period.id}`));
    await page.getByRole('radio', { name: 'Per family' }).focus();
    await page.keyboard.press('Space');
    await page
      .getByRole('table', { name: 'Sales per month' })
      .getByRole('columnheader', { name: 'Family' })
      .waitFor();
    await page.goto(url(`/forecast/stock-report?period=${period.id}`));
    await page
      .getByRole('table', { name: 'Stock against forecast' })
      .getByText(top.sku)
      .first()
      .waitFor();
  });
});
