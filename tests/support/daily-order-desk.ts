import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { DAILY_ORDERS } from '../../src/domain/entities/production/daily-orders.entity.ts';
import { HPLC_REQUESTS } from '../../src/domain/entities/production/hplc-requests.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import type { List, Row } from './entity-crud.ts';
import type { Plant } from './production-plant.ts';

// Daily orders on the test plant, through HTTP: drafts for the Montréal centre, events sent
// with the current version, and a linked production order run through every stage of the
// plant's flow (batching → HPLC → bottling → labeling) by the roles that do them.

export type DailyOrderLine = Row & {
  product_id: number;
  qty_units: number;
  line_status: string;
  production_order_id: number | null;
  production_order_number: string | null;
};

export type DailyOrder = Row & {
  number: string;
  status: string;
  requested_by_name: string | null;
  accepted_by_name: string | null;
  lines: DailyOrderLine[];
};

/** The users a daily order suite signs in, beyond the plant's own. */
export const DAILY_ORDER_USERS = [
  'requester',
  'qa_manager',
  'hplc_tech',
  'labeler',
  'production_reports',
  'supervisor_production',
] as const;

export type DailyOrderDesk = ReturnType<typeof dailyOrderDesk>;

export async function destinationOf(plant: Plant): Promise<number> {
  const found = await plant.as.admin!.get<List>('/api/general/locations', {
    filter: [
      { field: 'code', field_type: 'text', filters: [{ operator: 'equals', value: 'DC-MTL' }] },
    ],
  });
  return Number(found.data.rows[0]!.id);
}

export function dailyOrderDesk(plant: Plant, destinationId: number) {
  const api = DAILY_ORDERS.api;
  const read = async (id: number) => (await plant.as.admin!.get<DailyOrder>(`${api}/${id}`)).data;
  const send = async (who: string, id: number, event: string, extra: object = {}) =>
    plant.as[who]!.send<DailyOrder>('POST', `${api}/${id}/events/${event}`, {
      version: (await read(id)).version,
      ...extra,
    });
  const step = async (who: string, id: number, event: string, extra: object = {}) => {
    const reply = await send(who, id, event, extra);
    expect(reply.httpStatus, `${event} by ${who}: ${JSON.stringify(reply.data)}`).toBe(200);
    return reply.data;
  };
  const draft = async (units = 40) =>
    (await plant.as.requester!.create(DAILY_ORDERS, {
      order_date: '2026-12-03',
      location_id: destinationId,
      lines: [{ product_id: plant.product.id, qty_units: units, priority: 'high' }],
    })) as DailyOrder;
  const accepted = async (units = 40) => {
    const d = await draft(units);
    await step('requester', d.id, 'submit');
    return step('planning', d.id, 'accept', { flow_id: plant.flowId });
  };
  const transitions = async (id: number) =>
    queryRows<{ event: string; to_status: string }>(
      plant.db(),
      sql`select event, to_status from status_transitions
           where entity_type = 'daily_orders' and entity_id = ${id} order by id`,
    );
  /** Releases a draft order, then runs it: batch 1800 ml, 55 + 2 bottled, 52 + 3 labeled. */
  const release = async (moId: number) => {
    await plant.step('planning', moId, 'submit');
    await plant.step('manager', moId, 'approve');
    await plant.step('planning', moId, 'release');
  };
  const runReleased = async (moId: number, beforeLabeling?: () => Promise<void>) => {
    const mo = await plant.order(moId);
    await plant.as.batcher!.send('POST', `${PRODUCTION_ORDERS.api}/${moId}/picks`, {
      version: mo.version,
    });
    await plant.step('batcher', moId, 'start_batching');
    await plant.step('batcher', moId, 'finish_batching', { actual_batch_ml: 1800 });
    const [sample] = await plant.labRequests('production_order_number', mo.number);
    const result = await plant.as.hplc_tech!.send(
      'POST',
      `${HPLC_REQUESTS.api}/${sample!.id}/result`,
      { measured_mg: 6 },
    );
    expect(result.httpStatus).toBe(200);
    await plant.step('bottler', moId, 'start_bottling');
    await plant.step('bottler', moId, 'finish_bottling', {
      bottled_units: 55,
      bottling_waste_units: 2,
    });
    await beforeLabeling?.();
    await plant.as.labeler!.send('POST', '/api/production/label-checks', {
      production_order_id: moId,
      scanned_code: plant.product.upc,
    });
    await plant.step('labeler', moId, 'finish_labeling', {
      labeled_units: 52,
      label_waste_units: 3,
    });
  };
  return { api, read, send, step, draft, accepted, transitions, release, runReleased };
}
