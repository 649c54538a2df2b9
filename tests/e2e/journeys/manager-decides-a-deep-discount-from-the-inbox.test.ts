import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNTS } from '../../../modules/sales/shared/entities/discounts.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient, type List, type Row } from '../../support/entity-crud.ts';
import { journey, LAPTOP } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { save } from '../../support/e2e-stock.ts';

// Journey (Sales × Approvals): a salesperson saves a discount deeper than the approval limit;
// it waits, applying to no order, until a manager decides it from the approval inbox: one
// approved by keyboard, another rejected with a reason by mouse.

const deep = journey('journey-discount-approval', 180_000);
const STAMP = Date.now().toString(36).toUpperCase();

async function serverDiscount(code: string): Promise<Row | undefined> {
  const url = deep.suite.server.url;
  const api = entityClient(url, await tokenFor(url, 'sale'));
  const list = await api.get<List>(DISCOUNTS.api, { limit: 200 });
  return list.data.rows.find((r) => r.code === code);
}

/** Sale saves a percent discount on every line in the browser; the server says it waits. */
async function askFor(code: string, percent: number): Promise<Row> {
  const page = await deep.signedIn('sale', '/discount/new', LAPTOP);
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${percent} off, once`);
  await page.getByRole('textbox', { name: 'Value (% or CAD per unit)' }).fill(String(percent));
  await save(page, /^\/discount\/\d+$/);
  const saved = await serverDiscount(code);
  expect(saved?.status).toBe('pending_approval');
  return saved!;
}

const rowOf = (page: Page, code: string) =>
  page.locator(`[data-testid="approval-row"][data-number="${code}"]`);

describe('a manager decides a deep discount from the inbox', () => {
  let approver: Page;
  beforeAll(async () => {
    approver = await deep.signedIn('manager', '/dashboard', LAPTOP);
  });

  it('approves one by keyboard', async () => {
    const code = `DEEP-K-${STAMP}`;
    await askFor(code, 40);
    await approver.goto(`${deep.suite.server.url}/approvals`);
    const row = rowOf(approver, code);
    await row.waitFor();
    expect(await row.innerText()).toContain('Discount');
    await saveScreenshot(approver, 'journey-discount-approval-inbox');
    await row.getByRole('button', { name: 'Approve', exact: true }).focus();
    await approver.keyboard.press('Enter');
    await row.waitFor({ state: 'detached' });
    expect((await serverDiscount(code))?.status).toBe('approved');
  });

  it('rejects one with a reason by mouse', async () => {
    const code = `DEEP-M-${STAMP}`;
    await askFor(code, 60);
    await approver.goto(`${deep.suite.server.url}/approvals`);
    const row = rowOf(approver, code);
    await row.waitFor();
    await row.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = approver.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Sixty off is below our cost');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await serverDiscount(code))?.status).toBe('rejected');
  });
});
