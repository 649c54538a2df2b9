import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { FLOWS } from '../../src/domain/entities/production/flows.entity.ts';
import { PHASES } from '../../src/domain/entities/production/phases.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { tokenFor } from './api-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from './entity-crud.ts';
import { startTestServer, type Backend, type TestServer } from './test-server.ts';

// What the production order integration tests (tests/integration/production-orders*.test.ts)
// share: a server on the demo plant with a client per production role, the demo's Mango 6 mg
// 30 ml, a test flow that ends at labeling, and the reads and steps each test is written in.
// Call it inside the suite's describe: it registers the server's beforeAll and afterAll.

export type Order = Row & {
  number: string;
  status: string;
  stage: string | null;
  planned_ml: number;
  batch_lot_id: number;
  hplc_status: string;
  picks_complete: number;
  ingredients: (Row & { required_qty: number; picked_qty: number; consumed_qty: number })[];
  picks: (Row & { required_qty: number; picked_qty: number })[];
  operations: (Row & { phase_code: string; status: string })[];
  warnings?: string[];
};

export type Product = Row & {
  sku: string;
  upc: string;
  recipe_id: number | null;
  nicotine_mg: number;
};

export function productionOrderSuite(backend: Backend) {
  let t: TestServer;
  const as: Record<string, EntityApiClient> = {};
  let product: Product;
  let flowId: number;

  const db = () => t.server.database.db;
  const order = async (id: number) =>
    (await as.admin!.get<Order>(`${PRODUCTION_ORDERS.api}/${id}`)).data;
  const send = (who: string, id: number, event: string, body: Record<string, unknown>) =>
    as[who]!.send<Order>('POST', `${PRODUCTION_ORDERS.api}/${id}/events/${event}`, body);
  /** Sends with the order's current version and expects it to pass. */
  const step = async (
    who: string,
    id: number,
    event: string,
    extra: Record<string, unknown> = {},
  ) => {
    const reply = await send(who, id, event, { version: (await order(id)).version, ...extra });
    expect(
      reply.httpStatus,
      `${event} by ${who}: ${reply.message} ${JSON.stringify(reply.data)}`,
    ).toBe(200);
    return reply.data;
  };
  const movements = (id: number) =>
    queryRows<{
      movement_type: string;
      qty: number;
      lot_id: number | null;
      product_id: number;
      location_id: number;
    }>(
      db(),
      sql`select movement_type, qty::float8 as qty, lot_id::int as lot_id, product_id::int as product_id,
                   location_id::int as location_id
            from stock_movements where source_type = 'production_orders' and source_id = ${id}
           order by id`,
    );
  const transitions = async (id: number) =>
    (
      await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from status_transitions
             where entity_type = 'production_orders' and entity_id = ${id}`,
      )
    )[0]?.n ?? 0;
  const lotStatus = async (lotId: number) =>
    (
      await queryRows<{ status: string }>(
        db(),
        sql`select status from stock_lots where id = ${lotId}`,
      )
    )[0]?.status;

  async function draft(units = 120, flow = flowId): Promise<Order> {
    return (await as.planning!.create(PRODUCTION_ORDERS, {
      product_id: product.id,
      flow_id: flow,
      planned_units: units,
      due_date: '2026-12-01',
    })) as Order;
  }

  async function released(units = 120, flow = flowId): Promise<Order> {
    const mo = await draft(units, flow);
    await step('planning', mo.id, 'submit');
    await step('manager', mo.id, 'approve');
    return step('planning', mo.id, 'release');
  }

  beforeAll(async () => {
    t = await startTestServer({ backend });
    for (const user of [
      'admin',
      'planning',
      'manager',
      'batcher',
      'bottler',
      'labeler',
      'hplc_tech',
      'qa_manager',
      'supervisor_production',
      'inventory',
    ]) {
      as[user] = entityClient(t.url, await tokenFor(t.url, user));
    }
    const goods = await as.admin!.get<List>('/api/inventory/products', {
      per_page: 500,
      filter: [
        {
          field: 'sku',
          field_type: 'text',
          filters: [{ operator: 'equals', value: 'FG-MANGO-06-30' }],
        },
      ],
    });
    product = goods.data.rows[0] as Product;
    expect(product?.recipe_id).toBeTruthy();
    const phases = await as.admin!.get<List>(PHASES.api, { per_page: 50 });
    const phase = (code: string) =>
      phases.data.rows.find((p) => p.code === code && p.module === 'production')?.id;
    // A flow that ends at labeling: the order completes when its labels are on.
    const flow = await as.admin!.create(FLOWS, {
      code: 'T-LABEL',
      name: 'Test flow to labeling',
      actions: ['batching', 'hplc', 'bottling', 'labeling'].map((code) => ({
        phase_id: phase(code),
      })),
    });
    flowId = flow.id;
  });
  afterAll(async () => t.close());

  return {
    /** The server, once the suite's beforeAll has run. */
    get t() {
      return t;
    },
    /** The demo's FG-MANGO-06-30. */
    get product() {
      return product;
    },
    /** The test flow: batching, HPLC, bottling and labeling. */
    get flowId() {
      return flowId;
    },
    as,
    db,
    order,
    send,
    step,
    movements,
    transitions,
    lotStatus,
    draft,
    released,
  };
}
