import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { PARAMETERS } from '../../modules/general/shared/entities/parameters.entity.ts';
import { FLOWS } from '../../src/domain/entities/production/flows.entity.ts';
import { PHASES } from '../../src/domain/entities/production/phases.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { STAMP_REELS } from '../../src/domain/entities/production/stamp-reels.entity.ts';
import { STAMPING_ORDERS } from '../../src/domain/entities/production/stamping-orders.entity.ts';
import { locationOfType } from '../../server/db/location-of-type.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { postMovements } from '../../server/db/stock/post-movements.ts';
import type { List, Row } from './entity-crud.ts';
import { startPlant, type Plant, type PlantOrder } from './production-plant.ts';
import type { Backend } from './test-server.ts';

// The demo plant of production-plant.ts with what stamping needs: a flow that stamps before
// the transfer, approved reels of a jurisdiction, the demo stamping machines and helpers that
// move a stamping order through its events by the roles that send them, over HTTP.

export type StampingOrder = Row & {
  number: string;
  status: string;
  counter_start: number | null;
  stamped_units: number;
  applied_stamps: number;
  wasted_bottles: number;
  reels: Array<{ reel_id: number; reel_no: string; issued_qty: number; first_serial: number }>;
};

export type StampingPlant = Plant & {
  ids: { on: number; qc: number; federal: number; stm1: number; stm2: number; stampFlow: number };
  /** A reel of `qty` stamps, received by stamp_inventory and approved by a manager. */
  reel(qty?: number, jurisdiction?: 'on' | 'qc'): Promise<Row>;
  stamping(id: number): Promise<StampingOrder>;
  /** Sends a stamping order event with its current version (through pending reels for `via`). */
  send(
    who: string,
    id: number,
    event: string,
    extra?: object,
    via?: 'pending',
  ): ReturnType<Plant['as'][string]['send']>;
  /** The same, expecting it to pass. */
  moved(
    who: string,
    id: number,
    event: string,
    extra?: object,
    via?: 'pending',
  ): Promise<StampingOrder>;
  /** A production order of the stamping flow run through labeling (52 labeled). */
  labeled(product?: { id: number; upc: string }): Promise<PlantOrder>;
  /** Σ reel_movements.qty of the reel and its cached remaining_qty. */
  reelLedger(reelId: number): Promise<{ sum: number; remaining: number; status: string }>;
};

let reelNo = 0;

