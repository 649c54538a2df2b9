import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { RECEIVING_CONTAINERS } from '../../../modules/lab/shared/entities/receiving-containers.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient, type List } from '../../support/entity-crud.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { act, pick, save, typeAndChoose } from '../../support/e2e-stock.ts';

// docs/journeys.md, Lab Receiving: "warehouse: receive ... nicotine and flavour concentrates
// through lab receiving with CoA and containers, print container QR labels". The warehouse
// person on the demo data: once by mouse, once by keyboard.

const SKU = 'RM-NIC-FB-100';
const COA = {
  name: 'CoA-nicotine.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.7\nCoA\n%%EOF\n'),
};

const lab = journey('journey-warehouse-lab');
let warehouse: Page;

beforeAll(async () => {
  warehouse = await lab.signedIn('warehouse');
});

async function receivingNumber(id: number): Promise<string> {
  const api = entityClient(lab.suite.server.url, await tokenFor(lab.suite.server.url, 'warehouse'));
  return String((await api.get<{ number: string }>(`/api/lab/receivings/${id}`)).data.number);
}

async function containerCodes(number: string): Promise<string[]> {
  const api = entityClient(
    lab.suite.server.url,
    await tokenFor(lab.suite.server.url, 'supervisor'),
  );
  const list = await api.get<List>(RECEIVING_CONTAINERS.api, {
    filter: [
      {
        field: 'lab_receiving_number',
        field_type: 'text',
        filters: [
          { logic_operator: 'and', operator: 'equals', value_type: 'value', value: number },
        ],
      },
    ],
  });
  return list.data.rows.map((r) => String(r.code)).sort();
}

async function uploadCoa(page: Page, byKeyboard: boolean) {
  const button = page.getByRole('button', { name: `Upload CoA for ${SKU}` });
  const chooser = page.waitForEvent('filechooser');
  if (byKeyboard) {
    await button.focus();
    await page.keyboard.press('Enter');
  } else {
    await button.click();
  }
  await (await chooser).setFiles(COA);
  // The line's file (the record's timeline names it too).
  await page.getByTestId('attachment-name').filter({ hasText: COA.name }).waitFor();
}

describe('warehouse receives nicotine through the lab with its CoA and containers', () => {
  it('by mouse: drafts, attaches the CoA, receives into containers and prints their labels', async () => {
    const url = lab.suite.server.url;
    const lot = `WL-${Date.now().toString(36).toUpperCase()}`;
    await warehouse.goto(`${url}/lab/receiving/new`);
    await pick(warehouse, 'Supplier', 'Nicotine River Labs', 'Nicotine');
    await pick(warehouse, 'Lab / quarantine location', 'QC lab', 'QC');
    await warehouse.getByRole('textbox', { name: 'Carrier', exact: true }).fill('Purolator');
    await warehouse.getByRole('button', { name: 'Add line' }).click();
    await pick(warehouse, 'Product (line 1)', SKU);
    await warehouse.getByRole('textbox', { name: 'Supplier lot (line 1)', exact: true }).fill(lot);
    await warehouse.getByRole('textbox', { name: 'Qty (line 1)', exact: true }).fill('1000');
    await warehouse.getByRole('textbox', { name: 'Containers (line 1)', exact: true }).fill('2');
    await warehouse
      .getByRole('textbox', { name: 'Flashpoint °C (line 1)', exact: true })
      .fill('101');
    await save(warehouse, /^\/lab\/receiving\/\d+$/);
    await uploadCoa(warehouse, false);
    await saveScreenshot(warehouse, 'journey-warehouse-lab-coa');
    const moved = await act(warehouse, 'Receive', 'received', 'journey-warehouse-lab-confirm');
    expect(moved).toHaveLength(1);
    expect(moved[0]).toContain(`${SKU} (supplier lot ${lot}) in 2 container(s)`);

    const id = /\/lab\/receiving\/(\d+)$/.exec(new URL(warehouse.url()).pathname)?.[1];
    const number = await receivingNumber(Number(id));
    const codes = await containerCodes(number);
    expect(codes).toHaveLength(2);
    // The receiving's own containers, labelled from its page: each label reads what is in it.
    await warehouse.getByRole('link', { name: 'Print container labels' }).click();
    const sheet = warehouse.getByTestId('qr-sheet');
    await sheet.waitFor();
    expect(
      await sheet.locator('figure').evaluateAll((f) => f.map((e) => e.getAttribute('data-label'))),
    ).toEqual(codes);
    const first = await sheet.locator('figure').first().innerText();
    for (const text of [SKU, number, 'Net', 'Flashpoint', 'Lot']) expect(first).toContain(text);
    await saveScreenshot(warehouse, 'journey-warehouse-lab-labels');
  });

  it('by keyboard: drafts, attaches the CoA and receives', async () => {
    const url = lab.suite.server.url;
    const lot = `WK-${Date.now().toString(36).toUpperCase()}`;
    await warehouse.goto(`${url}/lab/receiving/new`);
    await warehouse.getByRole('combobox', { name: 'Supplier', exact: true }).focus();
    await typeAndChoose(warehouse, 'Nicotine', 'Nicotine River Labs');
    await warehouse
      .getByRole('combobox', { name: 'Lab / quarantine location', exact: true })
      .focus();
    await typeAndChoose(warehouse, 'QC', 'QC lab');
    await warehouse.getByRole('button', { name: 'Add line' }).press('Enter');
    await expect
      .poll(() => warehouse.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Product (line 1)');
    await typeAndChoose(warehouse, SKU, SKU);
    await warehouse.keyboard.press('Tab');
    await warehouse.keyboard.type(lot);
    await warehouse.getByRole('textbox', { name: 'Qty (line 1)', exact: true }).focus();
    await warehouse.keyboard.type('500');
    await warehouse.getByRole('textbox', { name: 'Flashpoint °C (line 1)', exact: true }).focus();
    await warehouse.keyboard.type('101');
    await warehouse.getByRole('button', { name: 'Save', exact: true }).press('Enter');
    await warehouse.waitForURL((u) => /^\/lab\/receiving\/\d+$/.test(u.pathname));
    await uploadCoa(warehouse, true);
    const bar = warehouse.getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Receive', exact: true }).press('Enter');
    const dialog = warehouse.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Receive', exact: true }).press('Enter');
    await bar.getByText(/^received$/i).waitFor();
  });
});
