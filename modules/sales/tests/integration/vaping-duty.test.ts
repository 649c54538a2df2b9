import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { VAPING_DUTY_REPORT } from '../../shared/entities/vaping-duty-report.entity.ts';
import { VAPING_DUTY_RATES } from '../../../general/shared/entities/vaping-duty-rates.entity.ts';
import { SALES_ORDERS } from '../../shared/entities/sales-orders.entity.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { priceTierPrices, products } from '../../../../server/db/schema/inventory.ts';
import { tokenFor } from '../../../../tests/support/api-client.ts';
import type { List, Row } from '../../../../tests/support/entity-crud.ts';
import {
  stampJurisdictions,
  startSalesWorld,
  type SalesWorld,
} from '../../../../tests/support/sales-fixtures.ts';

// Vaping duty (docs/domain/sales.md "Vaping duty"): the Schedule 8 arithmetic per container on
// the federal rates the migration ships ($1.00 from 2022-10-01, $1.12 from 2024-07-01), a new
// rate an admin adds reaching only orders dated on or after it, a specified province's
// additional duty on the goods carrying its stamp, the duty before taxes on the order, and the
// monthly report of shipped duty with its export.

const ORDERS = SALES_ORDERS.api;
const RATES = VAPING_DUTY_RATES.api;
const REPORT = VAPING_DUTY_REPORT.api;