export async function startStampingPlant(backend: Backend): Promise<StampingPlant> {
  const plant = await startPlant(backend, ['stamper', 'stamp_inventory', 'supervisor', 'labeler']);
  const admin = plant.as.admin!;
  const params = await admin.get<List>(PARAMETERS.api, { per_page: 200 });
  const param = (type: string, code: string) =>
    params.data.rows.find(
      (p) => p.code === code && (p.parameter_type_name as string).toLowerCase().includes(type),
    )?.id as number;
  const machines = await queryRows<{ id: number; code: string }>(
    plant.db(),
    sql`select id::int as id, code from machines where code in ('STM-01', 'STM-02')`,
  );
  const phases = await admin.get<List>(PHASES.api, { per_page: 50 });
  const phase = (code: string) =>
    phases.data.rows.find((p) => p.code === code && p.module === 'production')?.id;
  const flow = await admin.create(FLOWS, {
    code: 'T-STAMP',
    name: 'Test flow with stamping',
    actions: ['batching', 'hplc', 'bottling', 'labeling', 'stamping', 'transfer'].map((code) => ({
      phase_id: phase(code),
    })),
  });
  const ids = {
    on: param('jurisdiction', 'ON'),
    qc: param('jurisdiction', 'QC'),
    federal: param('type', 'federal'),
    stm1: machines.find((m) => m.code === 'STM-01')!.id,
    stm2: machines.find((m) => m.code === 'STM-02')!.id,
    stampFlow: flow.id,
  };

  const reel = async (qty = 100, jurisdiction: 'on' | 'qc' = 'on') => {
    const first = 500_000 + ++reelNo * 1000;
    const created = await plant.as.stamp_inventory!.send<Row>('POST', STAMP_REELS.api, {
      reel_no: `ST-T-${reelNo}`,
      stamp_jurisdiction_id: ids[jurisdiction],
      stamp_type_id: ids.federal,
      first_serial: first,
      last_serial: first + qty - 1,
      stamps_qty: qty,
      received_at: '2026-01-10',
    });
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    const approved = await plant.as.manager!.send<Row>(
      'POST',
      `${STAMP_REELS.api}/${created.data.id}/events/approve_receipt`,
      { version: created.data.version },
    );
    expect(approved.httpStatus, JSON.stringify(approved.data)).toBe(200);
    return approved.data;
  };
  const stamping = async (id: number) =>
    (await admin.get<StampingOrder>(`${STAMPING_ORDERS.api}/${id}`)).data;
  const send = async (who: string, id: number, event: string, extra = {}, via?: 'pending') => {
    const base = via ? '/api/production/pending_reels/stamping-orders' : STAMPING_ORDERS.api;
    return plant.as[who]!.send<StampingOrder>('POST', `${base}/${id}/events/${event}`, {
      version: (await stamping(id)).version,
      ...extra,
    });
  };
  const moved = async (who: string, id: number, event: string, extra = {}, via?: 'pending') => {
    const reply = await send(who, id, event, extra, via);
    expect(
      reply.httpStatus,
      `${event} by ${who}: ${reply.message} ${JSON.stringify(reply.data)}`,
    ).toBe(200);
    return reply.data;
  };
  const labeled = async (product: { id: number; upc: string } = plant.product) => {
    const mo = (await plant.as.planning!.create(PRODUCTION_ORDERS, {
      product_id: product.id,
      flow_id: flow.id,
      planned_units: 60,
      due_date: '2026-12-01',
    })) as PlantOrder;
    await plant.step('planning', mo.id, 'submit');
    await plant.step('manager', mo.id, 'approve');
    await plant.step('planning', mo.id, 'release');
    await plant.as.batcher!.send('POST', `${PRODUCTION_ORDERS.api}/${mo.id}/picks`, {
      version: (await plant.order(mo.id)).version,
    });
    await plant.step('batcher', mo.id, 'start_batching');
    await plant.step('batcher', mo.id, 'finish_batching', { actual_batch_ml: 1800 });
    const [sample] = await plant.labRequests('production_order_number', mo.number);
    await plant.as.hplc_tech!.send('POST', `/api/production/hplc-requests/${sample!.id}/result`, {
      measured_mg: 6,
    });
    await plant.step('bottler', mo.id, 'start_bottling');
    await plant.step('bottler', mo.id, 'finish_bottling', {
      bottled_units: 55,
      bottling_waste_units: 2,
    });
    await plant.as.labeler!.send('POST', '/api/production/label-checks', {
      production_order_id: mo.id,
      scanned_code: product.upc,
    });
    const done = await plant.step('labeler', mo.id, 'finish_labeling', {
      labeled_units: 52,
      label_waste_units: 3,
    });
    expect(done.stage).toBe('stamping');
    return plant.order(mo.id);
  };
  const reelLedger = async (reelId: number) => {
    const [row] = await queryRows<{ sum: number; remaining: number; status: string }>(
      plant.db(),
      sql`select coalesce((select sum(qty) from reel_movements where reel_id = r.id), 0)::int as sum,
                 r.remaining_qty as remaining, r.status from stamp_reels r where r.id = ${reelId}`,
    );
    return row!;
  };
  return { ...plant, ids, reel, stamping, send, moved, labeled, reelLedger };
}

/** A stamping plant set for restamps: another finished good to stamp into, and 500 units of
 *  the plant's product on the production floor to take from. */
export type RestampPlant = { p: StampingPlant; stampedSku: number; floor: number };

export async function startRestampPlant(backend: Backend): Promise<RestampPlant> {
  const p = await startStampingPlant(backend);
  const [other] = await queryRows<{ id: number }>(
    p.db(),
    sql`select id::int as id from products where sku like 'FG-%' and id <> ${p.product.id}
         order by id limit 1`,
  );
  const floor = await p.db().transaction((tx) => locationOfType(tx, 'production'));
  await p
    .db()
    .transaction((tx) =>
      postMovements(
        tx,
        [{ productId: p.product.id, locationId: floor, qty: 500, movementType: 'opening' }],
        { actorId: null },
      ),
    );
  return { p, stampedSku: other!.id, floor };
}
