import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { settings } from '../../../../server/db/schema/general.ts';
import { products } from '../../../../server/db/schema/inventory.ts';
import { COMPANY_SETTING_KEY } from '../../../general/shared/entities/company-setting.ts';
import { salesPdfApi } from '../../shared/entities/packing-slip.ts';
import { SALES_ORDERS } from '../../shared/entities/sales-orders.entity.ts';
import { formatMeasured } from '../../../../src/domain/formats/quantity.format.ts';
import { tokenFor } from '../../../../tests/support/api-client.ts';
import type { Row } from '../../../../tests/support/entity-crud.ts';
import { readPdf } from '../../../../tests/support/pdf-text.ts';
import { startSalesWorld, type SalesWorld } from '../../../../tests/support/sales-fixtures.ts';
import { backends } from '../../../../tests/support/test-server.ts';

// A shipped order's packing slip and bill of lading as PDF files, read back
// (page tree and the text its pages show): the letterhead, the customer, what shipped lot by
// lot, the carrier, pieces, the dangerous-goods note for nicotine and the signatures; a long
// order runs over numbered pages; only the order's readers get them, and only once shipped.

const API = SALES_ORDERS.api;
/** The unit of the stock world's products. */
const MEASURE = 'ea-t';
const COMPANY = {
  name: 'Vapeworks Manufacturing Ltd.',
  address: '40 Industrial Pkwy\nMississauga ON L5T 2H9',
  phone: '905-555-0142',
  business_number: '812345678 RT0001',
  excise_licence: 'ONV-12345',
};

