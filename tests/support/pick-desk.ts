import { expect } from 'vitest';
import { FLOWS } from '../../src/domain/entities/production/flows.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { SIMULATOR_FLOWS } from '../../server/db/demo/demo-production.ts';
import { tokenFor } from './api-client.ts';
import type { Reply } from './api-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from './entity-crud.ts';
import { startTestServer, type Backend, type TestServer } from './test-server.ts';

// What the pick suites start from: a server with the demo plant, the people who plan,
// approve and pick (admin, planning, manager, batcher) signed in, and released production
// orders of the demo's mango finished good on the simulator's flow, whose picks the batcher
// then works.

export const PICK_ROLES = ['admin', 'planning', 'manager', 'batcher'] as const;
const GOOD = 'FG-MANGO-06-30';

export type PickDesk = {
  t: TestServer;
  as: Record<(typeof PICK_ROLES)[number], EntityApiClient>;
  productId: number;
  flowId: number;
  /** The order as the API reads it now. */
  order<T extends Row>(id: number): Promise<T>;
  /** POSTs an order's sub-path (`events/submit`, `picks`) with its current version. */
  send<T extends Row>(
    who: string,
    id: number,
    path: string,
    body?: Record<string, unknown>,
  ): Promise<Reply<T>>;
  /** An order of `units` planned, submitted, approved and released, its picks suggested. */
  released<T extends Row>(units: number): Promise<T>;
};

export async function startPickDesk(backend: Backend): Promise<PickDesk> {
  const t = await startTestServer({ backend });
  const as = {} as PickDesk['as'];
  for (const user of PICK_ROLES) as[user] = entityClient(t.url, await tokenFor(t.url, user));
  const goods = await as.admin.get<List>('/api/inventory/products', {
    filter: [{ field: 'sku', field_type: 'text', filters: [{ operator: 'equals', value: GOOD }] }],
  });
  const productId = goods.data.rows.find((p) => p.sku === GOOD)!.id;
  const flows = await as.admin.get<List>(FLOWS.api, { per_page: 100 });
  const flowId = flows.data.rows.find((f) => f.code === SIMULATOR_FLOWS.unstamped.code)!.id;

  const order = async <T extends Row>(id: number) =>
    (await as.admin.get<T>(`${PRODUCTION_ORDERS.api}/${id}`)).data;
  const send = async <T extends Row>(
    who: string,
    id: number,
    path: string,
    body: Record<string, unknown> = {},
  ) =>
    as[who as keyof PickDesk['as']].send<T>('POST', `${PRODUCTION_ORDERS.api}/${id}/${path}`, {
      version: (await order(id)).version,
      ...body,
    });
  const released = async <T extends Row>(units: number) => {
    const mo = await as.planning.create(PRODUCTION_ORDERS, {
      product_id: productId,
      flow_id: flowId,
      planned_units: units,
      due_date: '2026-12-01',
    });
    expect((await send('planning', mo.id, 'events/submit')).httpStatus).toBe(200);
    expect((await send('manager', mo.id, 'events/approve')).httpStatus).toBe(200);
    expect((await send('planning', mo.id, 'events/release')).httpStatus).toBe(200);
    return order<T>(mo.id);
  };
  return { t, as, productId, flowId, order, send, released };
}
