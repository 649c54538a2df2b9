import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  DAILY_ORDER_LINES,
  DAILY_ORDERS,
} from '../../../../src/domain/entities/production/daily-orders.entity.ts';
import { dailyOrderLines, dailyOrders } from '../../../db/schema/daily-orders.ts';
import { rowFound } from '../../../db/row-found.ts';
import { qualified, resolveBinding, type EntityBinding } from '../../entity/entity-binding.ts';
import { createdLabels, locationLabel, productLabels } from '../../entity/shared-field-labels.ts';

// What a daily order's list, form and broadcasts show: the header with its line counts (the
// machine's guards read them in the browser) and the lines with their production orders.
// Shared by the document routes and by the sync that follows the production orders.

const id = qualified(dailyOrders.id);
const userName = (column: AnyPgColumn) =>
  sql<string | null>`(select u.name from users u where u.id = ${qualified(column)})`;
const linesWith = (status: string) =>
  sql<number>`(select count(*)::int from daily_order_lines l
      where l.daily_order_id = ${id} and l.line_status = ${status})`.mapWith(Number);

export const dailyOrderHeader: EntityBinding & { table: typeof dailyOrders } = {
  entity: DAILY_ORDERS,
  table: dailyOrders,
  computed: {
    location_name: locationLabel(dailyOrders.locationId),
    requested_by_name: userName(dailyOrders.requestedBy),
    accepted_by_name: userName(dailyOrders.acceptedBy),
    lines_total: sql<number>`(select count(*)::int from daily_order_lines l
        where l.daily_order_id = ${id})`.mapWith(Number),
    lines_open: linesWith('open'),
    lines_planned: linesWith('planned'),
    lines_fulfilled: linesWith('fulfilled'),
    lines_cancelled: linesWith('cancelled'),
    orders_started: rowFound(sql`from daily_order_lines l
        join production_orders o on o.id = l.production_order_id
       where l.daily_order_id = ${id}
         and o.status in ('released', 'in_progress', 'on_hold', 'completed', 'closed', 'scrapped')`),
    ...createdLabels(dailyOrders.createdBy),
  },
};

export const dailyOrderLinesBinding: EntityBinding & { table: typeof dailyOrderLines } = {
  entity: DAILY_ORDER_LINES,
  table: dailyOrderLines,
  computed: {
    ...productLabels(dailyOrderLines.productId),
    production_order_number: sql<string | null>`(select o.number from production_orders o
        where o.id = ${qualified(dailyOrderLines.productionOrderId)})`,
    production_order_status: sql<string | null>`(select o.status from production_orders o
        where o.id = ${qualified(dailyOrderLines.productionOrderId)})`,
  },
};

/** The header as the list reads it, for rows read outside the document routes. */
export const dailyOrderRows = resolveBinding(dailyOrderHeader);
