import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchasePdfApi } from '../../src/domain/entities/purchase/purchase-order-print.ts';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import {
  purchaseOrderPdf,
  type PurchaseOrderPdfInput,
} from '../../server/purchase-pdf/purchase-order.pdf.ts';
import { tokenFor } from '../support/api-client.ts';
import type { Row } from '../support/entity-crud.ts';
import { readPdf } from '../support/pdf-text.ts';
import { startPurchaseWorld, type PurchaseWorld } from '../support/purchase-fixtures.ts';
import { backends } from '../support/test-server.ts';

// The print view and the PDF read an order's lines in one joined statement
// (server/purchase-pdf/printed-order.ts) instead of the document's reading. For an order of
// many lines, of products in every unit, with and without descriptions, each printed line
// carries what the order's own GET says of it, and the PDF shows exactly what it shows when
// laid out from the order's own GET.

const API = PURCHASE_ORDERS.api;
const LINES = 900;
/** What a printed line shows (purchase-order.pdf.ts and the print view). */
const PRINTED = [
  'id',
  'product_sku',
  'product_name',
  'description',
  'qty',
  'measure_code',
  'unit_price',
  'line_total',
] as const;

describe.each(backends())('a purchase order as printed, on %s', (backend) => {
  let w: PurchaseWorld;
  let token: string;
  beforeAll(async () => {
    w = await startPurchaseWorld(backend);
    token = await tokenFor(w.t.url, 'purchase');
  }, 180_000);
  afterAll(async () => w?.t.close());

  const get = (path: string) =>
    fetch(`${w.t.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

  it('prints every line of a many-line order as the order reads it, in the same PDF', async () => {
    const supplier = await w.newSupplier();
    const created = await (await w.api('purchase')).send<Row>('POST', API, w.orderOf(supplier.id));
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    const id = created.data.id;
    // Products in turn in each unit there is; a line's description is empty, the product's
    // own name, or text of its own; quantities with and without decimals.
    await w.db.execute(sql`
      insert into products (sku, name, type, measure_id, is_lot_tracked)
      select 'PRN-' || lpad(g::text, 4, '0'), 'Printed product ' || g, 'raw_material',
        (select m.id from measures m order by m.id
          offset g % (select count(*) from measures) limit 1), false
      from generate_series(1, ${LINES}) g`);
    await w.db.execute(sql`
      insert into purchase_order_lines
        (purchase_order_id, product_id, description, qty, unit_price, line_total)
      select ${id}, p.id,
        case right(p.sku, 1) when '0' then null when '1' then p.name else 'Own text ' || p.sku end,
        (right(p.sku, 2))::numeric / 4 + 1, 2.3456, ((right(p.sku, 2))::numeric / 4 + 1) * 2.3456
      from products p where p.sku like 'PRN-%' order by p.sku desc`);

    const document = ((await (await get(`${API}/${id}`)).json()) as { data: Row }).data;
    const print = (
      (await (await get(`${API}/${id}/print`)).json()) as {
        data: PurchaseOrderPdfInput & { order: Row & { lines: Row[] } };
      }
    ).data;

    const documentLines = document.lines as Row[];
    expect(documentLines).toHaveLength(LINES + 1);
    expect(new Set(documentLines.map((line) => line.measure_code)).size).toBeGreaterThan(1);
    const printedOf = (line: Row) => Object.fromEntries(PRINTED.map((key) => [key, line[key]]));
    expect(print.order.lines.map(printedOf)).toEqual(documentLines.map(printedOf));
    const { lines: _printLines, ...printHeader } = print.order;
    const { lines: _documentLines, ...documentHeader } = document;
    expect(printHeader).toEqual(documentHeader);

    const response = await get(purchasePdfApi(API, id));
    expect(response.status).toBe(200);
    const served = readPdf(new Uint8Array(await response.arrayBuffer()));
    const fromDocument = readPdf(
      new Uint8Array(
        await purchaseOrderPdf({ ...print, order: document as Row & { lines: Row[] } }),
      ),
    );
    expect(served.pageCount).toBeGreaterThan(LINES / 50);
    expect(served.strings).toEqual(fromDocument.strings);
  }, 180_000);
});