describe('vaping duty', () => {
  let w: SalesWorld;
  const stamp = new Map<string, number>();
  beforeAll(async () => {
    w = await startSalesWorld('pglite');
    // The federal stamp (seeded with Administration's lookups) beside Ontario's and Quebec's.
    for (const [code, { id }] of await stampJurisdictions(w)) stamp.set(code, id);
  }, 240_000);
  afterAll(async () => w.t.close());

  /** A priced, stamped finished good of `ml` mL (10.00 a unit in the world's tier). */
  async function bottle(ml: number, jurisdiction = 'CA'): Promise<number> {
    const id = await w.newPricedProduct();
    await w.db
      .update(products)
      .set({ volumeMl: String(ml), stampJurisdictionId: stamp.get(jurisdiction)! })
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

  const dutyOn = async (product: number, date: string) =>
    (await w.api('inventory')).send<Row>(
      'GET',
      `/api/inventory/products/${product}/vaping-duty?date=${date}`,
    );

  async function order(
    customer: number,
    date: string,
    lines: { product_id: number; qty: number }[],
  ) {
    const reply = await (
      await w.api('sale')
    ).send<Row>('POST', ORDERS, {
      ...w.orderOf(customer, lines),
      order_date: date,
    });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return reply.data;
  }

  it.each([
    [2, 1.12],
    [10, 5.6],
    [11, 6.72],
    [30, 7.84],
    [60, 11.2],
    [120, 17.92],
    // A fraction of a step is a whole step: 2.5 mL is two 2 mL steps, 10.5 mL 5 + 1.
    [2.5, 2.24],
    [10.5, 6.72],
  ])('charges a %s mL container %s federal duty at $1.12', async (ml, duty) => {
    const product = await bottle(ml);
    const reply = await dutyOn(product, '2025-01-15');
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
    expect(reply.data).toMatchObject({
      federal_duty: duty,
      provincial_duty: 0,
      duty_per_unit: duty,
    });
  });

  it('charges the $1.00 rate before July 1, 2024 and none before October 1, 2022', async () => {
    const product = await bottle(30);
    expect((await dutyOn(product, '2024-06-30')).data).toMatchObject({ duty_per_unit: 7 });
    expect((await dutyOn(product, '2024-07-01')).data).toMatchObject({ duty_per_unit: 7.84 });
    expect((await dutyOn(product, '2022-09-30')).data).toMatchObject({ duty_per_unit: 0 });
  });

  it('charges nothing on an unstamped good, which has not entered the duty-paid market', async () => {
    const product = await w.newPricedProduct();
    await w.db.update(products).set({ volumeMl: '30' }).where(eq(products.id, product));
    expect((await dutyOn(product, '2026-03-02')).data).toMatchObject({ duty_per_unit: 0 });
  });

  it('puts the duty beside the price, before taxes, on the order', async () => {
    const product = await bottle(30);
    const doc = await order(await w.newCustomer('ON'), '2026-03-02', [
      { product_id: product, qty: 10 },
    ]);
    const [line] = doc.lines as Row[];
    expect(line).toMatchObject({
      unit_price: 10,
      line_total: 100,
      federal_duty: 7.84,
      provincial_duty: 0,
      duty_per_unit: 7.84,
      duty_total: 78.4,
    });
    // HST 13 % on the price plus its duty: (100 + 78.40) × 13 % = 23.19.
    expect(doc).toMatchObject({ subtotal: 100, duty_total: 78.4, tax_total: 23.19, total: 201.59 });
    expect(doc.taxes).toEqual([{ tax_code: 'HST', rate: 13, base: 178.4, amount: 23.19 }]);
  });

  it('lets only admin keep the rates, and refuses an additional duty without its province', async () => {
    const body = {
      kind: 'federal',
      effective_from: '2030-01-01',
      first_tier_ml: 10,
      first_step_ml: 2,
      first_step_amount: 2,
      step_ml: 10,
      step_amount: 2,
    };
    expect((await (await w.api('sale')).send('POST', RATES, body)).httpStatus).toBe(403);
    const missing = await (
      await w.api('admin')
    ).send('POST', RATES, { ...body, kind: 'additional' });
    expect(missing.httpStatus).toBe(422);
    expect(missing.data).toMatchObject({ stamp_jurisdiction_id: 'requiredif' });
    const [count] = await queryRows<{ n: number }>(
      w.db,
      sql`select count(*)::int as n from vaping_duty_rates where effective_from = '2030-01-01'`,
    );
    expect(count?.n).toBe(0);
  });

  it('uses a new rate on orders dated from its start and keeps the old one before', async () => {
    const admin = await w.api('admin');
    const rate = await admin.create(VAPING_DUTY_RATES, {
      kind: 'federal',
      effective_from: '2026-05-01',
      first_tier_ml: 10,
      first_step_ml: 2,
      first_step_amount: 1.25,
      step_ml: 10,
      step_amount: 1.25,
      note: 'Test increase',
    });
    const product = await bottle(30);
    const customer = await w.newCustomer('ON');
    const before = await order(customer, '2026-04-30', [{ product_id: product, qty: 1 }]);
    const after = await order(customer, '2026-05-01', [{ product_id: product, qty: 1 }]);
    expect((before.lines as Row[])[0]).toMatchObject({ duty_per_unit: 7.84 });
    // 5 × 1.25 + 2 × 1.25.
    expect((after.lines as Row[])[0]).toMatchObject({ duty_per_unit: 8.75 });
    // A rate an order was figured with is never edited: a later one is added instead.
    const edit = await admin.send('PUT', `${RATES}/${rate.id}`, {
      version: rate.version,
      step_amount: 1.3,
    });
    expect(edit.httpStatus).toBe(422);
    expect(JSON.stringify(edit.data)).toContain('add a new rate from a later date');
    // Saving the earlier order again keeps its rate.
    const resaved = await (
      await w.api('sale')
    ).send<Row>('PUT', `${ORDERS}/${before.id}`, {
      version: before.version,
      note: 'saved again',
    });
    expect(resaved.httpStatus, JSON.stringify(resaved.data)).toBe(200);
    expect((resaved.data.lines as Row[])[0]).toMatchObject({ duty_per_unit: 7.84 });
    await w.db.execute(
      sql`delete from sales_order_line_duties where federal_duty_rate_id = ${rate.id}`,
    );
    await w.db.execute(sql`delete from vaping_duty_rates where id = ${rate.id}`);
  });

  it('adds a specified province’s additional duty to the goods carrying its stamp only', async () => {
    // The seed charges Ontario and Quebec the federal amounts from July 2024; Ontario changes
    // its own to half of them from 2025, which reaches Ontario's bottles alone.
    const admin = await w.api('admin');
    await admin.create(VAPING_DUTY_RATES, {
      kind: 'additional',
      stamp_jurisdiction_id: stamp.get('ON'),
      effective_from: '2025-01-01',
      first_tier_ml: 10,
      first_step_ml: 2,
      first_step_amount: 0.56,
      step_ml: 10,
      step_amount: 0.56,
    });
    const ontario = await bottle(30, 'ON');
    const quebec = await bottle(30, 'QC');
    const federal = await bottle(30, 'CA');
    expect((await dutyOn(ontario, '2026-03-02')).data).toMatchObject({
      federal_duty: 7.84,
      provincial_duty: 3.92,
      duty_per_unit: 11.76,
    });
    expect((await dutyOn(ontario, '2024-12-31')).data).toMatchObject({ provincial_duty: 7.84 });
    expect((await dutyOn(quebec, '2026-03-02')).data).toMatchObject({ provincial_duty: 7.84 });
    expect((await dutyOn(federal, '2026-03-02')).data).toMatchObject({ provincial_duty: 0 });
    const doc = await order(await w.newCustomer('ON'), '2026-03-02', [
      { product_id: ontario, qty: 2 },
      { product_id: federal, qty: 1 },
    ]);
    expect((doc.lines as Row[]).map((l) => l.duty_total)).toEqual([23.52, 7.84]);
    expect(doc.duty_total).toBe(31.36);
  });

  it('reports the shipped units and their duty by month, jurisdiction and product, and exports it', async () => {
    const product = await bottle(60);
    await w.stockLot(product, 40, '2027-06-01');
    const customer = await w.newCustomer('QC', 100_000);
    const sale = await w.api('sale');
    let doc = await order(customer, '2026-03-02', [{ product_id: product, qty: 25 }]);
    for (const event of ['confirm', 'allocate', 'ship']) {
      const reply = await sale.send<Row>('POST', `${ORDERS}/${doc.id}/events/${event}`, {
        version: doc.version,
      });
      expect(reply.httpStatus, `${event} ${JSON.stringify(reply.data)}`).toBe(200);
      doc = reply.data;
    }
    const [month] = await queryRows<{ m: string }>(
      w.db,
      sql`select to_char(now() at time zone 'America/Toronto', 'YYYY-MM') as m`,
    );
    for (const reader of ['stamp_inventory', 'manager', 'sale']) {
      const list = await (await w.api(reader)).get<List>(REPORT, { per_page: 100 });
      expect(list.httpStatus, reader).toBe(200);
      expect(list.data.rows.filter((r) => r.product_id === product)).toEqual([
        expect.objectContaining({
          month: month!.m,
          stamp_jurisdiction_id: stamp.get('CA'),
          product_id: product,
          units: 25,
          // 60 mL: 5 × 1.12 + 5 × 1.12 = 11.20 a unit.
          federal_duty: 280,
          provincial_duty: 0,
          duty_total: 280,
        }),
      ]);
    }
    expect((await (await w.api('warehouse')).send('GET', REPORT)).httpStatus).toBe(403);
    const csv = await fetch(`${w.t.url}${REPORT}/export?format=csv`, {
      headers: { authorization: `Bearer ${await tokenOf(w, 'stamp_inventory')}` },
    });
    expect(csv.status).toBe(200);
    const [sku] = await w.db
      .select({ sku: products.sku })
      .from(products)
      .where(eq(products.id, product));
    const line = (await csv.text()).split(/\r?\n/).find((l) => l.includes(sku!.sku));
    expect(line).toContain(month!.m);
    expect(line).toContain('280');
  });
});

const tokenOf = (w: SalesWorld, user: string) => tokenFor(w.t.url, user);
