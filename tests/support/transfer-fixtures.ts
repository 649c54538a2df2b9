import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { FLOWS } from '../../src/domain/entities/production/flows.entity.ts';
import { PHASES } from '../../src/domain/entities/production/phases.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import {
  PRODUCTION_TRANSFERS,
  TRANSFER_SKIDS,
} from '../../src/domain/entities/production/production-transfers.entity.ts';
import { SKIDS } from '../../src/domain/entities/production/skids.entity.ts';
import { TRANSFERS } from '../../src/domain/entities/stock/transfers.entity.ts';
import { tokenFor, type Reply } from './api-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from './entity-crud.ts';
import { startTestServer, type Backend, type TestServer } from './test-server.ts';

// The demo plant with what production transfer tests need: a signed-in client per role, a
// flow that ends with a transfer (no HPLC step), the finished good they make, and the steps
// that bring an order to transfer_pending and its units onto a skid and a transfer, through
// HTTP like the floor would.

export type Order = Row & {
  number: string;
  status: string;
  stage: string | null;
  planned_ml: number;
  bottled_units: number;
  transferred_units: number;
  operations: (Row & { phase_code: string; status: string })[];
};
export type Skid = Row & {
  code: string;
  status: string;
  transfer_id: number | null;
  units: number;
};
export type Transfer = Row & {
  number: string;
  status: string;
  lines: (Row & { qty_sent: number; skid_id: number; lot_id: number })[];
};

const USERS = [
  'admin',
  'planning',
  'manager',
  'batcher',
  'bottler',
  'labeler',
  'transfer',
  'shipping',
  'inventory',
  'supervisor_production',
  'requester',
  'sale',
  'warehouse',
] as const;

export type TransferWorld = {
  t: TestServer;
  db: Db;
  as: Record<(typeof USERS)[number], EntityApiClient>;
  product: Row & { upc: string; sku: string };
  flowId: number;
  ids: { dc: number; floor: number; transit: number };
  order(id: number): Promise<Order>;
  /** Sends an order event with its current version and expects it to pass. */
  step(who: string, id: number, event: string, extra?: object): Promise<Order>;
  skid(id: number): Promise<Skid>;
  transfer(id: number): Promise<Transfer>;
  transferEvent(who: string, id: number, event: string, extra?: object): Promise<Reply<Transfer>>;
  load(who: string, skidId: number, orderId: number, units: number): Promise<Reply<Skid>>;
  skidEvent(who: string, skidId: number, event: string): Promise<Reply<Skid>>;
  onHand(locationId: number, lotId: number): Promise<number>;
  finishedLot(orderId: number): Promise<number>;
  newSkid(): Promise<Skid>;
  /** An order of `units` worked through batching, bottling and labeling: transfer_pending. */
  awaitingTransfer(units: number): Promise<Order>;
  /** A closed skid with `units` of the order, on a new draft transfer to the DC. */
  onTransfer(o: Order, units: number): Promise<{ skid: Skid; tr: Transfer }>;
  /** Requested, prepared and shipped: in transit. */
  shipped(trId: number): Promise<void>;
  close(): Promise<void>;
};

