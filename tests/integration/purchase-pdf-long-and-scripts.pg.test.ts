import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchasePdfApi } from '../../src/domain/entities/purchase/purchase-order-print.ts';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { pdfRendersUnderWay } from '../../server/pdf-render/render-pdf.ts';
import { call, tokenFor } from '../support/api-client.ts';
import type { Row } from '../support/entity-crud.ts';
import { readPdf } from '../support/pdf-text.ts';
import { startPurchaseWorld, type PurchaseWorld } from '../support/purchase-fixtures.ts';
import { backends } from '../support/test-server.ts';

// A purchase order of 1,600 lines is laid out whole (every line's SKU on its numbered pages)
// while the server goes on answering: a request sent once the PDF is being laid out is
// answered before the PDF is. And text in Arabic, Hebrew, Chinese/Japanese and emoji comes
// back out of the file as written, through the embedded fonts' maps to Unicode.

const API = PURCHASE_ORDERS.api;
const LINES = 1_600;

describe.each(backends())('purchase order PDF, long and in any script, on %s', (backend) => {
  let w: PurchaseWorld;
  let token: string;
  beforeAll(async () => {
    w = await startPurchaseWorld(backend);
    token = await tokenFor(w.t.url, 'purchase');
  }, 180_000);
  afterAll(async () => w?.t.close());

  async function order(supplier: Row, descriptions: string[]): Promise<Row> {
    const body = {
      ...w.orderOf(supplier.id),
      lines: descriptions.map((description) => ({
        product_id: w.ids.untracked,
        description,
        qty: 1,
        unit_price: 2.5,
      })),
    };
    const reply = await (await w.api('purchase')).send<Row>('POST', API, body);
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return reply.data;
  }

  const download = (id: number) =>
    fetch(`${w.t.url}${purchasePdfApi(API, id)}`, {
      headers: { authorization: `Bearer ${token}` },
    });

  it('lays out a 1,600-line order, every SKU on its pages, answering others meanwhile', async () => {
    const doc = await order(await w.newSupplier(), ['First line']);
    // The lines go straight into the database: one product of its own (its SKU) per line.
    await w.db.execute(sql`
      insert into products (sku, name, type, measure_id, is_lot_tracked)
      select 'BIG-' || lpad(g::text, 4, '0'), 'Big product ' || g, 'raw_material',
        (select measure_id from products where id = ${w.ids.untracked}), false
      from generate_series(1, ${LINES}) g`);
    await w.db.execute(sql`
      insert into purchase_order_lines
        (purchase_order_id, product_id, description, qty, unit_price, line_total)
      select ${doc.id}, id, 'Seeded line for ' || sku, 1, 2.5, 2.5
      from products where sku like 'BIG-%' order by sku`);

    const arrivals: string[] = [];
    const pdf = download(doc.id).then((response) => {
      arrivals.push('pdf');
      return response;
    });
    // Once the order is read, the PDF is being laid out; a request sent now must not wait.
    while (pdfRendersUnderWay() === 0 && arrivals.length === 0)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(arrivals, 'the PDF came back before it was seen being laid out').toEqual([]);
    const me = await call(w.t.url, 'GET', '/api/me', { token });
    arrivals.push('me');
    expect(me.httpStatus).toBe(200);

    const response = await pdf;
    expect(arrivals).toEqual(['me', 'pdf']);
    expect(response.status).toBe(200);
    const read = readPdf(new Uint8Array(await response.arrayBuffer()));
    // About forty lines a page.
    expect(read.pageCount).toBeGreaterThan(LINES / 50);
    expect(read.pageObjects).toBe(read.pageCount);
    expect(read.strings).toContain(`Page ${read.pageCount} of ${read.pageCount}`);
    const shown = new Set(read.strings);
    const missing = Array.from(
      { length: LINES },
      (_, i) => `BIG-${String(i + 1).padStart(4, '0')}`,
    ).filter((sku) => !shown.has(sku));
    expect(missing).toEqual([]);
    expect(read.strings.filter((s) => s === 'Unit price')).toHaveLength(read.pageCount);
  });

  it('prints Arabic, Hebrew, Chinese/Japanese and emoji as the text they are', async () => {
    const supplier = await w.newSupplier({ name: 'شركة النور' });
    const doc = await order(supplier, ['שלום', '日本語', 'Thumbs 👍 up']);
    const response = await download(doc.id);
    expect(response.status).toBe(200);
    const read = readPdf(new Uint8Array(await response.arrayBuffer()));
    // Each run of a script is drawn (and so read back) on its own.
    expect(read.strings).toEqual(
      expect.arrayContaining(['شركة النور', ` (${String(supplier.code)})`, 'שלום', '日本語', '👍']),
    );
    expect(read.text).not.toContain('\ufffd');
    // The fonts travel in the file (as subsets), so any reader shows the same glyphs.
    const fonts = read.embeddedFonts.join(' ');
    for (const face of ['NotoNaskhArabic', 'NotoSansHebrew', 'NotoSansHans', 'NotoEmoji'])
      expect(fonts).toMatch(new RegExp(`\\+${face}`));
    // A Latin-1 order embeds none: Helvetica is every reader's.
    const plain = await order(await w.newSupplier(), ['Café crème — 50 %']);
    const latin = readPdf(new Uint8Array(await (await download(plain.id)).arrayBuffer()));
    expect(latin.embeddedFonts).toEqual([]);
    expect(latin.text).toContain('Café crème — 50 %');
  });
});
