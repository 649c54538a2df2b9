import type { EntityDeclaration } from '../../entity/entity-declaration.ts';
import { productFields, productFilterFields } from '../../entity/shared-fields.ts';
import { DAILY_ORDERS } from './daily-orders.entity.ts';
import { RECIPE_BASES, RECIPE_STATUSES } from './recipes.entity.ts';
import { DAILY_LINE_STATUSES, DAILY_ORDER_STATUSES } from './daily-order-values.ts';
import { ORDER_PRIORITIES, ORDER_STAGES, ORDER_STATUSES } from './production-order-values.ts';
import { productionReport } from './production-reports.entity.ts';
import {
  enumColumn,
  hiddenIdColumn,
  numberColumn,
  pctColumn,
  textColumn,
  timeColumn,
  unitsColumn,
} from '../../entity/read-only-columns.ts';

// The daily order and recipe reports of docs/domain/production.md §3.6, over the views of migration
// 0018: Production reports (export also production_reports), polled like the others.

const dailyOrder = [
  hiddenIdColumn('daily_order_id', 'Daily order id'),
  textColumn('number', 'Daily order', 110),
  timeColumn('order_date', 'Order date', 'date'),
  hiddenIdColumn('location_id', 'Destination id'),
  textColumn('location_name', 'Destination', 160),
  enumColumn('status', 'Status', DAILY_ORDER_STATUSES),
];

/**
 * daily-orders-report: per accepted daily order and product, requested vs produced vs
 * delivered, and the fill rate (delivered ÷ requested).
 */
export const DAILY_ORDERS_REPORT = productionReport(
  'daily_orders_report',
  'Daily orders report',
  '/api/production/reports/daily-orders-report',
  [
    ...dailyOrder,
    ...productFields(false),
    unitsColumn('requested_units', 'Requested'),
    textColumn('production_order_number', 'Production order', 130),
    unitsColumn('produced_units', 'Produced'),
    unitsColumn('transferred_units', 'Transferred', 110),
    unitsColumn('delivered_units', 'Delivered'),
    pctColumn('fill_rate_pct', 'Fill rate %'),
    ...productFilterFields(),
  ],
  { field: 'order_date', direction: 'desc' },
);

/** daily-orders-list: every line with its production order and where that order stands. */
export const DAILY_ORDERS_LIST = productionReport(
  'daily_orders_list',
  'Daily orders list',
  '/api/production/reports/daily-orders-list',
  [
    ...dailyOrder,
    textColumn('requested_by_name', 'Requested by', 140),
    ...productFields(false),
    unitsColumn('requested_units', 'Units'),
    enumColumn('priority', 'Priority', ORDER_PRIORITIES, 100, false),
    enumColumn('line_status', 'Line status', DAILY_LINE_STATUSES),
    hiddenIdColumn('production_order_id', 'Production order id'),
    textColumn('production_order_number', 'Production order', 130),
    enumColumn('production_order_status', 'Order status', ORDER_STATUSES),
    enumColumn('production_order_stage', 'Stage', ORDER_STAGES),
    ...productFilterFields(),
  ],
  { field: 'order_date', direction: 'desc' },
);

/** recipes: every version's ingredients and %, its approver, and where it is used. */
export const RECIPES_REPORT = productionReport(
  'recipes_report',
  'Recipes report',
  '/api/production/reports/recipes',
  [
    hiddenIdColumn('recipe_id', 'Recipe id'),
    textColumn('code', 'Recipe', 110),
    unitsColumn('recipe_version', 'Version', 80),
    textColumn('name', 'Name', 180),
    enumColumn('status', 'Status', RECIPE_STATUSES),
    hiddenIdColumn('bulk_product_id', 'Bulk liquid id'),
    textColumn('bulk_product_sku', 'Bulk liquid', 140),
    numberColumn('target_nicotine_mg', 'Nicotine mg/ml', 3, 120),
    enumColumn('basis', 'Basis', RECIPE_BASES, 80, false),
    ...productFields(false).map((f) => ({
      ...f,
      label: f.name === 'product_name' ? 'Ingredient name' : 'Ingredient',
    })),
    numberColumn('percentage', '%', 4, 90),
    { name: 'is_fill', label: 'Fill', kind: 'boolean', readOnly: true, listOnly: true, width: 70 },
    textColumn('approved_by_name', 'Approved by', 140),
    timeColumn('approved_at', 'Approved'),
    textColumn('used_by_products', 'Used by products', 220),
    unitsColumn('used_by_product_count', 'Products', 90),
    unitsColumn('open_order_count', 'Open orders', 100),
    ...productFilterFields(),
  ],
  { field: 'code', direction: 'asc' },
  'code',
);

/** The daily orders, their reports and the recipes report, for the entity registry. */
export const DAILY_ORDER_ENTITIES: readonly EntityDeclaration[] = [
  DAILY_ORDERS,
  DAILY_ORDERS_REPORT,
  DAILY_ORDERS_LIST,
  RECIPES_REPORT,
];
