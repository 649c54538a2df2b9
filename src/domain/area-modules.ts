import { canAccess, type AccessAction, type Area } from './access.ts';
import type { Module } from './modules.ts';

// Spec §2 gates routes by the user's enabled modules as well as by roles. This is the module
// side of the access table: the modules whose screens show an area. A user reaches an area
// only with one of them enabled (admin too: "all routes of enabled modules"). Where one area's
// screens sit in two modules (reels under Production and Assembly), either module opens it.

const PRODUCTION = ['production'] as const;

export const AREA_MODULES = {
  general: ['general'],
  inventory: ['inventory'],
  inventory_changes: ['inventory'],
  stock_transfers: ['inventory'],
  stock_packing_lists: ['inventory'],
  stock_receivings: ['inventory'],
  stock_floor: ['inventory'],
  // The trace page sits under Inventory; its API answers whoever traces from Production or Sale.
  lot_trace: ['inventory', 'production', 'sale'],
  lab_receiving: ['lab'],
  lab_receiving_containers: ['lab'],
  receiving: ['lab'],
  production_main: PRODUCTION,
  production_dashboard: PRODUCTION,
  production_dashboard_change: PRODUCTION,
  production_transfer: PRODUCTION,
  production_qr_codes: PRODUCTION,
  production_label_check: PRODUCTION,
  production_label_check_logs: PRODUCTION,
  production_orders: PRODUCTION,
  production_daily_orders: PRODUCTION,
  production_daily_orders_edit: PRODUCTION,
  production_pending: PRODUCTION,
  production_pending_reel: PRODUCTION,
  production_stamp_reconciliation: PRODUCTION,
  production_page: PRODUCTION,
  production_hplc: PRODUCTION,
  production_stamping_orders: PRODUCTION,
  production_admin: PRODUCTION,
  production_order_admin: PRODUCTION,
  production_recipes: PRODUCTION,
  production_recipes_edit: PRODUCTION,
  production_reports: PRODUCTION,
  production_picking_report: PRODUCTION,
  production_stamping_corrections: PRODUCTION,
  production_order_corrections: PRODUCTION,
  production_recoveries: PRODUCTION,
  production_reels: ['production', 'assembly'],
  production_reel_edit: ['production', 'assembly'],
  production_stamp_cover: PRODUCTION,
  production_stamp_cover_draft: PRODUCTION,
  assembly: ['assembly'],
  assembly_dashboard: ['assembly'],
  assembly_shipping: ['assembly'],
  projects: ['projects'],
  sales_section: ['sale'],
  purchase: ['purchase'],
  sale: ['sale'],
  sales_orders: ['sale'],
  // Under Sales; stamp_inventory works in Production and opens it from there too.
  vaping_duty_report: ['sale', 'production'],
  rd_projects: ['rd'],
  rd_samples: ['rd'],
  rd_overall: ['rd'],
  rd_reports: ['rd'],
  rd_recipe_change: ['rd'],
  training_trainer: ['training'],
  training_change: ['training'],
  training_admin: ['training'],
  training_self: ['training'],
  forecast: ['forecast'],
  warehouse_product_locations: ['warehouse_product_locations'],
  // The machines dashboard, which maintenance admins watch, sits under Production.
  maintenance_admin: ['machine_maintenance', 'production'],
  maintenance_technician: ['machine_maintenance'],
  maintenance_requests: ['machine_maintenance'],
  imports: ['imports'],
  // The inbox's decisions come from these modules (R&D and Training as theirs are built).
  approvals: ['inventory', 'production', 'purchase', 'sale', 'rd', 'training'],
} as const satisfies Record<Area, readonly Module[]>;

/** Whether one of the modules that show `area` is enabled for the user. */
export function hasAreaModule(enabledModules: readonly string[], area: Area): boolean {
  const modules: readonly Module[] = AREA_MODULES[area];
  return modules.some((m) => enabledModules.includes(m));
}

/** The part of a signed-in user an access decision reads. */
export type AreaUser = { readonly roles: readonly string[]; readonly modules: readonly string[] };

/**
 * The server's check for every route and channel: the area's module enabled and the access
 * table's roles. Admin bypasses the roles, never the modules.
 */
export function canUseArea(user: AreaUser, area: Area, action: AccessAction = 'use'): boolean {
  return hasAreaModule(user.modules, area) && canAccess(user.roles, area, action);
}
