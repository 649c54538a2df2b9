import { MEASURES } from '../../../src/domain/entities/inventory/measures.entity.ts';
import { PRODUCTS } from '../../../src/domain/entities/inventory/products.entity.ts';
import { CARTS } from '../../../src/domain/entities/production/carts.entity.ts';
import { HPLC_CATEGORIES } from '../../../src/domain/entities/production/hplc-categories.entity.ts';
import {
  MACHINES,
  STAMPING_MACHINES,
} from '../../../src/domain/entities/production/machines.entity.ts';
import { OPERATIONS } from '../../../src/domain/entities/production/operations.entity.ts';
import { PAILS } from '../../../src/domain/entities/production/pails.entity.ts';
import { PHASES } from '../../../src/domain/entities/production/phases.entity.ts';
import { SKIDS } from '../../../src/domain/entities/production/skids.entity.ts';
import { describeEntityCrud, type EntityApiClient } from '../../support/entity-crud.ts';

// Production configuration on the entity pattern (docs/domain/production.md §3.1). Flows, and the
// rules beyond plain CRUD, are in production-config-rules.pg.test.ts.

describeEntityCrud({
  entity: HPLC_CATEGORIES,
  valid: (n) => ({ code: `hc_${n}`, name: `Test category ${n}`, min_pct: 90, max_pct: 110 }),
  change: { name: 'Renamed category' },
  invalid: {
    body: { code: '', name: 'x'.repeat(81), min_pct: 90 },
    codes: { code: 'required', name: 'max', max_pct: 'required' },
  },
  outsider: 'inventory',
  referenced: async (api) => {
    const category = await api.create(HPLC_CATEGORIES, {
      code: 'ref_cat',
      name: 'Referenced',
      min_pct: 95,
      max_pct: 105,
    });
    const measures = await api.get<{ rows: { id: number; code: string }[] }>(MEASURES.api);
    await api.create(PRODUCTS, {
      sku: 'RM-HPLC-REF',
      name: 'Product with an HPLC category',
      type: 'raw_material',
      measure_id: measures.data.rows.find((m) => m.code === 'ea')?.id,
      hplc_category_id: category.id,
    });
    return category.id;
  },
});

/** The id of the demo's production phase `code`. */
async function phaseId(api: EntityApiClient, code: string): Promise<number> {
  const list = await api.get<{ rows: { id: number; code: string; module: string }[] }>(PHASES.api, {
    per_page: 500,
  });
  const phase = list.data.rows.find((p) => p.code === code && p.module === 'production');
  if (!phase) throw new Error(`no production phase ${code}`);
  return phase.id;
}

describeEntityCrud({
  entity: PHASES,
  valid: (n) => ({ module: 'assembly', code: `ph_${n}`, name: `Test phase ${n}`, sort: n }),
  change: { name: 'Renamed phase', sort: 99 },
  invalid: {
    body: { module: 'bakery', code: '', name: 'x'.repeat(121), sort: 1.5 },
    codes: { module: 'in', code: 'required', name: 'max', sort: 'integer' },
  },
  outsider: 'inventory',
  referenced: async (api) => {
    const phase = await api.create(PHASES, { code: 'ph_ref', name: 'Referenced phase' });
    await api.create(OPERATIONS, { phase_id: phase.id, code: 'op_ref', name: 'Uses it' });
    return phase.id;
  },
});

describeEntityCrud({
  entity: OPERATIONS,
  valid: async (n, api) => ({
    phase_id: await phaseId(api, 'bottling'),
    code: `op_${n}`,
    name: `Test operation ${n}`,
    machine_kind: 'filler',
    standard_minutes: 12.5,
    performer_role: 'bottler',
  }),
  change: { name: 'Renamed operation', standard_minutes: 20 },
  invalid: {
    body: { code: 'x', name: 'x', machine_kind: 'oven', performer_role: 'chef' },
    codes: { phase_id: 'required', machine_kind: 'in', performer_role: 'in' },
  },
  outsider: 'inventory',
});

describeEntityCrud({
  entity: MACHINES,
  valid: (n) => ({ code: `M-${n}`, kind: 'filler', counter_total: n * 1000 }),
  change: { status: 'down' },
  invalid: {
    body: { code: '', kind: 'toaster', status: 'broken', counter_total: -1 },
    codes: { code: 'required', kind: 'in', status: 'in', counter_total: 'Must be 0 or more' },
  },
  outsider: 'inventory',
});

describeEntityCrud({
  entity: STAMPING_MACHINES,
  valid: (n) => ({ code: `STM-T${n}` }),
  change: { status: 'maintenance' },
  invalid: {
    body: { code: 'x'.repeat(31), status: 'broken' },
    codes: { code: 'max', status: 'in' },
  },
  outsider: 'inventory',
});

describeEntityCrud({
  entity: CARTS,
  valid: (n) => ({ code: `CA-T${n}`, capacity_units: 500 }),
  change: { status: 'in_use' },
  invalid: {
    body: { code: '', capacity_units: -5, status: 'lost' },
    codes: { code: 'required', capacity_units: 'Must be 0 or more', status: 'in' },
  },
  outsider: 'inventory',
});

describeEntityCrud({
  entity: SKIDS,
  valid: (n) => ({ code: `SK-T${n}` }),
  change: { status: 'closed' },
  invalid: {
    body: { code: '', module: 'x', status: 'lost' },
    codes: { code: 'required', module: 'in', status: 'in' },
  },
  outsider: 'inventory',
});

describeEntityCrud({
  entity: PAILS,
  valid: (n) => ({ code: `PA-T${n}`, capacity_ml: 20000 }),
  change: { status: 'filled', volume_ml: 15000 },
  invalid: {
    body: { code: '', status: 'lost' },
    codes: { code: 'required', capacity_ml: 'required', status: 'in' },
  },
  outsider: 'inventory',
});