describe.each(backends())('sales shipping PDFs on %s', (backend) => {
  let w: SalesWorld;
  let customer: number;
  beforeAll(async () => {
    w = await startSalesWorld(backend);
    customer = await w.newCustomer('ON', 1_000_000);
    await w.db
      .insert(settings)
      .values({ key: COMPANY_SETTING_KEY, value: COMPANY })
      .onConflictDoUpdate({ target: settings.key, set: { value: COMPANY } });
  }, 240_000);
  afterAll(async () => w?.t.close());

  async function event(doc: Row, name: string, extra: object = {}): Promise<Row> {
    const reply = await (
      await w.api('sale')
    ).send<Row>('POST', `${API}/${doc.id}/events/${name}`, {
      version: doc.version,
      ...extra,
    });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
    return reply.data;
  }

  /** A shipped order of one line per product, each from a lot of its own. */
  async function shipped(items: { product: number; qty: number }[]): Promise<Row> {
    for (const item of items) await w.stockLot(item.product, item.qty, '2027-06-30');
    const reply = await (
      await w.api('sale')
    ).send<Row>(
      'POST',
      API,
      w.orderOf(
        customer,
        items.map((i) => ({ product_id: i.product, qty: i.qty })),
      ),
    );
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    const confirmed = await event(reply.data, 'confirm');
    const allocated = await event(confirmed, 'allocate');
    return event(allocated, 'ship');
  }

  async function download(
    id: number,
    document: 'packing-slip' | 'bill-of-lading',
    user: string | null = 'sale',
  ) {
    const headers: Record<string, string> = user
      ? { authorization: `Bearer ${await tokenFor(w.t.url, user)}` }
      : {};
    return fetch(`${w.t.url}${salesPdfApi(API, id, document)}`, { headers });
  }

  async function read(id: number, document: 'packing-slip' | 'bill-of-lading') {
    const response = await download(id, document);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    return { response, pdf: readPdf(new Uint8Array(await response.arrayBuffer())) };
  }

  const skuOf = async (id: number) =>
    (await w.db.select({ sku: products.sku }).from(products).where(eq(products.id, id)))[0]!.sku;

  it('writes the packing slip: letterhead, customer, every lot shipped, page numbers', async () => {
    const product = await w.newPricedProduct();
    const doc = await shipped([{ product, qty: 12 }]);
    const { response, pdf } = await read(doc.id, 'packing-slip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="packing-slip-${String(doc.number)}.pdf"`,
    );
    const [lot] = await queryRows<{ lot_no: string }>(
      w.db,
      sql`select l.lot_no from allocation_lines al join allocations a on a.id = al.allocation_id
            join stock_lots l on l.id = al.lot_id where a.sales_order_id = ${doc.id}`,
    );
    expect(pdf.pageCount).toBe(1);
    expect(pdf.strings).toEqual(
      expect.arrayContaining([
        'PACKING SLIP',
        String(doc.number),
        COMPANY.name,
        'Excise licence ONV-12345',
        'SHIP TO',
        'SHIP FROM',
        await skuOf(product),
        lot!.lot_no,
        formatMeasured(12, MEASURE),
        'Page 1 of 1',
      ]),
    );
    expect(pdf.text).toMatch(/Test customer \d+ \(C-T/);
    expect(pdf.text).toMatch(/Shipped: \d\d\/\d\d\/\d{4}/);
  });

  it('writes the bill of lading with pieces, the nicotine declaration and the signatures', async () => {
    const plain = await w.newPricedProduct();
    const nicotine = await w.newPricedProduct();
    await w.db.update(products).set({ nicotineMg: '12' }).where(eq(products.id, nicotine));
    const doc = await shipped([
      { product: plain, qty: 10 },
      { product: nicotine, qty: 6 },
    ]);
    await w.db.execute(
      sql`update allocations set carrier = 'Purolator', tracking_no = 'PUR123456'
           where sales_order_id = ${doc.id}`,
    );
    const { response, pdf } = await read(doc.id, 'bill-of-lading');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="bill-of-lading-${String(doc.number)}.pdf"`,
    );
    expect(pdf.strings).toEqual(
      expect.arrayContaining([
        'BILL OF LADING',
        String(doc.number),
        'SHIPPER',
        'CONSIGNEE',
        'CARRIER',
        await skuOf(plain),
        await skuOf(nicotine),
        '12 mg/ml',
        `Pieces: ${formatMeasured(16, MEASURE)}`,
        'DANGEROUS GOODS',
        'SIGNATURES',
        'Page 1 of 1',
      ]),
    );
    expect(pdf.text).toContain('Purolator, tracking PUR123456');
    expect(pdf.text).toContain('UN3144');
    expect(pdf.text).toContain('WHMIS 2015');
    expect(pdf.text).toMatch(/Carrier \(received in apparent good order\)/);
    // The nicotine line is marked HM, the plain one is not.
    expect(pdf.strings.filter((s) => s === 'X')).toHaveLength(1);
  });

  it('says there are no dangerous goods when nothing shipped has nicotine', async () => {
    const product = await w.newPricedProduct();
    const doc = await shipped([{ product, qty: 3 }]);
    const { pdf } = await read(doc.id, 'bill-of-lading');
    expect(pdf.text).toContain('No dangerous goods');
    expect(pdf.text).not.toContain('UN3144');
    expect(pdf.text).toContain('Carrier: ____');
  });

  it('runs a long order over numbered pages, repeating the headings', async () => {
    const items = [];
    for (let i = 0; i < 55; i += 1) items.push({ product: await w.newPricedProduct(), qty: 1 });
    const doc = await shipped(items);
    for (const document of ['packing-slip', 'bill-of-lading'] as const) {
      const { pdf } = await read(doc.id, document);
      expect(pdf.pageCount, document).toBeGreaterThan(1);
      expect(pdf.pageObjects).toBe(pdf.pageCount);
      expect(pdf.strings).toContain(`Page ${pdf.pageCount} of ${pdf.pageCount}`);
      // Every page shows a table's headings; the slip's ordered, shipped and backordered table
      // after the lots starts with its own, on the page where it begins.
      const skus = pdf.strings.filter((s) => s === 'SKU').length;
      if (document === 'bill-of-lading') expect(skus).toBe(pdf.pageCount);
      else {
        expect(skus).toBeGreaterThanOrEqual(pdf.pageCount);
        expect(pdf.strings.filter((s) => s === 'Qty shipped').length).toBeGreaterThan(1);
      }
    }
  }, 120_000);

  it('refuses an order with nothing shipped, a caller outside sales and a request signed by nobody', async () => {
    const product = await w.newPricedProduct();
    const reply = await (
      await w.api('sale')
    ).send<Row>('POST', API, w.orderOf(customer, [{ product_id: product, qty: 1 }]));
    const draft = await download(reply.data.id, 'bill-of-lading');
    expect(draft.status).toBe(422);
    const shippedDoc = await shipped([{ product, qty: 2 }]);
    expect((await download(shippedDoc.id, 'packing-slip', 'warehouse')).status).toBe(403);
    expect((await download(shippedDoc.id, 'bill-of-lading', null)).status).toBe(401);
    expect((await download(shippedDoc.id, 'bill-of-lading', 'director')).status).toBe(200);
  });
});
