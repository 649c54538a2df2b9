import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../../src/domain/roles.ts';
import {
  CART_STATUSES,
  MACHINE_KINDS,
  MACHINE_STATUSES,
  PAIL_STATUSES,
  PRODUCTION_MODULES,
  SKID_STATUSES,
} from '../../../src/domain/entities/production/production-values.ts';
import { checkInList } from './check-in-list.ts';
import { locations } from './general.ts';
import { stockLots } from './inventory.ts';
import { transfers } from './stock.ts';
import { standardColumns } from './users.ts';

// Production configuration master data (docs/domain/production.md §3.1): phases, operations, flows
// and their actions, machines, carts, skids and pails. Loads and items come with the orders.
// Composite unique keys list `code`/`step` first: a duplicate is then reported on the field
// a person fixes (db-errors reads the first column of the key).

const ref = () => bigint({ mode: 'number' });
const moduleColumn = () =>
  varchar({ length: 20 })
    .notNull()
    .default('production')
    .$type<(typeof PRODUCTION_MODULES)[number]>();

export const phases = pgTable(
  'phases',
  {
    ...standardColumns(),
    module: moduleColumn(),
    code: varchar({ length: 30 }).notNull(),
    name: varchar({ length: 120 }).notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [
    unique('phases_code_module_uk').on(t.code, t.module),
    check('phases_module_ck', checkInList('module', PRODUCTION_MODULES)),
  ],
);

export const operations = pgTable(
  'operations',
  {
    ...standardColumns(),
    module: moduleColumn(),
    phaseId: ref()
      .notNull()
      .references(() => phases.id),
    code: varchar({ length: 30 }).notNull(),
    name: varchar({ length: 120 }).notNull(),
    machineKind: varchar({ length: 20 }).$type<(typeof MACHINE_KINDS)[number]>(),
    standardMinutes: numeric({ precision: 9, scale: 2 }).notNull().default('0'),
    performerRole: varchar({ length: 40 }).$type<(typeof ROLES)[number]>(),
  },
  (t) => [
    unique('operations_code_module_uk').on(t.code, t.module),
    index('operations_phase_ix').on(t.phaseId),
    check('operations_module_ck', checkInList('module', PRODUCTION_MODULES)),
    check('operations_machine_kind_ck', checkInList('machine_kind', MACHINE_KINDS)),
    check('operations_performer_role_ck', checkInList('performer_role', ROLES)),
    check('operations_minutes_ck', sql`${t.standardMinutes} >= 0`),
  ],
);

export const flows = pgTable(
  'flows',
  {
    ...standardColumns(),
    module: moduleColumn(),
    code: varchar({ length: 30 }).notNull().unique(),
    name: varchar({ length: 120 }).notNull(),
    active: boolean().notNull().default(true),
  },
  () => [check('flows_module_ck', checkInList('module', PRODUCTION_MODULES))],
);

/**
 * One step of a flow. docs/domain/production.md calls its order `seq`; every row's `seq` is already
 * the global change sequence, so the position is `step` (1, 2, 3…).
 */
export const flowActions = pgTable(
  'flow_actions',
  {
    ...standardColumns(),
    flowId: ref()
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    step: integer().notNull(),
    phaseId: ref()
      .notNull()
      .references(() => phases.id),
    operationId: ref().references(() => operations.id),
    isOptional: boolean().notNull().default(false),
    requiresPreviousDone: boolean().notNull().default(true),
  },
  (t) => [
    unique('flow_actions_step_flow_uk').on(t.step, t.flowId),
    check('flow_actions_step_ck', sql`${t.step} > 0`),
    index('flow_actions_flow_ix').on(t.flowId),
  ],
);

export const machines = pgTable(
  'machines',
  {
    ...standardColumns(),
    module: moduleColumn(),
    code: varchar({ length: 30 }).notNull().unique(),
    kind: varchar({ length: 20 }).notNull().$type<(typeof MACHINE_KINDS)[number]>(),
    locationId: ref().references(() => locations.id),
    status: varchar({ length: 20 })
      .notNull()
      .default('operational')
      .$type<(typeof MACHINE_STATUSES)[number]>(),
    counterTotal: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('machines_module_ck', checkInList('module', PRODUCTION_MODULES)),
    check('machines_kind_ck', checkInList('kind', MACHINE_KINDS)),
    check('machines_status_ck', checkInList('status', MACHINE_STATUSES)),
    check('machines_counter_total_ck', sql`${t.counterTotal} >= 0`),
  ],
);

/** The code (CA-…) is the QR payload scanned at each phase. */
export const carts = pgTable(
  'carts',
  {
    ...standardColumns(),
    code: varchar({ length: 30 }).notNull().unique(),
    capacityUnits: integer().notNull().default(0),
    status: varchar({ length: 20 })
      .notNull()
      .default('available')
      .$type<(typeof CART_STATUSES)[number]>(),
  },
  (t) => [
    check('carts_code_ck', sql`${t.code} like 'CA-%'`),
    check('carts_status_ck', checkInList('status', CART_STATUSES)),
    check('carts_capacity_units_ck', sql`${t.capacityUnits} >= 0`),
  ],
);

export const skids = pgTable(
  'skids',
  {
    ...standardColumns(),
    module: moduleColumn(),
    code: varchar({ length: 30 }).notNull().unique(),
    status: varchar({ length: 20 })
      .notNull()
      .default('open')
      .$type<(typeof SKID_STATUSES)[number]>(),
    locationId: ref().references(() => locations.id),
    /** The transfer the skid travels on, from the moment it is put on one until it returns. */
    transferId: ref().references(() => transfers.id),
  },
  (t) => [
    check('skids_code_ck', sql`${t.code} like 'SK-%'`),
    check('skids_module_ck', checkInList('module', PRODUCTION_MODULES)),
    check('skids_status_ck', checkInList('status', SKID_STATUSES)),
  ],
);

export const pails = pgTable(
  'pails',
  {
    ...standardColumns(),
    code: varchar({ length: 30 }).notNull().unique(),
    capacityMl: numeric({ precision: 10, scale: 2 }).notNull(),
    volumeMl: numeric({ precision: 10, scale: 2 }).notNull().default('0'),
    status: varchar({ length: 20 })
      .notNull()
      .default('empty')
      .$type<(typeof PAIL_STATUSES)[number]>(),
    // Where the pail is and what it holds (pail_transfers logs each move). The order is an id
    // without a key: production_orders' schema imports this file.
    productionOrderId: ref(),
    lotId: ref().references(() => stockLots.id),
    locationId: ref().references(() => locations.id),
    phaseId: ref().references(() => phases.id),
  },
  (t) => [
    check('pails_code_ck', sql`${t.code} like 'PA-%'`),
    check('pails_status_ck', checkInList('status', PAIL_STATUSES)),
    check('pails_volume_ml_ck', sql`${t.volumeMl} >= 0 and ${t.volumeMl} <= ${t.capacityMl}`),
  ],
);
