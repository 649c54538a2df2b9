import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceTierPrices, products } from '../../../../server/db/schema/inventory.ts';
import { discounts } from '../../../../server/db/schema/sales.ts';
import { roundMoney } from '../../../general/shared/entities/document-taxes.ts';
import { salesPdfApi } from '../../shared/entities/packing-slip.ts';
import { SALES_ORDERS } from '../../shared/entities/sales-orders.entity.ts';
import { VAPING_DUTY_RATES } from '../../../general/shared/entities/vaping-duty-rates.entity.ts';
import { DATE_FORMATS } from '../../../../src/domain/constants.ts';
import { formatCurrency, formatUnitPrice } from '../../../../src/domain/formats/currency.format.ts';
import { formatDateAs } from '../../../../src/domain/formats/date.format.ts';
import { formatMeasured } from '../../../../src/domain/formats/quantity.format.ts';
import { tokenFor } from '../../../../tests/support/api-client.ts';
import type { Row } from '../../../../tests/support/entity-crud.ts';
import { readPdf, type PdfReading } from '../../../../tests/support/pdf-text.ts';
import {
  stampJurisdictions,
  startSalesWorld,
  type SalesWorld,
} from '../../../../tests/support/sales-fixtures.ts';

// The sales order as a PDF (docs/domain/sales.md "Vaping duty"), read back: each line's tier
// price, discount, federal excise duty and the province's additional duty per unit (province
// named, or blank) and its total with the duty; the federal duty, each province's additional
// duty, the taxes and the total equal to the order's own figures from its GET; the duty's
// basis stated. The order's readers download it; others get 403, an unknown order 404.

const API = SALES_ORDERS.api;
/** The unit of the stock world's products. */
const MEASURE = 'ea-t';
/** The world's order date (2026-03-02) as the PDFs print days. */
const ORDER_DAY = formatDateAs('2026-03-02', DATE_FORMATS.displayDate);

