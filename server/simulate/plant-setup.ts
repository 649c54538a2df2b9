import { SIMULATOR_FLOWS, type SimulatorFlow } from '../db/demo/demo-production.ts';
import type { CrewContext } from './crew-context.ts';
import { where, type ListData } from './plant-api.ts';

// The plant the simulator works in, read through the API as planning would see it: its two
// flows (one without stamping, one with), the finished goods it can make on each, and the
// issue details a machine fault may be reported under.

export type PlantProduct = { id: number; sku: string; upc: string; stamped: boolean };

export type Plant = {
  flows: { unstamped: number; stamped: number | null };
  /** Goods with an approved recipe, a UPC, a volume, and an HPLC category when they hold nicotine. */
  products: PlantProduct[];
  issues: number[];
};

type GoodRow = {
  id: number;
  sku: string;
  upc: string | null;
  recipe_id: number | null;
  nicotine_mg: number | null;
  hplc_category_id: number | null;
  volume_ml: number | null;
  requires_stamp: boolean | number;
  stamp_jurisdiction_id: number | null;
};

const makeable = (p: GoodRow) =>
  p.recipe_id !== null &&
  Boolean(p.upc) &&
  Number(p.volume_ml) > 0 &&
  (Number(p.nicotine_mg ?? 0) === 0 || p.hplc_category_id !== null) &&
  (!p.requires_stamp || p.stamp_jurisdiction_id !== null);

export async function findPlant(ctx: CrewContext): Promise<Plant | null> {
  const unstamped = await flowId(ctx, SIMULATOR_FLOWS.unstamped);
  if (unstamped === null) return null;
  const stamped = await flowId(ctx, SIMULATOR_FLOWS.stamped);
  const goods = await ctx.as('admin').get<ListData<GoodRow>>('/api/inventory/products', {
    per_page: 500,
    sort: { field: 'sku', direction: 'asc' },
    filter: [
      where('type', 'enum', 'equals', 'finished_good'),
      where('status', 'enum', 'equals', 'active'),
    ],
  });
  if (!goods.ok) return null;
  const products = goods.data.rows
    .filter((p) => makeable(p) && (stamped !== null || !p.requires_stamp))
    .map((p) => ({ id: p.id, sku: p.sku, upc: String(p.upc), stamped: Boolean(p.requires_stamp) }));
  if (!products.some((p) => !p.stamped)) {
    ctx.warnOnce('products', {}, 'simulator: no unstamped finished good with a recipe to plan');
    return null;
  }
  const issues = await ctx
    .as('supervisor_production')
    .get<ListData<{ id: number }>>('/api/production/issue-details', { per_page: 100 });
  return {
    flows: { unstamped, stamped },
    products,
    issues: issues.ok ? issues.data.rows.map((r) => r.id) : [],
  };
}

/** The flow's id; a database seeded before the simulator had it gets it from the admin. */
async function flowId(ctx: CrewContext, flow: SimulatorFlow): Promise<number | null> {
  const admin = ctx.as('admin');
  const found = await admin.get<ListData<{ id: number }>>('/api/production/flows', {
    filter: [where('code', 'text', 'equals', flow.code)],
  });
  if (!found.ok) {
    ctx.warnOnce(
      'setup',
      { status: found.httpStatus, message: found.message },
      'simulator: cannot read the plant (are the demo users there?)',
    );
    return null;
  }
  const existing = found.data.rows[0];
  if (existing) return existing.id;
  const phases = await admin.get<ListData<{ id: number; code: string }>>('/api/production/phases', {
    per_page: 50,
  });
  const steps = flow.phases.map((code) => phases.data.rows.find((p) => p.code === code)?.id);
  if (!phases.ok || steps.some((id) => id === undefined)) return null;
  const created = await admin.send<{ id: number }>('POST', '/api/production/flows', {
    code: flow.code,
    name: flow.name,
    actions: steps.map((id) => ({ phase_id: id })),
  });
  return ctx.settle(created, 'create the flow') ? created.data.id : null;
}
