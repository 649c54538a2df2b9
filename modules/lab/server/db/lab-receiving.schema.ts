import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  CONTAINER_STATUSES,
  HAZARD_CATEGORIES,
  LAB_RECEIVING_STATUSES,
} from '../../shared/entities/lab-values.ts';
import { attachments } from '../../../../server/db/schema/attachments.ts';
import { checkInList } from '../../../../server/db/schema/check-in-list.ts';
import { locations, parameters } from '../../../../server/db/schema/general.ts';
import { bins, products, stockLots } from '../../../../server/db/schema/inventory.ts';
import {
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
} from '../../../../server/db/schema/purchase.ts';
import { standardColumns } from '../../../../server/db/schema/users.ts';

// Lab Receiving (docs/domain/lab-receiving.md §10): flashpoint classes, lab receivings LR- with
// their items, and the containers CT- each item arrived in. Items go with their receiving
// (cascade); every other key restricts.

const ref = () => bigint({ mode: 'number' });
const qty = () => numeric({ precision: 14, scale: 3 });
const celsius = () => numeric({ precision: 5, scale: 1 });

export const flashpointClasses = pgTable(
  'flashpoint_classes',
  {
    ...standardColumns(),
    code: varchar({ length: 20 }).notNull().unique(),
    name: varchar({ length: 80 }).notNull(),
    minC: celsius().notNull(),
    maxC: celsius().notNull(),
    hazardCategory: varchar({ length: 30 }).notNull(),
    storageRequirement: varchar({ length: 200 }),
    maxStorageQty: qty(),
    active: boolean().notNull().default(true),
  },
  (t) => [
    check('flashpoint_classes_range_ck', sql`${t.minC} <= ${t.maxC}`),
    check('flashpoint_classes_hazard_ck', checkInList('hazard_category', HAZARD_CATEGORIES)),
  ],
);

export const labReceivings = pgTable(
  'lab_receivings',
  {
    ...standardColumns(),
    number: varchar({ length: 20 }).notNull().unique(),
    supplierId: ref()
      .notNull()
      .references(() => suppliers.id),
    purchaseOrderId: ref().references(() => purchaseOrders.id),
    locationId: ref()
      .notNull()
      .references(() => locations.id),
    receivedAt: date({ mode: 'string' }).notNull(),
    carrier: varchar({ length: 80 }),
    status: varchar({ length: 30 }).notNull().default('draft'),
    note: varchar({ length: 500 }),
  },
  () => [check('lab_receivings_status_ck', checkInList('status', LAB_RECEIVING_STATUSES))],
);

export const labReceivingItems = pgTable(
  'lab_receiving_items',
  {
    ...standardColumns(),
    labReceivingId: ref()
      .notNull()
      .references(() => labReceivings.id, { onDelete: 'cascade' }),
    purchaseOrderLineId: ref().references(() => purchaseOrderLines.id),
    productId: ref()
      .notNull()
      .references(() => products.id),
    supplierLotNo: varchar({ length: 40 }).notNull(),
    lotId: ref().references(() => stockLots.id),
    qty: qty().notNull(),
    containerCount: integer().notNull().default(1),
    containerTypeId: ref().references(() => parameters.id),
    expiryDate: date({ mode: 'string' }),
    coaAttachmentId: ref().references(() => attachments.id),
    flashpointC: celsius(),
    // Derived by the server from flashpoint_c (decision): never sent by a client.
    flashpointClassId: ref().references(() => flashpointClasses.id),
  },
  (t) => [
    check('lab_receiving_items_qty_ck', sql`${t.qty} > 0 and ${t.containerCount} > 0`),
    index('lab_receiving_items_doc_idx').on(t.labReceivingId),
    index('lab_receiving_items_product_idx').on(t.productId),
  ],
);

export const receivingContainers = pgTable(
  'receiving_containers',
  {
    ...standardColumns(),
    code: varchar({ length: 20 }).notNull().unique(),
    labReceivingItemId: ref()
      .notNull()
      .references(() => labReceivingItems.id),
    containerTypeId: ref().references(() => parameters.id),
    netQty: qty().notNull(),
    tareQty: qty().notNull().default('0'),
    locationId: ref()
      .notNull()
      .references(() => locations.id),
    binId: ref().references(() => bins.id),
    status: varchar({ length: 30 }).notNull().default('received'),
  },
  (t) => [
    check('receiving_containers_status_ck', checkInList('status', CONTAINER_STATUSES)),
    check('receiving_containers_qty_ck', sql`${t.netQty} > 0 and ${t.tareQty} >= 0`),
    index('receiving_containers_item_idx').on(t.labReceivingItemId),
  ],
);
