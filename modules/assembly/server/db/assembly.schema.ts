import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  ASSEMBLY_ORDER_STATUSES,
  ASSEMBLY_STAGES,
} from '../../shared/entities/assembly-order-values.ts';
import { checkInList } from '../../../../server/db/schema/check-in-list.ts';
import { parameters } from '../../../../server/db/schema/general.ts';
import { products } from '../../../../server/db/schema/inventory.ts';
import { flows, phases } from '../../../../server/db/schema/production-config.ts';
import { standardColumns } from '../../../../server/db/schema/users.ts';

// Kits and their assembly (docs/domain/inventory.md §2 product_components,
// docs/domain/assembly.md §4 assembly orders): a kit product names its components per unit; an
// assembly order AO- snapshots them at release (required = qty per unit × planned units) and counts
// what each stage passed on. Configuration (flows, phases, machines, skids) is Production's tables
// with module 'assembly'.

const ref = () => bigint({ mode: 'number' });
const qty = () => numeric({ precision: 14, scale: 3 });
const count = () => integer().notNull().default(0);
const at = () => timestamp({ withTimezone: true, mode: 'date' });

export const productComponents = pgTable(
  'product_components',
  {
    ...standardColumns(),
    productId: ref()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    componentProductId: ref()
      .notNull()
      .references(() => products.id),
    qtyPerUnit: qty().notNull(),
    /** The phase that consumes the component (sealing, when none is named). */
    phaseId: ref().references(() => phases.id),
  },
  (t) => [
    unique('product_components_uk').on(t.productId, t.componentProductId),
    check('product_components_qty_ck', sql`${t.qtyPerUnit} > 0`),
    check('product_components_self_ck', sql`${t.productId} <> ${t.componentProductId}`),
  ],
);

export const assemblyOrders = pgTable(
  'assembly_orders',
  {
    ...standardColumns(),
    // Given in the creating transaction right after the insert (null only until then).
    number: varchar({ length: 20 }).unique(),
    productId: ref()
      .notNull()
      .references(() => products.id),
    flowId: ref()
      .notNull()
      .references(() => flows.id),
    stampJurisdictionId: ref().references(() => parameters.id),
    plannedUnits: integer().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    status: varchar({ length: 20 }).notNull().default('draft'),
    stage: varchar({ length: 20 }),
    previousStatus: varchar({ length: 20 }),
    holdReason: varchar({ length: 500 }),
    sealedUnits: count(),
    sealingWaste: count(),
    stampedUnits: count(),
    stampingWaste: count(),
    cartonedUnits: count(),
    cartoningWaste: count(),
    stageSince: at(),
    releasedAt: at(),
    completedAt: at(),
    closedAt: at(),
    note: varchar({ length: 500 }),
  },
  (t) => [
    check('assembly_orders_status_ck', checkInList('status', ASSEMBLY_ORDER_STATUSES)),
    check(
      'assembly_orders_stage_ck',
      sql`${t.stage} is null or ${checkInList('stage', ASSEMBLY_STAGES)}`,
    ),
    check('assembly_orders_units_ck', sql`${t.plannedUnits} > 0`),
    // cartoned ≤ stamped ≤ sealed (docs/domain/assembly.md §4), held by the database as a last line
    // too.
    check(
      'assembly_orders_conservation_ck',
      sql`${t.sealedUnits} >= ${t.stampedUnits} + ${t.stampingWaste}
          and ${t.stampedUnits} >= ${t.cartonedUnits} + ${t.cartoningWaste}`,
    ),
    index('assembly_orders_status_idx').on(t.status, t.stage),
    index('assembly_orders_seq_idx').on(t.seq),
  ],
);

export const assemblyOrderComponents = pgTable(
  'assembly_order_components',
  {
    ...standardColumns(),
    assemblyOrderId: ref()
      .notNull()
      .references(() => assemblyOrders.id, { onDelete: 'cascade' }),
    productId: ref()
      .notNull()
      .references(() => products.id),
    qtyPerUnit: qty().notNull(),
    requiredQty: qty().notNull(),
    consumedQty: qty().notNull().default('0'),
  },
  (t) => [unique('assembly_order_components_uk').on(t.assemblyOrderId, t.productId)],
);
