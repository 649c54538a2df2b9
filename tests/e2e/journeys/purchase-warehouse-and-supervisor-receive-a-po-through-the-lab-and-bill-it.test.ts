import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCATIONS } from '../../../modules/general/shared/entities/locations.entity.ts';
import { PRODUCTS } from '../../../src/domain/entities/inventory/products.entity.ts';
import { LAB_RECEIVINGS } from '../../../modules/lab/shared/entities/lab-receivings.entity.ts';
import { PURCHASE_ORDERS } from '../../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { SUPPLIERS } from '../../../src/domain/entities/purchase/suppliers.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import {
  entityClient,
  type EntityApiClient,
  type List,
  type Row,
} from '../../support/entity-crud.ts';
import { DESK, journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { act, pick, save } from '../../support/e2e-stock.ts';

// docs/journeys.md, Purchase and Lab Receiving, across the roles: the buyer's order of nicotine is
// sent; the warehouse receives it through lab receiving against the order (its open line
// filled from the order) with its CoA; the supervisor inspects, posts and releases it; the
// buyer reads on the order what came (per line ordered, received, billed, open; the receipt
// named on the timeline), enters and posts the supplier's invoice, and nobody is offered the
// same line to receive again. The warehouse's form is also looked at on a phone.

const SKU = 'RM-NIC-FB-100';
const SUPPLIER = 'Nicotine River Labs';
const LOT = `NRL-J-${Date.now().toString(36).toUpperCase()}`;
const COA = {
  name: 'CoA-nicotine.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.7\nCoA\n%%EOF\n'),
};

// The run's first suite builds the seeded template: minutes on a busy machine.
const j = journey('journey-po-through-lab', 400_000);
let admin: EntityApiClient;
let order: Row;
let receivingPath = '';

async function idOf(api: string, field: string, value: string) {
  const reply = await admin.get<List>(api, {
    filter: [{ field, field_type: 'text', filters: [{ operator: 'equals', value }] }],
  });
  const row = reply.data.rows[0];
  if (!row) throw new Error(`no ${value} at ${api}`);
  return row.id;
}

/** The buyer's order of 1,000 kg of nicotine base, sent (the PDF sent by hand). */
async function sentNicotineOrder(): Promise<Row> {
  const buyer = entityClient(j.suite.server.url, await tokenFor(j.suite.server.url, 'purchase'));
  const created = await buyer.send<Row>('POST', PURCHASE_ORDERS.api, {
    supplier_id: await idOf(SUPPLIERS.api, 'code', 'SUP-NICO'),
    order_date: new Date().toISOString().slice(0, 10),
    ship_to_location_id: await idOf(LOCATIONS.api, 'code', 'WH-MAIN'),
    lines: [{ product_id: await idOf(PRODUCTS.api, 'sku', SKU), qty: 1000, unit_price: 0.5 }],
  });
  expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
  const event = async (doc: Row, name: string, extra: object = {}) =>
    (
      await buyer.send<Row>('POST', `${PURCHASE_ORDERS.api}/${doc.id}/events/${name}`, {
        version: doc.version,
        ...extra,
      })
    ).data;
  const approved = await event(created.data, 'submit');
  const sent = await event(approved, 'send', { sent_by_hand: true });
  expect(sent.status, JSON.stringify(sent)).toBe('sent');
  return sent;
}

beforeAll(async () => {
  admin = entityClient(j.suite.server.url, await tokenFor(j.suite.server.url, 'admin'));
  order = await sentNicotineOrder();
});

/** The figures of the PO page's "Received and billed" panel for line 1. */
async function lineFigures(page: Page): Promise<Record<string, string>> {
  const panel = page.getByRole('table', { name: 'Lines received and billed' });
  await panel.waitFor();
  const figures: Record<string, string> = {};
  for (const column of ['Ordered', 'Received', 'Billed', 'Open']) {
    figures[column] = (
      await panel.getByRole('cell', { name: `${column} (line 1)`, exact: true }).innerText()
    ).trim();
  }
  return figures;
}

/** The options a picker offers once opened, by their text. */
async function optionsOf(page: Page, picker: Locator): Promise<string[]> {
  await picker.click();
  const list = page.getByRole('listbox');
  await list.getByRole('option').first().waitFor();
  const texts = await list.getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  return texts;
}

