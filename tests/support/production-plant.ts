import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { FLOWS } from '../../src/domain/entities/production/flows.entity.ts';
import { HPLC_REQUESTS } from '../../src/domain/entities/production/hplc-requests.entity.ts';
import { PHASES } from '../../src/domain/entities/production/phases.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import type { Db } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { tokenFor } from './api-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from './entity-crud.ts';
import { startTestServer, type Backend, type TestServer } from './test-server.ts';

// The demo plant with a flow to labeling and one signed-in client per role, for the tests of
// what happens to production orders after they run (corrections, recoveries, floor reports):
// `completed()` runs an order through every stage by the roles that do them, through HTTP.

export type PlantOrder = Row & {
  number: string;
  status: string;
  stage: string | null;
  batch_lot_id: number;
  actual_batch_ml: number;
  bottled_units: number;
  labeled_units: number;
  open_corrections: number;
  ingredients: (Row & { product_id: number; consumed_qty: number })[];
  operations: (Row & { phase_code: string; qty_good: number; qty_waste: number })[];
};

export type PlantProduct = Row & { sku: string; upc: string; recipe_id: number | null };

export type Plant = {
  t: TestServer;
  as: Record<string, EntityApiClient>;
  /** FG-MANGO-06-30: 6 mg, 30 ml bottles, with an approved recipe. */
  product: PlantProduct;
  /** batching → hplc → bottling → labeling. */
  flowId: number;
  db(): Db;
  order(id: number): Promise<PlantOrder>;
  /** Sends an order event with the order's current version and expects it to pass. */
  step(who: string, id: number, event: string, extra?: object): Promise<PlantOrder>;
  /** A released order of `units` (a draft when `release` is false). */
  planned(units: number, release?: boolean): Promise<PlantOrder>;
  /** An order run to completion: batch 1800 ml, 55 bottled + 2 waste, 52 labeled + 3 waste. */
  completed(): Promise<PlantOrder>;
  /** The HPLC requests of an order or a recovery, by its number, oldest sample first. */
  labRequests(field: 'production_order_number' | 'recovery_number', number: string): Promise<Row[]>;
  /**
   * Keys whose cached balance differs from the sum of their movements
   * (docs/domain/README.md §13, 1).
   */
  ledgerDrift(): Promise<number>;
};

export async function startPlant(backend: Backend, users: readonly string[]): Promise<Plant> {
  return plantOn(await startTestServer({ backend }), users);
}

/** The plant's flow and signed-in clients on a server already running. */
export async function plantOn(t: TestServer, users: readonly string[]): Promise<Plant> {
  const as: Record<string, EntityApiClient> = {};
  const roles = ['admin', 'planning', 'manager', 'batcher', 'bottler', 'labeler', 'hplc_tech'];
  for (const user of new Set([...roles, ...users])) {
    as[user] = entityClient(t.url, await tokenFor(t.url, user));
  }
  const admin = as.admin!;
  const goods = await admin.get<List>('/api/inventory/products', {
    filter: [
      {
        field: 'sku',
        field_type: 'text',
        filters: [{ operator: 'equals', value: 'FG-MANGO-06-30' }],
      },
    ],
  });
  const product = goods.data.rows[0] as PlantProduct;
  const phases = await admin.get<List>(PHASES.api, { per_page: 50 });
  const phase = (code: string) =>
    phases.data.rows.find((p) => p.code === code && p.module === 'production')?.id;
  const flow = await admin.create(FLOWS, {
    code: 'T-AFTER',
    name: 'Test flow to labeling',
    actions: ['batching', 'hplc', 'bottling', 'labeling'].map((code) => ({
      phase_id: phase(code),
    })),
  });

  const db = () => t.server.database.db;
  const order = async (id: number) =>
    (await admin.get<PlantOrder>(`${PRODUCTION_ORDERS.api}/${id}`)).data;
  const step = async (who: string, id: number, event: string, extra: object = {}) => {
    const reply = await as[who]!.send<PlantOrder>(
      'POST',
      `${PRODUCTION_ORDERS.api}/${id}/events/${event}`,
      { version: (await order(id)).version, ...extra },
    );
    expect(
      reply.httpStatus,
      `${event} by ${who}: ${reply.message} ${JSON.stringify(reply.data)}`,
    ).toBe(200);
    return reply.data;
  };
  const labRequests = async (
    field: 'production_order_number' | 'recovery_number',
    number: string,
  ) =>
    (
      await as.hplc_tech!.get<List>(HPLC_REQUESTS.api, {
        filter: [{ field, field_type: 'text', filters: [{ operator: 'equals', value: number }] }],
        sort: { field: 'sample_no', direction: 'asc' },
      })
    ).data.rows;
  const planned = async (units: number, release = true) => {
    const mo = (await as.planning!.create(PRODUCTION_ORDERS, {
      product_id: product.id,
      flow_id: flow.id,
      planned_units: units,
      due_date: '2026-12-01',
    })) as PlantOrder;
    if (!release) return mo;
    await step('planning', mo.id, 'submit');
    await step('manager', mo.id, 'approve');
    return step('planning', mo.id, 'release');
  };
  const completed = async () => {
    const mo = await planned(60);
    await as.batcher!.send('POST', `${PRODUCTION_ORDERS.api}/${mo.id}/picks`, {
      version: (await order(mo.id)).version,
    });
    await step('batcher', mo.id, 'start_batching');
    await step('batcher', mo.id, 'finish_batching', { actual_batch_ml: 1800 });
    const [sample] = await labRequests('production_order_number', mo.number);
    const result = await as.hplc_tech!.send('POST', `${HPLC_REQUESTS.api}/${sample!.id}/result`, {
      measured_mg: 6,
    });
    expect(result.httpStatus).toBe(200);
    await step('bottler', mo.id, 'start_bottling');
    await step('bottler', mo.id, 'finish_bottling', { bottled_units: 55, bottling_waste_units: 2 });
    await as.labeler!.send('POST', '/api/production/label-checks', {
      production_order_id: mo.id,
      scanned_code: product.upc,
    });
    const done = await step('labeler', mo.id, 'finish_labeling', {
      labeled_units: 52,
      label_waste_units: 3,
    });
    expect(done.status).toBe('completed');
    return order(mo.id);
  };
  const ledgerDrift = async () =>
    (
      await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from (
              select product_id, location_id, coalesce(lot_id, 0) as lot, coalesce(bin_id, 0) as bin,
                     sum(qty) as qty from stock_movements group by 1, 2, 3, 4) m
            full join (
              select product_id, location_id, coalesce(lot_id, 0) as lot, coalesce(bin_id, 0) as bin,
                     qty_on_hand as qty from stock_balances) b
              using (product_id, location_id, lot, bin)
           where coalesce(m.qty, 0) <> coalesce(b.qty, 0)`,
      )
    )[0]?.n ?? -1;
  return {
    t,
    as,
    product,
    flowId: flow.id,
    db,
    order,
    step,
    planned,
    completed,
    labRequests,
    ledgerDrift,
  };
}
