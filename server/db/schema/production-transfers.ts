import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { QR_LABEL_ENTITY_TYPES } from '../../../src/domain/qr-labels.ts';
import { checkInList } from './check-in-list.ts';
import { locations } from './general.ts';
import { products, stockLots } from './inventory.ts';
import { pails, phases, skids } from './production-config.ts';
import { productionOrders } from './production-orders.ts';
import { transfers } from './stock.ts';
import { logColumns, standardColumns } from './users.ts';

// What the transfer crew writes (docs/domain/production.md §3.1 skid_items, §3.2 qr_labels and
// pail_transfers): the finished units loaded on a skid, each printed QR label, and each move of a
// pail.

const ref = () => bigint({ mode: 'number' });

/**
 * Finished units of one order on one skid. `transfer_id` is set when the skid goes on a
 * transfer, so a skid that comes back empty and is loaded again keeps its history apart.
 */
export const skidItems = pgTable(
  'skid_items',
  {
    ...standardColumns(),
    skidId: ref()
      .notNull()
      .references(() => skids.id),
    productionOrderId: ref()
      .notNull()
      .references(() => productionOrders.id),
    productId: ref()
      .notNull()
      .references(() => products.id),
    lotId: ref()
      .notNull()
      .references(() => stockLots.id),
    transferId: ref().references(() => transfers.id),
    cases: integer().notNull().default(0),
    units: integer().notNull(),
  },
  (t) => [
    check('skid_items_units_ck', sql`${t.units} > 0 and ${t.cases} >= 0`),
    index('skid_items_skid_idx').on(t.skidId),
    index('skid_items_order_idx').on(t.productionOrderId),
  ],
);

/** One generation of QR labels for one thing (+log): what was printed, how many, by whom. */
export const qrLabels = pgTable(
  'qr_labels',
  {
    ...logColumns(),
    entityType: varchar({ length: 20 }).notNull(),
    // Null for containers typed by code before the lab module has their rows.
    entityId: ref(),
    payload: varchar({ length: 60 }).notNull(),
    copies: integer().notNull(),
  },
  (t) => [
    check('qr_labels_entity_type_ck', checkInList('entity_type', QR_LABEL_ENTITY_TYPES)),
    check('qr_labels_copies_ck', sql`${t.copies} > 0`),
    index('qr_labels_entity_idx').on(t.entityType, t.entityId),
  ],
);

/** One move of a pail of bulk (+log): from where and which phase to where and which phase. */
export const pailTransfers = pgTable(
  'pail_transfers',
  {
    ...logColumns(),
    pailId: ref()
      .notNull()
      .references(() => pails.id),
    productionOrderId: ref().references(() => productionOrders.id),
    fromLocationId: ref().references(() => locations.id),
    toLocationId: ref().references(() => locations.id),
    fromPhaseId: ref().references(() => phases.id),
    toPhaseId: ref().references(() => phases.id),
    volumeMl: numeric({ precision: 10, scale: 2 }).notNull(),
  },
  (t) => [
    check('pail_transfers_volume_ck', sql`${t.volumeMl} >= 0`),
    index('pail_transfers_pail_idx').on(t.pailId),
  ],
);