export async function startTransferWorld(backend: Backend): Promise<TransferWorld> {
  const t = await startTestServer({ backend });
  const as = {} as TransferWorld['as'];
  for (const user of USERS) as[user] = entityClient(t.url, await tokenFor(t.url, user));
  const client = (who: string) => as[who as (typeof USERS)[number]];
  const db = t.server.database.db;

  const goods = await as.admin.get<List>('/api/inventory/products', {
    filter: [
      {
        field: 'sku',
        field_type: 'text',
        filters: [{ operator: 'equals', value: 'FG-MANGO-06-30' }],
      },
    ],
  });
  const product = goods.data.rows[0] as TransferWorld['product'];
  const phases = await as.admin.get<List>(PHASES.api, { per_page: 50 });
  const phase = (code: string) =>
    phases.data.rows.find((p) => p.code === code && p.module === 'production')?.id;
  const flow = await as.admin.create(FLOWS, {
    code: 'T-XFER',
    name: 'Test flow to transfer',
    actions: ['batching', 'bottling', 'labeling', 'transfer'].map((code) => ({
      phase_id: phase(code),
    })),
  });
  const places = await queryRows<{ id: number; code: string }>(
    db,
    sql`select id::int as id, code from locations where code in ('DC-MTL', 'PROD', 'TRANSIT')`,
  );
  const place = (code: string) => places.find((p) => p.code === code)!.id;
  const ids = { dc: place('DC-MTL'), floor: place('PROD'), transit: place('TRANSIT') };
  let skidNo = 0;

  const world: TransferWorld = {
    t,
    db,
    as,
    product,
    flowId: flow.id,
    ids,
    order: async (id) => (await as.admin.get<Order>(`${PRODUCTION_ORDERS.api}/${id}`)).data,
    step: async (who, id, event, extra = {}) => {
      const reply = await client(who).send<Order>(
        'POST',
        `${PRODUCTION_ORDERS.api}/${id}/events/${event}`,
        { version: (await world.order(id)).version, ...extra },
      );
      expect(reply.httpStatus, `${event}: ${JSON.stringify(reply.data)}`).toBe(200);
      return reply.data;
    },
    skid: async (id) => (await as.transfer.get<Skid>(`${TRANSFER_SKIDS.api}/${id}`)).data,
    transfer: async (id) => (await as.admin.get<Transfer>(`${TRANSFERS.api}/${id}`)).data,
    transferEvent: async (who, id, event, extra = {}) =>
      client(who).send<Transfer>('POST', `${TRANSFERS.api}/${id}/events/${event}`, {
        version: (await world.transfer(id)).version,
        ...extra,
      }),
    load: async (who, skidId, orderId, units) =>
      client(who).send<Skid>('POST', `/api/production/skids/${skidId}/load`, {
        version: (await world.skid(skidId)).version,
        production_order_id: orderId,
        units,
      }),
    skidEvent: async (who, skidId, event) =>
      client(who).send<Skid>('POST', `/api/production/skids/${skidId}/events/${event}`, {
        version: (await world.skid(skidId)).version,
      }),
    onHand: async (locationId, lotId) =>
      Number(
        (
          await queryRows<{ q: number | null }>(
            db,
            sql`select sum(qty_on_hand)::float8 as q from stock_balances
                 where location_id = ${locationId} and lot_id = ${lotId}`,
          )
        )[0]?.q ?? 0,
      ),
    finishedLot: async (orderId) =>
      (
        await queryRows<{ id: number }>(
          db,
          sql`select l.id::int as id from stock_lots l join production_orders o
                on o.id = l.production_order_id and o.product_id = l.product_id where o.id = ${orderId}`,
        )
      )[0]!.id,
    newSkid: async () => {
      skidNo += 1;
      return (await as.admin.create(SKIDS, {
        module: 'production',
        code: `SK-T${String(skidNo).padStart(3, '0')}`,
      })) as Skid;
    },
    awaitingTransfer: async (units) => {
      const { id } = await as.planning.create(PRODUCTION_ORDERS, {
        product_id: product.id,
        flow_id: flow.id,
        planned_units: units,
        due_date: '2026-12-01',
      });
      await world.step('planning', id, 'submit');
      await world.step('manager', id, 'approve');
      await world.step('planning', id, 'release');
      const picked = await as.batcher.send('POST', `${PRODUCTION_ORDERS.api}/${id}/picks`, {
        version: (await world.order(id)).version,
      });
      expect(picked.httpStatus).toBe(200);
      await world.step('batcher', id, 'start_batching');
      const planned = Number((await world.order(id)).planned_ml);
      await world.step('batcher', id, 'finish_batching', { actual_batch_ml: planned });
      await world.step('bottler', id, 'start_bottling');
      await world.step('bottler', id, 'finish_bottling', {
        bottled_units: units,
        bottling_waste_units: 0,
      });
      const check = await as.labeler.send('POST', '/api/production/label-checks', {
        production_order_id: id,
        scanned_code: product.upc,
      });
      expect(check.httpStatus).toBe(201);
      const labeled = await world.step('labeler', id, 'finish_labeling', {
        labeled_units: units,
        label_waste_units: 0,
      });
      expect([labeled.status, labeled.stage]).toEqual(['in_progress', 'transfer_pending']);
      return labeled;
    },
    onTransfer: async (o, units) => {
      const s = await world.newSkid();
      expect((await world.load('transfer', s.id, o.id, units)).httpStatus).toBe(200);
      expect((await world.skidEvent('transfer', s.id, 'close')).httpStatus).toBe(200);
      const created = await as.transfer.send<Row>('POST', PRODUCTION_TRANSFERS.api, {
        to_location_id: ids.dc,
        skid_ids: [s.id],
      });
      expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
      return { skid: await world.skid(s.id), tr: await world.transfer(created.data.id) };
    },
    shipped: async (trId) => {
      for (const [who, event] of [
        ['transfer', 'request'],
        ['transfer', 'prepare'],
        ['shipping', 'ship'],
      ] as const) {
        const reply = await world.transferEvent(who, trId, event);
        expect(reply.httpStatus, `${event}: ${JSON.stringify(reply.data)}`).toBe(200);
      }
    },
    close: () => t.close(),
  };
  return world;
}
