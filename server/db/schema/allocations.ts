import { sql } from 'drizzle-orm';
import { bigint, check, date, index, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { ALLOCATION_STATUSES as DOMAIN_ALLOCATION_STATUSES } from '../../../src/domain/entities/stock/allocations.entity.ts';
import { checkInList } from './check-in-list.ts';
import { locations } from './general.ts';
import { bins, products, stockLots } from './inventory.ts';
import { documentColumns } from './stock.ts';
import { standardColumns } from './users.ts';

// Packing lists: the stock a sales order holds, picked and shipped from one location
// (docs/domain/inventory.md). Their movements post to the ledger of stock.ts.

const ref = () => bigint({ mode: 'number' });
const qty = () => numeric({ precision: 14, scale: 3 });

export const ALLOCATION_STATUSES = DOMAIN_ALLOCATION_STATUSES;
/**
 * Statuses whose lines hold stock (docs/domain/README.md §0: allocated = open allocation lines).
 */
export const ALLOCATION_OPEN_STATUSES = ['allocated', 'picking', 'packed'] as const;

/** Packing lists PL-. Sales orders and customers arrive with the sales module: ids, no key yet. */
export const allocations = pgTable(
  'allocations',
  {
    ...documentColumns(),
    salesOrderId: ref(),
    customerId: ref(),
    shipFromLocationId: ref()
      .notNull()
      .references(() => locations.id),
    shipDate: date({ mode: 'string' }),
    carrier: varchar({ length: 60 }),
    trackingNo: varchar({ length: 60 }),
    status: varchar({ length: 30 }).notNull().default('draft'),
  },
  () => [check('allocations_status_ck', checkInList('status', ALLOCATION_STATUSES))],
);

export const allocationLines = pgTable(
  'allocation_lines',
  {
    ...standardColumns(),
    allocationId: ref()
      .notNull()
      .references(() => allocations.id, { onDelete: 'cascade' }),
    salesOrderLineId: ref(),
    productId: ref()
      .notNull()
      .references(() => products.id),
    lotId: ref().references(() => stockLots.id),
    binId: ref().references(() => bins.id),
    qtyAllocated: qty().notNull(),
    qtyPicked: qty().notNull().default('0'),
    qtyShipped: qty().notNull().default('0'),
  },
  (t) => [
    check('allocation_lines_qty_ck', sql`${t.qtyAllocated} > 0`),
    index('allocation_lines_doc_idx').on(t.allocationId),
    index('allocation_lines_product_idx').on(t.productId),
  ],
);
