import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  DAILY_LINE_STATUSES,
  DAILY_ORDER_STATUSES,
} from '../../../src/domain/entities/production/daily-order-values.ts';
import { ORDER_PRIORITIES } from '../../../src/domain/entities/production/production-order-values.ts';
import { checkInList } from './check-in-list.ts';
import { locations } from './general.ts';
import { products } from './inventory.ts';
import { productionOrders } from './production-orders.ts';
import { standardColumns, users } from './users.ts';

// Daily orders DO- (docs/domain/production.md §3.2): what a destination asks the plant to make for
// a day, one line per finished good. Accepting turns each line into a draft production order linked
// here; the line and the header then follow those orders (daily-order-sync.ts).

const ref = () => bigint({ mode: 'number' });

export const dailyOrders = pgTable(
  'daily_orders',
  {
    ...standardColumns(),
    number: varchar({ length: 20 }).notNull().unique(),
    orderDate: date({ mode: 'string' }).notNull(),
    // The person who submitted it: the requester of record.
    requestedBy: ref().references(() => users.id),
    locationId: ref()
      .notNull()
      .references(() => locations.id),
    status: varchar({ length: 20 }).notNull().default('draft'),
    submittedBy: ref().references(() => users.id),
    submittedAt: timestamp({ withTimezone: true, mode: 'date' }),
    acceptedBy: ref().references(() => users.id),
    acceptedAt: timestamp({ withTimezone: true, mode: 'date' }),
    note: varchar({ length: 500 }),
  },
  (t) => [
    check('daily_orders_status_ck', checkInList('status', DAILY_ORDER_STATUSES)),
    index('daily_orders_date_idx').on(t.orderDate),
  ],
);

export const dailyOrderLines = pgTable(
  'daily_order_lines',
  {
    ...standardColumns(),
    dailyOrderId: ref()
      .notNull()
      .references(() => dailyOrders.id, { onDelete: 'cascade' }),
    productId: ref()
      .notNull()
      .references(() => products.id),
    qtyUnits: integer().notNull(),
    priority: varchar({ length: 10 }).notNull().default('normal'),
    productionOrderId: ref().references(() => productionOrders.id),
    lineStatus: varchar({ length: 12 }).notNull().default('open'),
  },
  (t) => [
    // One line per product: the reports read a daily order per product
    // (docs/domain/production.md §3.6).
    unique('daily_order_lines_product_uk').on(t.dailyOrderId, t.productId),
    unique('daily_order_lines_order_uk').on(t.productionOrderId),
    check('daily_order_lines_qty_ck', sql`${t.qtyUnits} > 0`),
    check('daily_order_lines_priority_ck', checkInList('priority', ORDER_PRIORITIES)),
    check('daily_order_lines_status_ck', checkInList('line_status', DAILY_LINE_STATUSES)),
  ],
);
