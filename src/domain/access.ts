import { ROLES, type Role } from './roles.ts';

// The access table of docs/product.md §6 as data. The server authorises every route and channel
// from it; the browser builds menus from it. `admin` bypasses every check, so it is not repeated
// below.

type AreaRule = {
  /** Roles that may read and act in the area. */
  readonly roles: readonly Role[];
  /** Roles that may only export the area's reports (read-only), e.g. production_reports. */
  readonly exportRoles?: readonly Role[];
};

const SUPERVISORS = ['supervisor_batcher', 'supervisor_production'] as const;
const STAMPING_CORRECTORS = ['supervisor', 'manager', 'stamp_inventory'] as const;
const RD_ROLES = ['rd_requester', 'rd_supervisor', 'rd_flavorist', 'rd_quality_control'] as const;

export const ACCESS_TABLE = {
  /** General section */
  general: { roles: [] },
  /** Inventory section */
  inventory: { roles: ['inventory'] },
  /** Inventory changes */
  inventory_changes: { roles: ['product_approval_admin'] },
  // **decision**: every role that acts on a stock document opens it. The
  // section row keeps writing drafts; these rows add the readers (and the floor's writers).
  /** Transfers */
  stock_transfers: {
    roles: ['inventory', 'warehouse', 'transfer', 'shipping', 'planning', 'manager'],
  },
  /** Packing lists */
  stock_packing_lists: {
    roles: ['inventory', 'warehouse', 'shipping'],
  },
  // The warehouse receives against purchase orders (docs/journeys.md, Purchase): receivings are
  // written and posted by both the section and the floor (**decision**).
  /** Receivings */
  stock_receivings: {
    roles: ['inventory', 'warehouse'],
  },
  /** Warehouse floor: counts, packing list drafts */
  stock_floor: {
    roles: ['inventory', 'warehouse'],
  },
  // **decision**: a trace shows lots, production orders, HPLC results and
  // customers at once, so it opens to the roles who answer for a recall and already read
  // most of those records: the inventory section, QA and the HPLC lab, both supervisors and
  // the production supervisor, planning, shipping (who ship the lots) and management.
  /** Lot trace and recall report */
  lot_trace: {
    roles: [
      'inventory',
      'qa_manager',
      'hplc_tech',
      'supervisor',
      ...SUPERVISORS,
      'planning',
      'shipping',
      'manager',
      'director',
    ],
  },
  /** Lab receiving section */
  lab_receiving: { roles: ['supervisor', 'warehouse'] },
  /** Lab receiving containers, flashpoint classes */
  lab_receiving_containers: {
    roles: ['supervisor'],
  },
  /** Receiving */
  receiving: { roles: ['warehouse'] },
  /** Production section main */
  production_main: { roles: [] },
  /** Production dashboard */
  production_dashboard: {
    roles: [
      'planning',
      'supervisor',
      'requester',
      'batcher',
      'bottler',
      'labeler',
      'transfer',
      'shipping',
      'recovery',
      'stamper',
    ],
  },
  /** Changing on the dashboard */
  production_dashboard_change: {
    roles: ['batcher', 'bottler', 'labeler'],
  },
  /** Transfer page */
  production_transfer: {
    roles: [
      'manager',
      'qa_manager',
      'hplc_tech',
      ...SUPERVISORS,
      'transfer',
      'shipping',
      'planning',
      'batcher',
      'bottler',
      'labeler',
      'stamper',
    ],
  },
  /** QR code generation */
  production_qr_codes: {
    roles: ['supervisor_production', 'supervisor', 'transfer', 'shipping', 'requester'],
  },
  /** Label check */
  production_label_check: {
    roles: ['supervisor_production', 'bottler', 'labeler', 'stamper', 'transfer', 'shipping'],
  },
  // **decision:** head_batcher is one of the "batcher kinds" of docs/product.md §6 and the order
  // workflow lets it start and finish batching (docs/domain/production.md §3.2), so it opens the
  // order page to do so.
  /** Production order page */
  production_orders: {
    roles: [
      'batcher',
      'head_batcher',
      'bottler',
      'labeler',
      'transfer',
      'shipping',
      ...SUPERVISORS,
      'hplc_tech',
      'manager',
      'planning',
      'qa_manager',
      'stamper',
    ],
  },
  /** Daily orders */
  production_daily_orders: {
    roles: ['requester', ...SUPERVISORS, 'hplc_tech', 'manager', 'planning', 'qa_manager'],
  },
  // **decision:** of the daily orders' readers, those who ask for production write and submit
  // drafts; hplc_tech and qa_manager follow them read-only (daily-order.machine.ts).
  /** Daily orders, writing drafts */
  production_daily_orders_edit: {
    roles: ['requester', ...SUPERVISORS, 'manager', 'planning'],
  },
  /** Pending */
  production_pending: { roles: ['manager', 'planning'] },
  /** Pending reel */
  production_pending_reel: { roles: ['manager', 'stamp_inventory'] },
  // **decision:** the monthly reconciliation is kept by stamp inventory and answered for by the
  // manager (docs/domain/production.md "Monthly stamp reconciliation").
  /** Stamp reconciliation */
  production_stamp_reconciliation: { roles: ['stamp_inventory', 'manager'] },
  /** Production page */
  production_page: { roles: [...SUPERVISORS, 'manager'] },
  /** HPLC page */
  production_hplc: { roles: ['qa_manager', 'hplc_tech'] },
  /** Stamping orders */
  production_stamping_orders: { roles: ['stamper'] },
  /** Production admin, recipe imports */
  production_admin: { roles: [] },
  /** PO admin */
  production_order_admin: { roles: ['planning'] },
  /** Recipes section */
  production_recipes: {
    roles: [
      'batcher',
      'supervisor_batcher',
      'hplc_tech',
      'manager',
      'recipes',
      'qa_manager',
      'recipe_approval',
    ],
  },
  // Drafts of recipes are written by the roles that submit them (docs/domain/production.md §3.1);
  // the rest of the section reads.
  /** Recipes section, editing drafts */
  production_recipes_edit: {
    roles: ['recipes', 'supervisor_batcher'],
  },
  /** Production reports */
  production_reports: {
    roles: [...SUPERVISORS, 'hplc_tech', 'manager', 'planning', 'qa_manager'],
    exportRoles: ['production_reports'],
  },
  // **decision:** the label check logs are both a Production report and the Label check
  // roles' own log (docs/domain/production.md §3.2 `label_checks +log (Label check roles)`), where
  // they record a check too.
  /** Label check logs */
  production_label_check_logs: {
    roles: [
      ...SUPERVISORS,
      'hplc_tech',
      'manager',
      'planning',
      'qa_manager',
      'bottler',
      'labeler',
      'stamper',
      'transfer',
      'shipping',
    ],
    exportRoles: ['production_reports'],
  },
  /** Batching picking report */
  production_picking_report: {
    roles: ['batcher', 'warehouse'],
  },
  /** Stamping order corrections */
  production_stamping_corrections: {
    roles: [...STAMPING_CORRECTORS],
  },
  /** Production order corrections */
  production_order_corrections: {
    roles: [...STAMPING_CORRECTORS, ...SUPERVISORS],
  },
  // **decision:** no row of docs/product.md §6 names recoveries; docs/domain/production.md §3.2
  // gives them to the recovery role, and QA scraps (or retests) one whose HPLC test failed.
  /** Recoveries */
  production_recoveries: { roles: ['recovery', 'qa_manager'] },
  /** Reels pages */
  production_reels: { roles: ['stamp_inventory', 'supervisor_production'] },
  /** Reel create and limited edit */
  production_reel_edit: { roles: ['stamp_inventory'] },
  // docs/domain/production.md "Stamp cover": the cover panel is read where stamps are kept and
  // on the floor's wall; a reel request is drafted by those who answer for the stamps.
  /** Stamp cover panel and wall */
  production_stamp_cover: {
    roles: ['stamp_inventory', 'manager', 'planning', 'stamper', ...SUPERVISORS],
  },
  /** Drafting a reel request from the stamp cover */
  production_stamp_cover_draft: { roles: ['stamp_inventory', 'manager'] },
  /** Assembly section and orders */
  assembly: { roles: [] },
  /** Assembly dashboard */
  assembly_dashboard: {
    roles: ['sealer', 'stamper', 'cartoner', 'transfer'],
  },
  /** Assembly shipping */
  assembly_shipping: { roles: ['shipping'] },
  /** Projects */
  projects: { roles: ['director', 'manager'] },
  /** Sales section */
  sales_section: { roles: ['director', 'manager'] },
  /** Purchase */
  purchase: { roles: ['purchase'] },
  /** Sale */
  sale: { roles: ['sale'] },
  // Sales orders and discounts are written by sale and read by the sales section
  // (docs/domain/sales.md §6).
  /** Sales orders */
  sales_orders: {
    roles: ['sale', 'director', 'manager'],
  },
  // **decision**: the vaping duty return is read by who sells (sale and the sales section)
  // and by stamp_inventory, who answers for the stamps the duty goes with
  // (docs/domain/sales.md "Vaping duty"); its rates are admin's (general).
  /** Vaping duty report */
  vaping_duty_report: { roles: ['sale', 'director', 'manager', 'stamp_inventory'] },
  /** R&D projects */
  rd_projects: { roles: ['rd_requester', 'rd_supervisor'] },
  /** R&D samples */
  rd_samples: {
    roles: ['rd_flavorist', 'rd_supervisor', 'rd_quality_control'],
  },
  /** R&D overall */
  rd_overall: {
    roles: [
      'recipes',
      'batcher',
      'supervisor_batcher',
      'head_batcher',
      'hplc_tech',
      'manager',
      'qa_manager',
      ...RD_ROLES,
    ],
  },
  /** R&D reports */
  rd_reports: { roles: ['recipes', 'hplc_tech', 'manager', 'qa_manager'] },
  /** R&D recipe change */
  rd_recipe_change: { roles: ['recipes', 'head_batcher'] },
  /** Training trainer page */
  training_trainer: {
    roles: ['manager', 'qa_manager', 'training_supervisor', 'trainer'],
  },
  /** Training change */
  training_change: { roles: ['qa_manager', 'training_supervisor'] },
  /** Training admin */
  training_admin: { roles: ['training_supervisor'] },
  // docs/domain/training.md §8 decision: any Training-module user sees and signs their own
  // trainings, so every role opens "My trainings"; the server narrows each read to the caller's own
  // rows.
  /** Training trainee (own trainings) */
  training_self: { roles: ROLES.filter((r) => r !== 'admin') },
  /** Forecast */
  forecast: { roles: ['manager'] },
  /** Warehouse product locations */
  warehouse_product_locations: { roles: [] },
  /** Machine maintenance admin */
  maintenance_admin: {
    roles: ['supervisor', 'supervisor_production', 'manager'],
  },
  /** Maintenance technician */
  maintenance_technician: { roles: ['automation_tech'] },
  // docs/domain/production.md §3.4 decision: any production role may report a machine problem and
  // follow its work order; the work order machine decides who triages and works it.
  /** Machine maintenance requests */
  maintenance_requests: {
    roles: [
      'supervisor',
      'planning',
      'requester',
      'batcher',
      'head_batcher',
      'bottler',
      'labeler',
      'transfer',
      'shipping',
      'recovery',
      'stamper',
      'stamp_inventory',
      'manager',
      'qa_manager',
      'hplc_tech',
      ...SUPERVISORS,
      'recipes',
      'recipe_approval',
      'automation_tech',
    ],
  },
  /** Imports */
  imports: { roles: [] },
  // The one approval inbox (/approvals, docs/journeys.md "Approvals"): the approvers the journey
  // names and every role a decision of the inbox waits for (work-queues.ts `decision`; a unit
  // test keeps the two in step). What each person sees in it is narrowed on the server.
  /** Approvals */
  approvals: {
    roles: [
      'product_approval_admin',
      'recipe_approval',
      'manager',
      'stamp_inventory',
      'inventory',
      'qa_manager',
      'training_supervisor',
      'rd_supervisor',
    ],
  },
} as const satisfies Record<string, AreaRule>;

export type Area = keyof typeof ACCESS_TABLE;

/** `use` is everything an area allows; `export` is the read-only report export. */
export type AccessAction = 'use' | 'export';

export const AREAS = Object.keys(ACCESS_TABLE) as Area[];

export function isArea(value: string): value is Area {
  return Object.hasOwn(ACCESS_TABLE, value);
}

/** The single rule every route, channel and menu entry is checked with. */
export function canAccess(
  userRoles: readonly string[],
  area: Area,
  action: AccessAction = 'use',
): boolean {
  if (userRoles.includes('admin')) return true;
  const rule: AreaRule = ACCESS_TABLE[area];
  if (rule.roles.some((r) => userRoles.includes(r))) return true;
  return action === 'export' && (rule.exportRoles ?? []).some((r) => userRoles.includes(r));
}

/** Roles that pass `canAccess` for an area, admin first; for docs and menus. */
export function rolesFor(area: Area, action: AccessAction = 'use'): Role[] {
  const rule: AreaRule = ACCESS_TABLE[area];
  const extra = action === 'export' ? (rule.exportRoles ?? []) : [];
  return ['admin', ...rule.roles, ...extra];
}
