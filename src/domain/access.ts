import type { Role } from './roles.ts';

// The access table of spec §6 as data. The server authorises every route and channel from it;
// the browser builds menus from it. `admin` bypasses every check, so it is not repeated below.

type AreaRule = {
  /** What the row of spec §6 is called, for error messages and docs. */
  readonly label: string;
  /** Roles that may read and act in the area. */
  readonly roles: readonly Role[];
  /** Roles that may only export the area's reports (read-only), e.g. production_reports. */
  readonly exportRoles?: readonly Role[];
};

const SUPERVISORS = ['supervisor_batcher', 'supervisor_production'] as const;
const STAMPING_CORRECTORS = ['supervisor', 'manager', 'stamp_inventory'] as const;
const RD_ROLES = ['rd_requester', 'rd_supervisor', 'rd_flavorist', 'rd_quality_control'] as const;

export const ACCESS_TABLE = {
  general: { label: 'General section', roles: [] },
  inventory: { label: 'Inventory section', roles: ['inventory'] },
  inventory_changes: { label: 'Inventory changes', roles: ['product_approval_admin'] },
  // **decision** (issue 13 defect 3): every role that acts on a stock document opens it. The
  // section row keeps writing drafts; these rows add the readers (and the floor's writers).
  stock_transfers: {
    label: 'Transfers',
    roles: ['inventory', 'warehouse', 'transfer', 'shipping', 'planning', 'manager'],
  },
  stock_packing_lists: {
    label: 'Packing lists',
    roles: ['inventory', 'warehouse', 'shipping'],
  },
  // The warehouse receives against purchase orders (journeys.md, Purchase): receivings are
  // written and posted by both the section and the floor (**decision**, issue 16).
  stock_receivings: {
    label: 'Receivings',
    roles: ['inventory', 'warehouse'],
  },
  stock_floor: {
    label: 'Warehouse floor: counts, packing list drafts',
    roles: ['inventory', 'warehouse'],
  },
  lab_receiving: { label: 'Lab receiving section', roles: ['supervisor', 'warehouse'] },
  lab_receiving_containers: {
    label: 'Lab receiving containers, flashpoint classes',
    roles: ['supervisor'],
  },
  receiving: { label: 'Receiving', roles: ['warehouse'] },
  production_main: { label: 'Production section main', roles: [] },
  production_dashboard: {
    label: 'Production dashboard',
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
  production_dashboard_change: {
    label: 'Changing on the dashboard',
    roles: ['batcher', 'bottler', 'labeler'],
  },
  production_transfer: {
    label: 'Transfer page',
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
  production_qr_codes: {
    label: 'QR code generation',
    roles: ['supervisor_production', 'supervisor', 'transfer', 'shipping', 'requester'],
  },
  production_label_check: {
    label: 'Label check',
    roles: ['supervisor_production', 'bottler', 'labeler', 'stamper', 'transfer', 'shipping'],
  },
  // **decision:** head_batcher is one of the "batcher kinds" of spec §6 and the order workflow
  // lets it start and finish batching (domain.md §3.2), so it opens the order page to do so.
  production_orders: {
    label: 'Production order page',
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
  production_daily_orders: {
    label: 'Daily orders',
    roles: ['requester', ...SUPERVISORS, 'hplc_tech', 'manager', 'planning', 'qa_manager'],
  },
  // **decision:** of the daily orders' readers, those who ask for production write and submit
  // drafts; hplc_tech and qa_manager follow them read-only (daily-order.machine.ts).
  production_daily_orders_edit: {
    label: 'Daily orders, writing drafts',
    roles: ['requester', ...SUPERVISORS, 'manager', 'planning'],
  },
  production_pending: { label: 'Pending', roles: ['manager', 'planning'] },
  production_pending_reel: { label: 'Pending reel', roles: ['manager', 'stamp_inventory'] },
  production_page: { label: 'Production page', roles: [...SUPERVISORS, 'manager'] },
  production_hplc: { label: 'HPLC page', roles: ['qa_manager', 'hplc_tech'] },
  production_stamping_orders: { label: 'Stamping orders', roles: ['stamper'] },
  production_admin: { label: 'Production admin, recipe imports', roles: [] },
  production_order_admin: { label: 'PO admin', roles: ['planning'] },
  production_recipes: {
    label: 'Recipes section',
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
  // Drafts of recipes are written by the roles that submit them (domain.md §3.1); the rest
  // of the section reads.
  production_recipes_edit: {
    label: 'Recipes section, editing drafts',
    roles: ['recipes', 'supervisor_batcher'],
  },
  production_reports: {
    label: 'Production reports',
    roles: [...SUPERVISORS, 'hplc_tech', 'manager', 'planning', 'qa_manager'],
    exportRoles: ['production_reports'],
  },
  // **decision:** the label check logs are both a Production report and the Label check
  // roles' own log (domain.md §3.2 `label_checks +log (Label check roles)`), where they record
  // a check too.
  production_label_check_logs: {
    label: 'Label check logs',
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
  production_picking_report: {
    label: 'Batching picking report',
    roles: ['batcher', 'warehouse'],
  },
  production_stamping_corrections: {
    label: 'Stamping order corrections',
    roles: [...STAMPING_CORRECTORS],
  },
  production_order_corrections: {
    label: 'Production order corrections',
    roles: [...STAMPING_CORRECTORS, ...SUPERVISORS],
  },
  // **decision:** no row of spec §6 names recoveries; domain.md §3.2 gives them to the recovery
  // role, and QA scraps (or retests) one whose HPLC test failed.
  production_recoveries: { label: 'Recoveries', roles: ['recovery', 'qa_manager'] },
  production_reels: { label: 'Reels pages', roles: ['stamp_inventory', 'supervisor_production'] },
  production_reel_edit: { label: 'Reel create and limited edit', roles: ['stamp_inventory'] },
  assembly: { label: 'Assembly section and orders', roles: [] },
  assembly_dashboard: {
    label: 'Assembly dashboard',
    roles: ['sealer', 'stamper', 'cartoner', 'transfer'],
  },
  assembly_shipping: { label: 'Assembly shipping', roles: ['shipping'] },
  projects: { label: 'Projects', roles: ['director', 'manager'] },
  sales_section: { label: 'Sales section', roles: ['director', 'manager'] },
  purchase: { label: 'Purchase', roles: ['purchase'] },
  sale: { label: 'Sale', roles: ['sale'] },
  // Sales orders and discounts are written by sale and read by the sales section (domain.md §6).
  sales_orders: {
    label: 'Sales orders',
    roles: ['sale', 'director', 'manager'],
  },
  rd_projects: { label: 'R&D projects', roles: ['rd_requester', 'rd_supervisor'] },
  rd_samples: {
    label: 'R&D samples',
    roles: ['rd_flavorist', 'rd_supervisor', 'rd_quality_control'],
  },
  rd_overall: {
    label: 'R&D overall',
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
  rd_reports: { label: 'R&D reports', roles: ['recipes', 'hplc_tech', 'manager', 'qa_manager'] },
  rd_recipe_change: { label: 'R&D recipe change', roles: ['recipes', 'head_batcher'] },
  training_trainer: {
    label: 'Training trainer page',
    roles: ['manager', 'qa_manager', 'training_supervisor', 'trainer'],
  },
  training_change: { label: 'Training change', roles: ['qa_manager', 'training_supervisor'] },
  training_admin: { label: 'Training admin', roles: ['training_supervisor'] },
  forecast: { label: 'Forecast', roles: ['manager'] },
  warehouse_product_locations: { label: 'Warehouse product locations', roles: [] },
  maintenance_admin: {
    label: 'Machine maintenance admin',
    roles: ['supervisor', 'supervisor_production', 'manager'],
  },
  maintenance_technician: { label: 'Maintenance technician', roles: ['automation_tech'] },
  // domain.md §3.4 decision: any production role may report a machine problem and follow its
  // work order; the work order machine decides who triages and works it.
  maintenance_requests: {
    label: 'Machine maintenance requests',
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
  imports: { label: 'Imports', roles: [] },
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
