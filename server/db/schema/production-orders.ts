import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  HPLC_REQUEST_REASONS,
  HPLC_REQUEST_STATUSES,
  HPLC_STATUSES,
  OPERATION_STATUSES,
  ORDER_PRIORITIES,
  ORDER_STAGES,
  ORDER_STATUSES,
} from '../../../src/domain/entities/production/production-order-values.ts';
import { checkInList } from './check-in-list.ts';
import { locations, parameters } from './general.ts';
import { bins, products, stockLots } from './inventory.ts';
import { hplcCategories } from './production.ts';
import { carts, flowActions, flows, machines, operations, phases } from './production-config.ts';
import { rdSamples } from '../../../modules/rd/server/db/rd.schema.ts';
import { recipes } from './recipes.ts';
import { standardColumns, users } from './users.ts';

// Production orders and what their stages write (docs/domain/production.md §3.2): the release
// snapshot of ingredients, the batching picks, one operation per flow step, HPLC requests and
// results (label checks are label-checks.ts). Units are integers; volumes are ml with two decimals.

const ref = () => bigint({ mode: 'number' });
const ml = () => numeric({ precision: 14, scale: 2 });
const qty = () => numeric({ precision: 14, scale: 3 });
const count = () => integer().notNull().default(0);
const at = () => timestamp({ withTimezone: true, mode: 'date' });

export const productionOrders = pgTable(
  'production_orders',
  {
    ...standardColumns(),
    // Given in the creating transaction right after the insert (null only until then).
    number: varchar({ length: 20 }).unique(),
    productId: ref()
      .notNull()
      .references(() => products.id),
    recipeId: ref().references(() => recipes.id),
    flowId: ref()
      .notNull()
      .references(() => flows.id),
    batchLotId: ref().references(() => stockLots.id),
    stampJurisdictionId: ref().references(() => parameters.id),
    plannedUnits: integer().notNull(),
    plannedMl: ml().notNull().default('0'),
    dueDate: date({ mode: 'string' }).notNull(),
    priority: varchar({ length: 10 }).notNull().default('normal'),
    // Daily orders and forecast plans arrive with their modules: ids without keys yet.
    dailyOrderLineId: ref(),
    forecastProductionPlanId: ref(),
    status: varchar({ length: 20 }).notNull().default('draft'),
    stage: varchar({ length: 20 }),
    previousStatus: varchar({ length: 20 }),
    holdReason: varchar({ length: 500 }),
    hplcStatus: varchar({ length: 12 }).notNull().default('none'),
    actualBatchMl: ml().notNull().default('0'),
    bottledUnits: count(),
    bottlingWasteUnits: count(),
    labeledUnits: count(),
    labelWasteUnits: count(),
    stampedUnits: count(),
    stampingWasteUnits: count(),
    transferredUnits: count(),
    submittedBy: ref().references(() => users.id),
    stageSince: at(),
    startedAt: at(),
    completedAt: at(),
    closedAt: at(),
    note: varchar({ length: 500 }),
  },
  (t) => [
    check('production_orders_status_ck', checkInList('status', ORDER_STATUSES)),
    check(
      'production_orders_stage_ck',
      sql`${t.stage} is null or ${checkInList('stage', ORDER_STAGES)}`,
    ),
    check('production_orders_priority_ck', checkInList('priority', ORDER_PRIORITIES)),
    check('production_orders_hplc_ck', checkInList('hplc_status', HPLC_STATUSES)),
    check('production_orders_units_ck', sql`${t.plannedUnits} > 0`),
    // Conservation (docs/domain/production.md §3.2): each stage holds at most what the one before
    // passed on.
    check(
      'production_orders_conservation_ck',
      sql`${t.bottledUnits} >= ${t.labeledUnits} + ${t.labelWasteUnits}
          and ${t.labeledUnits} >= ${t.stampedUnits} + ${t.stampingWasteUnits}`,
    ),
    index('production_orders_status_idx').on(t.status, t.stage),
    index('production_orders_product_idx').on(t.productId),
    // A recipe's potency chart (potency-points.ts).
    index('production_orders_recipe_idx').on(t.recipeId),
    // The live boards' delta poll (`seq > since order by seq`).
    index('production_orders_seq_idx').on(t.seq),
  ],
);

export const productionOrderIngredients = pgTable(
  'production_order_ingredients',
  {
    ...standardColumns(),
    productionOrderId: ref()
      .notNull()
      .references(() => productionOrders.id, { onDelete: 'cascade' }),
    productId: ref()
      .notNull()
      .references(() => products.id),
    percentage: numeric({ precision: 7, scale: 4 }).notNull(),
    requiredQty: qty().notNull(),
    pickedQty: qty().notNull().default('0'),
    consumedQty: qty().notNull().default('0'),
  },
  (t) => [unique('production_order_ingredients_uk').on(t.productionOrderId, t.productId)],
);

