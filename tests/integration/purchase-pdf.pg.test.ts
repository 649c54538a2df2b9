import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_SETTING_KEY } from '../../modules/general/shared/entities/company-setting.ts';
import { purchasePdfApi } from '../../src/domain/entities/purchase/purchase-order-print.ts';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { formatMoneyIn } from '../../src/domain/formats/currency.format.ts';
import { settings } from '../../server/db/schema/general.ts';
import { tokenFor } from '../support/api-client.ts';
import type { Row } from '../support/entity-crud.ts';
import { readPdf } from '../support/pdf-text.ts';
import { startPurchaseWorld, type PurchaseWorld } from '../support/purchase-fixtures.ts';
import { backends } from '../support/test-server.ts';

// The purchase order as a PDF: the file is read back (page tree and the text
// its pages show) to prove the number, letterhead, supplier, lines, taxes and totals are in it,
// that a 120-line order runs over several numbered pages, and that only purchase's readers get it.

const API = PURCHASE_ORDERS.api;
const COMPANY = {
  name: 'Vapeworks Manufacturing Ltd.',
  address: '40 Industrial Pkwy\nMississauga ON L5T 2H9',
  phone: '905-555-0142',
  business_number: '812345678 RT0001',
  excise_licence: 'ONV-12345',
};

describe.each(backends())('purchase order PDF on %s', (backend) => {
  let w: PurchaseWorld;
  let supplier: Row;
  beforeAll(async () => {
    w = await startPurchaseWorld(backend);
    supplier = await w.newSupplier({ tax_number: '98765 4321 RT0001', payment_terms_days: 45 });
    await w.db
      .insert(settings)
      .values({ key: COMPANY_SETTING_KEY, value: COMPANY })
      .onConflictDoUpdate({ target: settings.key, set: { value: COMPANY } });
    // A fresh server on a loaded machine may take longer than the default hook allowance.
  }, 180_000);
  afterAll(async () => w?.t.close());

  async function order(lines: number, extra: object = {}) {
    const body = {
      ...w.orderOf(supplier.id),
      note: 'Deliver to dock 3',
      lines: Array.from({ length: lines }, (_, i) => ({
        product_id: w.ids.untracked,
        description: `Line ${i + 1} of ${lines}`,
        qty: i + 1,
        unit_price: 2.5,
      })),
      ...extra,
    };
    const reply = await (await w.api('purchase')).send<Row>('POST', API, body);
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return reply.data;
  }

  async function download(id: number, user: string | null = 'purchase') {
    const headers: Record<string, string> = user
      ? { authorization: `Bearer ${await tokenFor(w.t.url, user)}` }
      : {};
    return fetch(`${w.t.url}${purchasePdfApi(API, id)}`, { headers });
  }

  it('answers a PDF file named after the order, with its letterhead, supplier and totals', async () => {
    const doc = await order(2);
    const response = await download(doc.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${String(doc.number)}.pdf"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = readPdf(bytes);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.pageObjects).toBe(1);
    expect(pdf.strings).toEqual(
      expect.arrayContaining([
        'PURCHASE ORDER',
        String(doc.number),
        COMPANY.name,
        'Mississauga ON L5T 2H9',
        `GST/HST no. ${COMPANY.business_number}`,
        `Excise licence ${COMPANY.excise_licence}`,
        `${String(supplier.name)} (${String(supplier.code)})`,
        'Tax no. 98765 4321 RT0001',
        'Order date: 03/02/2026',
        // 1 × 2.50 + 2 × 2.50 = 7.50, Ontario HST 13 % = 0.98, total 8.48 CAD.
        '$7.50',
        'HST 13%',
        '$0.98',
        'Total CAD',
        '$8.48',
        'Payment terms: net 45 days from the invoice date.',
        'Note: Deliver to dock 3',
        'Page 1 of 1',
      ]),
    );
    // Each line: its product and the line's own description.
    expect(pdf.text).toMatch(/ — Line 1 of 2\n1\.000\n/);
    expect(pdf.text).toMatch(/ — Line 2 of 2\n2\.000\n/);
    expect(doc).toMatchObject({ subtotal: 7.5, total: 8.48, total_cad: 8.48 });
  });

  it('runs a 120-line USD order over numbered pages, every line and both totals in it', async () => {
    const doc = await order(120, { currency_id: w.usd });
    const response = await download(doc.id);
    expect(response.status).toBe(200);
    const pdf = readPdf(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.pageCount).toBeGreaterThan(1);
    expect(pdf.pageObjects).toBe(pdf.pageCount);
    for (let page = 1; page <= pdf.pageCount; page += 1) {
      expect(pdf.strings).toContain(`Page ${page} of ${pdf.pageCount}`);
    }
    // The column headings open every page.
    expect(pdf.strings.filter((s) => s === 'Unit price')).toHaveLength(pdf.pageCount);
    for (const n of [1, 60, 120]) {
      expect(pdf.text).toContain(`Line ${n} of 120`);
    }
    expect(pdf.strings).toEqual(
      expect.arrayContaining([
        'Currency: USD',
        'Total USD',
        formatMoneyIn(Number(doc.total), 'USD'),
        'Total CAD',
        formatMoneyIn(Number(doc.total_cad), 'CAD'),
        `Exchange rate (1 USD = ${String(doc.exchange_rate)} CAD)`,
      ]),
    );
    // Σ (1..120) × 2.50 = 18,150.00 USD before tax.
    expect(doc.subtotal).toBe(18150);
    expect(pdf.strings).toContain('US$18,150.00');
  });

  it('gives the file to purchase readers only, and says so plainly to others', async () => {
    const doc = await order(1);
    expect((await download(doc.id, 'admin')).status).toBe(200);
    const outsider = await download(doc.id, 'sale');
    expect(outsider.status).toBe(403);
    expect(outsider.headers.get('content-type')).toMatch(/application\/json/);
    expect((await download(doc.id, null)).status).toBe(401);
    const missing = await download(9_999_999);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { status: boolean }).status).toBe(false);
  });
});
