import { products } from '../../../server/db/schema/inventory.ts';
import type { PRODUCT_TYPES } from '../../../src/domain/entities/inventory/inventory-values.ts';
import type { Row } from '../../../tests/support/entity-crud.ts';
import { startStockWorld, type StockWorld } from '../../../tests/support/stock-fixtures.ts';
import type { Backend } from '../../../tests/support/test-server.ts';

// A stock world plus what R&D tests need: ingredient products (inserted directly, products
// belong to Inventory), a bulk liquid to promote onto, and steps that walk a project and its
// sample through the workflow as each R&D role does.

export type RdWorld = StockWorld & {
  /** Three ingredients: two flavours and the PG/VG carrier used as the fill. */
  ingredients: { flavorA: number; flavorB: number; carrier: number };
  bulkLiquid: number;
  /** A project submitted by rd_requester and approved by rd_supervisor. */
  approvedProject(title?: string): Promise<Row>;
  /** A sample requested by rd_supervisor on `projectId`. */
  requestSample(projectId: number): Promise<Row>;
  /** `user` sends `event` to the sample or project at `api` with the version it read. */
  event(user: string, api: string, doc: Row, name: string, extra?: object): Promise<Row>;
  /** Requested → prepared (flavorist), specified and sent (QC), evaluated (supervisor). */
  sampleToFeedback(sample: Row): Promise<Row>;
};

let n = 0;

export async function startRdWorld(backend: Backend = 'pglite'): Promise<RdWorld> {
  const w = await startStockWorld(backend);
  const product = async (type: (typeof PRODUCT_TYPES)[number], name: string) => {
    n += 1;
    const [row] = await w.db
      .insert(products)
      .values({
        sku: `RD-T${n}-${Math.random().toString(36).slice(2, 6)}`,
        name,
        type,
        measureId: (await w.db.select({ id: products.measureId }).from(products).limit(1))[0]!.id,
      })
      .returning();
    return row!.id;
  };
  const ingredients = {
    flavorA: await product('flavour_concentrate', 'Strawberry concentrate'),
    flavorB: await product('flavour_concentrate', 'Cream concentrate'),
    carrier: await product('carrier', 'PG/VG 50/50'),
  };
  const bulkLiquid = await product('bulk_liquid', 'Strawberry cream bulk');
  const send = async (user: string, method: string, url: string, body?: object) => {
    const reply = await (await w.api(user)).send<Row>(method, url, body);
    if (reply.httpStatus >= 300) {
      throw new Error(`${user} ${method} ${url}: ${reply.httpStatus} ${JSON.stringify(reply)}`);
    }
    return reply.data;
  };
  const event = (user: string, api: string, doc: Row, name: string, extra: object = {}) =>
    send(user, 'POST', `${api}/${doc.id}/events/${name}`, { version: doc.version, ...extra });
  const PROJECTS = '/api/rd/projects';
  const SAMPLES = '/api/rd/samples';
  return {
    ...w,
    ingredients,
    bulkLiquid,
    event,
    approvedProject: async (title = 'Strawberry cream') => {
      const draft = await send('rd_requester', 'POST', PROJECTS, {
        title,
        priority: 'normal',
        target_nicotine_mg: 3,
        target_vg_pct: 70,
      });
      const submitted = await event('rd_requester', PROJECTS, draft, 'submit');
      return event('rd_supervisor', PROJECTS, submitted, 'approve');
    },
    requestSample: (projectId) =>
      send('rd_supervisor', 'POST', SAMPLES, { rd_project_id: projectId, batch_size_ml: 100 }),
    sampleToFeedback: async (sample) => {
      let s = await event('rd_flavorist', SAMPLES, sample, 'start_develop');
      s = await send('rd_flavorist', 'PUT', `${SAMPLES}/${s.id}/ingredients`, {
        version: s.version,
        ingredients: [
          { product_id: ingredients.flavorA, pct: 8 },
          { product_id: ingredients.flavorB, pct: 4.5 },
          { product_id: ingredients.carrier, is_fill: true },
        ],
      });
      s = await event('rd_flavorist', SAMPLES, s, 'prepare');
      s = await send('rd_quality_control', 'PUT', `${SAMPLES}/${s.id}/specifications`, {
        version: s.version,
        nicotine_mg: 3,
        nicotine_type: 'freebase',
        vg_pct: 70,
        pg_pct: 30,
        density_g_ml: 1.2345,
        flashpoint_c: 101.5,
        shelf_life_days: 365,
      });
      s = await event('rd_quality_control', SAMPLES, s, 'send');
      s = await event('rd_supervisor', SAMPLES, s, 'start_evaluation');
      s = await send('rd_supervisor', 'POST', `${SAMPLES}/${s.id}/evaluations`, {
        version: s.version,
        score: 8,
        verdict: 'approve',
        comments: 'Bright strawberry, creamy finish',
      });
      return event('rd_supervisor', SAMPLES, s, 'evaluate');
    },
  };
}