describe('a PO of nicotine received through the lab, posted, billed and not received twice', () => {
  it('purchase: the sent order reads sent, nothing received, all of it open', async () => {
    const buyer = await j.signedIn('purchase', `/purchase/${order.id}`, DESK);
    await buyer
      .getByRole('group', { name: 'Document actions' })
      .getByText(/^sent$/i)
      .waitFor();
    expect(await lineFigures(buyer)).toEqual({
      Ordered: '1,000',
      Received: '0',
      Billed: '0',
      Open: '1,000',
    });
  });

  it('warehouse: receives it through lab receiving against the PO with its CoA, by mouse', async () => {
    const warehouse = await j.signedIn('warehouse', '/lab/receiving/new', DESK);
    await pick(warehouse, 'Supplier', SUPPLIER, 'Nicotine');
    // The order picker offers this supplier's orders that take goods: ours, not the demo's
    // order waiting for approval, nor another supplier's sent one.
    const picker = warehouse.getByRole('combobox', { name: 'Purchase order', exact: true });
    const offered = await optionsOf(warehouse, picker);
    expect(offered.some((o) => o.startsWith(`${String(order.number)} · sent`))).toBe(true);
    expect(offered.every((o) => / · (sent|partially received)/.test(o))).toBe(true);
    const packagingOrder = await admin.get<List>(PURCHASE_ORDERS.api, {
      filter: [
        {
          field: 'supplier_name',
          field_type: 'text',
          filters: [{ operator: 'equals', value: 'Maple Packaging' }],
        },
      ],
    });
    for (const other of packagingOrder.data.rows) {
      expect(offered.some((o) => o.startsWith(`${String(other.number)} `))).toBe(false);
    }
    await picker.click();
    await warehouse
      .getByRole('option', { name: new RegExp(`^${String(order.number)} · sent`) })
      .click();
    await warehouse.getByRole('button', { name: 'Receive against PO' }).click();
    const qty = warehouse.getByRole('textbox', { name: 'Qty (line 1)', exact: true });
    await expect.poll(() => qty.inputValue()).toBe('1,000');
    await expect
      .poll(() =>
        warehouse.getByRole('combobox', { name: 'Product (line 1)', exact: true }).inputValue(),
      )
      .toContain(SKU);

    // Where chemicals go: lab and quarantine locations only.
    const location = warehouse.getByRole('combobox', {
      name: 'Lab / quarantine location',
      exact: true,
    });
    expect((await optionsOf(warehouse, location)).sort()).toEqual(['QC lab', 'Quarantine cage']);
    await pick(warehouse, 'Lab / quarantine location', 'QC lab', 'QC');
    await warehouse.getByRole('textbox', { name: 'Supplier lot (line 1)', exact: true }).fill(LOT);
    await warehouse
      .getByRole('textbox', { name: 'Flashpoint °C (line 1)', exact: true })
      .fill('101');
    await saveScreenshot(warehouse, 'journey-po-through-lab-form');
    await save(warehouse, /^\/lab\/receiving\/\d+$/);
    receivingPath = new URL(warehouse.url()).pathname;

    const upload = warehouse.getByRole('button', { name: `Upload CoA for ${SKU}` });
    const chooser = warehouse.waitForEvent('filechooser');
    await upload.click();
    await (await chooser).setFiles(COA);
    // The line's file (the record's timeline names it too).
    await warehouse.getByTestId('attachment-name').filter({ hasText: COA.name }).waitFor();
    const moved = await act(warehouse, 'Receive', 'received');
    expect(moved.join(' ')).toContain(`${SKU} (supplier lot ${LOT})`);
  });

  it('warehouse on a phone: the lab receiving form is one column, its lines are cards', async () => {
    const phone = await j.signedIn('warehouse', '/lab/receiving/new', {
      viewport: { width: 390, height: 844 },
    });
    await pick(phone, 'Supplier', SUPPLIER, 'Nicotine');
    const supplier = await phone
      .getByRole('combobox', { name: 'Supplier', exact: true })
      .boundingBox();
    const carrier = await phone
      .getByRole('textbox', { name: 'Carrier', exact: true })
      .boundingBox();
    // One column: a later field sits under the first, not beside it.
    expect(carrier!.x).toBe(supplier!.x);
    expect(carrier!.y).toBeGreaterThan(supplier!.y);
    await phone.getByRole('combobox', { name: 'Purchase order', exact: true }).click();
    await phone
      .getByRole('option', { name: new RegExp(`^${String(order.number)} · sent`) })
      .click();
    await phone.getByRole('button', { name: 'Receive against PO' }).click();
    const card = phone.getByRole('group', { name: 'Line 1', exact: true });
    await card.waitFor();
    // The card holds the line's fields, each labelled, within the screen's width.
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expect
      .poll(() => card.getByRole('textbox', { name: 'Qty (line 1)', exact: true }).inputValue())
      .toBe('1,000');
    await card.getByText(/^Supplier lot/).waitFor();
    expect(await phone.getByRole('table', { name: 'Items' }).count()).toBe(0);
    await saveScreenshot(phone, 'journey-po-through-lab-phone-top');
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(phone, 'journey-po-through-lab-phone');
  });

  it('supervisor: inspects, posts into quarantine and releases it', async () => {
    const supervisor = await j.signedIn('supervisor', receivingPath, DESK);
    await act(supervisor, 'Inspect', 'inspected');
    const moved = await act(supervisor, 'Post', 'posted');
    expect(moved.join(' ')).toContain(SKU);
    await act(supervisor, 'Release', 'released');
  });

  it('purchase: reads what came on the order, then enters and posts the invoice', async () => {
    const buyer = await j.signedIn('purchase', `/purchase/${order.id}`, DESK);
    const bar = buyer.getByRole('group', { name: 'Document actions' });
    await bar.getByText(/^received$/i).waitFor();
    expect(await lineFigures(buyer)).toEqual({
      Ordered: '1,000',
      Received: '1,000',
      Billed: '0',
      Open: '0',
    });
    // The timeline names the receipt and the way it came.
    const number = String(
      (await admin.get<Row>(`${LAB_RECEIVINGS.api}/${receivingPath.split('/').pop()}`)).data.number,
    );
    const timeline = buyer.getByRole('region', { name: 'Timeline' });
    const receipt = timeline.locator('[data-event="receive"]');
    await receipt.getByText(number).waitFor();
    await receipt.getByText('Lab receiving').waitFor();
    await receipt.getByText(`line 1 ${SKU} 1,000`).waitFor();
    await buyer.getByRole('table', { name: 'Lines received and billed' }).scrollIntoViewIfNeeded();
    await saveScreenshot(buyer, 'journey-po-through-lab-po-received');
    await receipt.scrollIntoViewIfNeeded();
    await saveScreenshot(buyer, 'journey-po-through-lab-po-timeline');

    await buyer.getByRole('link', { name: 'Enter invoice' }).click();
    await buyer.waitForURL((url) => url.pathname === `/purchase/${order.id}/invoice`);
    const billed = buyer.getByRole('textbox', { name: `Qty billed (line 1 ${SKU})`, exact: true });
    // What came in through the lab is what is left to bill.
    expect(await billed.inputValue()).toMatch(/^1,?000$/);
    await buyer
      .getByRole('textbox', { name: 'Supplier invoice no', exact: true })
      .fill(`NRL-INV-${LOT}`);
    await buyer.getByRole('button', { name: 'Create draft' }).click();
    await buyer.waitForURL((url) => /^\/invoice\/\d+$/.test(url.pathname));
    await act(buyer, 'Post', 'posted');

    await buyer.goto(`${j.suite.server.url}/purchase/${order.id}`);
    await expect
      .poll(() => lineFigures(buyer), { timeout: 15_000 })
      .toEqual({ Ordered: '1,000', Received: '1,000', Billed: '1,000', Open: '0' });
  });

  it('warehouse: the received line is offered to neither kind of receiving again', async () => {
    const warehouse = await j.signedIn('warehouse', '/lab/receiving/new', DESK);
    await pick(warehouse, 'Supplier', SUPPLIER, 'Nicotine');
    const labPicker = warehouse.getByRole('combobox', { name: 'Purchase order', exact: true });
    await labPicker.click();
    // Once the orders are read: the supplier's list, or the word that it has none.
    await warehouse
      .getByText('No order to receive')
      .or(warehouse.getByRole('option').first())
      .waitFor();
    expect(
      (await warehouse.getByRole('option').allInnerTexts()).filter((o) =>
        o.startsWith(`${String(order.number)} `),
      ),
    ).toEqual([]);
    await warehouse.keyboard.press('Escape');

    await warehouse.goto(`${j.suite.server.url}/inventory/receiving/new`);
    const picker = warehouse.getByRole('combobox', { name: 'Purchase order', exact: true });
    const offered = await optionsOf(warehouse, picker);
    // Other orders still take goods; this one no longer does.
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.filter((o) => o.startsWith(`${String(order.number)} `))).toEqual([]);
  });
});
