import { HPLC_REQUESTS } from '../../src/domain/entities/production/hplc-requests.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { tokenFor } from './api-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from './entity-crud.ts';

// The set-up of the floor journeys: an order of a demo finished good brought, through the API
// and by the roles that do each step, to the stage where the journey's role takes over.

export type FloorOrder = Row & {
  number: string;
  status: string;
  stage: string | null;
  planned_units: number;
  planned_ml: number;
  bottled_units: number;
  labeled_units: number;
  last_label_check: string | null;
  product_upc?: string;
};

/**
 * Where the journey starts: released (picks to record), HPLC passed, in labeling, in stamping
 * (labeled, on the standard flow) or waiting for transfer (labeled, on the demo flow without
 * stamping).
 */
export type FloorStart = 'released' | 'hplc_passed' | 'labeling' | 'stamping' | 'transfer_pending';

/** The demo flow each start plans on: the standard one stamps, the other goes to transfer. */
const FLOW_OF: Record<FloorStart, string> = {
  released: 'standard_eliquid',
  hplc_passed: 'standard_eliquid',
  labeling: 'standard_eliquid',
  stamping: 'standard_eliquid',
  transfer_pending: 'eliquid_to_transfer',
};

export type FloorSetup = {
  order: FloorOrder;
  /** The finished good's UPC, which its labels carry. */
  upc: string;
  read(): Promise<FloorOrder>;
};

const SKU = 'FG-MANGO-06-30';

export async function floorOrder(url: string, start: FloorStart, units = 120): Promise<FloorSetup> {
  const clients = new Map<string, EntityApiClient>();
  const as = async (user: string) => {
    if (!clients.has(user)) clients.set(user, entityClient(url, await tokenFor(url, user)));
    return clients.get(user)!;
  };
  const admin = await as('admin');
  const read = async (id: number) =>
    (await admin.get<FloorOrder>(`${PRODUCTION_ORDERS.api}/${id}`)).data;
  const step = async (user: string, id: number, event: string, extra: object = {}) => {
    const { version } = await read(id);
    const reply = await (
      await as(user)
    ).send('POST', `${PRODUCTION_ORDERS.api}/${id}/events/${event}`, { version, ...extra });
    if (reply.httpStatus !== 200) {
      throw new Error(`${event} by ${user}: ${reply.message} ${JSON.stringify(reply.data)}`);
    }
  };
  // Products and flows are read from their own modules' lists, which planning does not open.
  const goods = await admin.get<List>('/api/inventory/products', {
    filter: [{ field: 'sku', field_type: 'text', filters: [{ operator: 'equals', value: SKU }] }],
  });
  const product = goods.data.rows[0];
  if (!product) throw new Error(`the demo data has no ${SKU}`);
  const flows = await admin.get<List>('/api/production/flows');
  const flow = flows.data.rows.find((f) => f.code === FLOW_OF[start]) ?? flows.data.rows[0] ?? null;
  const draft = (await (
    await as('planning')
  ).create(PRODUCTION_ORDERS, {
    product_id: product.id,
    flow_id: flow?.id,
    planned_units: units,
    due_date: '2026-12-01',
  })) as FloorOrder;
  const id = draft.id;
  await step('planning', id, 'submit');
  await step('manager', id, 'approve');
  await step('planning', id, 'release');
  if (start !== 'released') {
    const batcher = await as('batcher');
    const picked = await batcher.send('POST', `${PRODUCTION_ORDERS.api}/${id}/picks`, {
      version: (await read(id)).version,
    });
    if (picked.httpStatus !== 200) throw new Error(`picks: ${picked.message}`);
    await step('batcher', id, 'start_batching');
    await step('batcher', id, 'finish_batching', { actual_batch_ml: (await read(id)).planned_ml });
    const lab = await as('hplc_tech');
    const requests = await lab.get<List>(HPLC_REQUESTS.api, {
      filter: [
        {
          field: 'production_order_number',
          field_type: 'text',
          filters: [{ operator: 'equals', value: draft.number }],
        },
      ],
    });
    const result = await lab.send(
      'POST',
      `${HPLC_REQUESTS.api}/${requests.data.rows[0]?.id}/result`,
      { measured_mg: 6.02 },
    );
    if (result.httpStatus !== 200) throw new Error(`HPLC result: ${result.message}`);
  }
  if (start !== 'released' && start !== 'hplc_passed') {
    await step('bottler', id, 'start_bottling');
    await step('bottler', id, 'finish_bottling', {
      bottled_units: units,
      bottling_waste_units: 0,
    });
  }
  if (start === 'stamping' || start === 'transfer_pending') {
    const check = await (
      await as('labeler')
    ).send('POST', '/api/production/label-checks', {
      production_order_id: id,
      scanned_code: String(product.upc),
    });
    if (check.httpStatus !== 201) throw new Error(`label check: ${check.message}`);
    await step('labeler', id, 'finish_labeling', { labeled_units: units, label_waste_units: 0 });
    const { stage } = await read(id);
    if (stage !== start) throw new Error(`the order is in ${stage}, not ${start}`);
  }
  return { order: await read(id), upc: String(product.upc), read: () => read(id) };
}