export const batchingPicks = pgTable(
  'batching_picks',
  {
    ...standardColumns(),
    productionOrderId: ref()
      .notNull()
      .references(() => productionOrders.id, { onDelete: 'cascade' }),
    productId: ref()
      .notNull()
      .references(() => products.id),
    lotId: ref().references(() => stockLots.id),
    locationId: ref()
      .notNull()
      .references(() => locations.id),
    binId: ref().references(() => bins.id),
    requiredQty: qty().notNull(),
    pickedQty: qty().notNull().default('0'),
    pickedBy: ref().references(() => users.id),
  },
  (t) => [
    index('batching_picks_order_idx').on(t.productionOrderId),
    check('batching_picks_qty_ck', sql`${t.pickedQty} >= 0 and ${t.requiredQty} >= 0`),
  ],
);

export const productionOrderOperations = pgTable(
  'production_order_operations',
  {
    ...standardColumns(),
    productionOrderId: ref()
      .notNull()
      .references(() => productionOrders.id, { onDelete: 'cascade' }),
    flowActionId: ref().references(() => flowActions.id),
    seq: integer().notNull(),
    phaseId: ref()
      .notNull()
      .references(() => phases.id),
    operationId: ref().references(() => operations.id),
    machineId: ref().references(() => machines.id),
    cartId: ref().references(() => carts.id),
    assignedTo: ref().references(() => users.id),
    isOptional: boolean().notNull().default(false),
    status: varchar({ length: 12 }).notNull().default('pending'),
    startedAt: at(),
    finishedAt: at(),
    pausedMinutes: integer().notNull().default(0),
    qtyIn: integer().notNull().default(0),
    qtyGood: integer().notNull().default(0),
    qtyWaste: integer().notNull().default(0),
  },
  (t) => [
    unique('production_order_operations_uk').on(t.productionOrderId, t.seq),
    check('production_order_operations_status_ck', checkInList('status', OPERATION_STATUSES)),
    // A batcher's potency chart: the orders whose batching step they ran (potency-points.ts).
    index('production_order_operations_assignee_idx').on(t.assignedTo),
  ],
);

export const hplcRequests = pgTable(
  'hplc_requests',
  {
    ...standardColumns(),
    number: varchar({ length: 20 }).notNull().unique(),
    productionOrderId: ref().references(() => productionOrders.id),
    // Recoveries arrive with their module: an id without a key yet.
    recoveryId: ref(),
    rdSampleId: ref().references(() => rdSamples.id),
    // An R&D sample is no product yet: its request has none, and is judged against the
    // sample's specifications (hplc-tests.ts testBasis).
    productId: ref().references(() => products.id),
    lotId: ref().references(() => stockLots.id),
    sampleNo: integer().notNull().default(1),
    reason: varchar({ length: 12 }).notNull().default('initial'),
    sampledAt: at(),
    status: varchar({ length: 20 }).notNull().default('requested'),
  },
  (t) => [
    check('hplc_requests_reason_ck', checkInList('reason', HPLC_REQUEST_REASONS)),
    check('hplc_requests_status_ck', checkInList('status', HPLC_REQUEST_STATUSES)),
    check(
      'hplc_requests_source_ck',
      sql`num_nonnulls(${t.productionOrderId}, ${t.recoveryId}, ${t.rdSampleId}) = 1`,
    ),
    index('hplc_requests_order_idx').on(t.productionOrderId),
    index('hplc_requests_rd_sample_idx').on(t.rdSampleId),
  ],
);

/**
 * One result per request; immutable but for its override fields (docs/domain/production.md §3.2).
 */
export const hplcResults = pgTable(
  'hplc_results',
  {
    ...standardColumns(),
    hplcRequestId: ref()
      .notNull()
      .references(() => hplcRequests.id),
    hplcCategoryId: ref().references(() => hplcCategories.id),
    nominalMg: numeric({ precision: 10, scale: 3 }).notNull(),
    // Copied from the category's ranges at test time: later range edits leave history alone.
    minPct: numeric({ precision: 7, scale: 4 }),
    maxPct: numeric({ precision: 7, scale: 4 }),
    zeroNicMaxMg: numeric({ precision: 10, scale: 3 }),
    measuredMg: numeric({ precision: 10, scale: 3 }).notNull(),
    replicates: jsonb().$type<number[]>(),
    percentOfClaim: numeric({ precision: 8, scale: 3 }),
    passed: boolean().notNull(),
    instrumentId: ref().references(() => machines.id),
    analystId: ref().references(() => users.id),
    testedAt: at().notNull().defaultNow(),
    overridePassed: boolean(),
    overrideReason: varchar({ length: 500 }),
    overrideBy: ref().references(() => users.id),
    overrideApprovedBy: ref().references(() => users.id),
  },
  (t) => [uniqueIndex('hplc_results_request_uk').on(t.hplcRequestId)],
);