describe('sales order PDF', () => {
  let w: SalesWorld;
  let stamp: Map<string, { id: number; name: string }>;
  let order: Row;
  let ontario: number;
  let federalOnly: number;
  beforeAll(async () => {
    w = await startSalesWorld('pglite');
    stamp = await stampJurisdictions(w);
    // Ontario's additional duty at half the federal steps, so the two never read alike: a
    // change from 2025 on, after the rate the seed gives it from July 2024.
    const rate = await (
      await w.api('admin')
    ).send('POST', VAPING_DUTY_RATES.api, {
      kind: 'additional',
      stamp_jurisdiction_id: stamp.get('ON')!.id,
      effective_from: '2025-01-01',
      first_tier_ml: 10,
      first_step_ml: 2,
      first_step_amount: 0.56,
      step_ml: 10,
      step_amount: 0.56,
    });
    expect(rate.httpStatus, JSON.stringify(rate.data)).toBe(201);
    ontario = await bottle('ON');
    federalOnly = await bottle('CA');
    await w.db.insert(discounts).values({
      code: `PDF10-${ontario}`,
      name: 'Ten off the Ontario bottle',
      kind: 'percent',
      value: '10',
      scope: 'product',
      scopeId: ontario,
      validFrom: '2026-01-01',
    });
    const sale = await w.api('sale');
    const created = await sale.send<Row>(
      'POST',
      API,
      w.orderOf(await w.newCustomer('ON'), [
        { product_id: ontario, qty: 10 },
        { product_id: federalOnly, qty: 3 },
      ]),
    );
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    const confirmed = await sale.send<Row>('POST', `${API}/${created.data.id}/events/confirm`, {
      version: created.data.version,
    });
    expect(confirmed.httpStatus, JSON.stringify(confirmed.data)).toBe(200);
    // The order as its screen reads it.
    order = (await sale.send<Row>('GET', `${API}/${created.data.id}`)).data;
  }, 240_000);
  afterAll(async () => w?.t.close());

  /** A stamped 30 mL finished good, $10.00 a bottle in the world's tier. */
  async function bottle(jurisdiction: string): Promise<number> {
    const id = await w.newPricedProduct();
    await w.db
      .update(products)
      .set({ volumeMl: '30', stampJurisdictionId: stamp.get(jurisdiction)!.id })
      .where(eq(products.id, id));
    await w.db.insert(priceTierPrices).values({
      priceTierId: w.tier,
      productId: id,
      minQty: '1',
      unitPrice: '10',
      validFrom: '2022-01-01',
    });
    return id;
  }

  async function download(id: number, user: string | null = 'sale') {
    const headers: Record<string, string> = user
      ? { authorization: `Bearer ${await tokenFor(w.t.url, user)}` }
      : {};
    return fetch(`${w.t.url}${salesPdfApi(API, id, 'sales-order')}`, { headers });
  }

  async function read(id: number, user = 'sale'): Promise<PdfReading> {
    const response = await download(id, user);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    return readPdf(new Uint8Array(await response.arrayBuffer()));
  }

  /** The strings shown after `label` (a row's cells, a total's figure). */
  function after(pdf: PdfReading, label: string, count: number): string[] {
    const at = pdf.strings.indexOf(label);
    expect(at, `${label} in ${JSON.stringify(pdf.strings)}`).toBeGreaterThanOrEqual(0);
    return pdf.strings.slice(at + 1, at + 1 + count);
  }

  it('figures the order as the wholesalers invoice it (checked against the API)', () => {
    const lines = order.lines as Row[];
    expect(lines.map((l) => l.product_id)).toEqual([ontario, federalOnly]);
    // 30 mL: 5 × 2 mL + 2 × 10 mL steps; federal $1.12 a step, Ontario's $0.56.
    expect(lines[0]).toMatchObject({
      unit_price: 10,
      discount_amount: 10,
      line_total: 90,
      federal_duty: 7.84,
      provincial_duty: 3.92,
      duty_total: 117.6,
    });
    expect(lines[1]).toMatchObject({ federal_duty: 7.84, provincial_duty: 0, duty_total: 23.52 });
    expect(order).toMatchObject({ status: 'confirmed', duty_total: 141.12 });
  });

  it('shows each line with its duty per unit, federal and provincial, and its total with duty', async () => {
    const pdf = await read(order.id);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.strings).toEqual(
      expect.arrayContaining([
        'SALES ORDER',
        String(order.number),
        'Status: Confirmed',
        `Order date: ${ORDER_DAY}`,
        'BILL TO',
        'SHIP TO',
        'Federal / unit',
        'Provincial / unit',
        'Page 1 of 1',
      ]),
    );
    const [onLine, caLine] = order.lines as Row[];
    const productOf = async (id: number) =>
      (
        await w.db
          .select({ sku: products.sku, name: products.name })
          .from(products)
          .where(eq(products.id, id))
      )[0]!;
    // SKU, then description, qty, unit price, discount, federal, provincial, line total.
    const on = await productOf(ontario);
    expect(after(pdf, on.sku, 7)).toEqual([
      on.name,
      formatMeasured(10, MEASURE),
      formatUnitPrice(onLine!.unit_price as number, 4),
      formatCurrency(-(onLine!.discount_amount as number)),
      formatCurrency(onLine!.federal_duty as number),
      `ON ${formatCurrency(onLine!.provincial_duty as number)}`,
      formatCurrency(roundMoney((onLine!.line_total as number) + (onLine!.duty_total as number))),
    ]);
    // The federally stamped bottle has no discount and owes no province's duty: those cells
    // are blank, nothing is drawn between its federal duty and its total.
    const ca = await productOf(federalOnly);
    expect(after(pdf, ca.sku, 5)).toEqual([
      ca.name,
      formatMeasured(3, MEASURE),
      formatUnitPrice(caLine!.unit_price as number, 4),
      formatCurrency(caLine!.federal_duty as number),
      formatCurrency(roundMoney((caLine!.line_total as number) + (caLine!.duty_total as number))),
    ]);
  });

  it('totals the federal duty, each province’s duty, the taxes and the total of the order', async () => {
    const pdf = await read(order.id);
    const lines = order.lines as Row[];
    const federal = roundMoney(
      lines.reduce((s, l) => s + roundMoney((l.qty as number) * (l.federal_duty as number)), 0),
    );
    const provincial = roundMoney((order.duty_total as number) - federal);
    expect(provincial).toBe(39.2);
    expect(after(pdf, 'Subtotal', 1)).toEqual([formatCurrency(order.subtotal as number)]);
    expect(after(pdf, `Discounts (PDF10-${ontario})`, 1)).toEqual([
      formatCurrency(-(order.discount_total as number)),
    ]);
    expect(after(pdf, 'Federal excise duty', 1)).toEqual([formatCurrency(federal)]);
    expect(after(pdf, `Provincial additional duty, ${stamp.get('ON')!.name}`, 1)).toEqual([
      formatCurrency(provincial),
    ]);
    const [hst] = order.taxes as { tax_code: string; amount: number }[];
    expect(after(pdf, 'HST 13%', 1)).toEqual([formatCurrency(hst!.amount)]);
    expect(after(pdf, 'Total CAD', 1)).toEqual([formatCurrency(order.total as number)]);
    expect(pdf.text.replace(/\s+/g, ' ')).toContain(
      `Vaping duty per immediate container, at the rates in force on the order date (${ORDER_DAY})`,
    );
  });

  it('names the file after the order and lets the sales section read it', async () => {
    const response = await download(order.id, 'director');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="sales-order-${String(order.number)}.pdf"`,
    );
    expect((await read(order.id, 'manager')).strings).toContain(String(order.number));
  });

  it('refuses a role outside sales, a request signed by nobody, and an unknown order', async () => {
    expect((await download(order.id, 'warehouse')).status).toBe(403);
    expect((await download(order.id, null)).status).toBe(401);
    const unknown = await download(987_654_321);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status: false, message: 'not_found' });
  });
});
