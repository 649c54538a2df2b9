import { PRODUCTION_ORDERS } from './production-orders.routes.ts';
import { PRODUCTION_REPORTS } from './production-reports.routes.ts';
import { buildRoutes, form, group, page } from './route-builder.ts';

// Production (docs/product.md §2 /production), each page under the docs/product.md §6 row that
// governs it. Distribution centers and machine maintenance are modules of their own in the role
// map, so their groups need that module enabled as well as Production.

const MAIN = 'production_main' as const;
const WPL = 'warehouse_product_locations' as const;
const MNT = 'maintenance_admin' as const;

const configuration = group(
  '/production/configuration',
  'production.configuration',
  'Configuration',
  'IconSettings',
  [
    page('/production/flows', 'production.flows', 'Flows', 'IconRoute', MAIN),
    form(
      '/production/flows/:flow_id/flow-actions',
      'production.flow-actions',
      'Flow Actions',
      'IconListDetails',
      MAIN,
    ),
    page('/production/operations', 'production.operations', 'Operations', 'IconTool', MAIN),
    page('/production/phases', 'production.phases', 'Phases', 'IconStairs', MAIN),
    page('/production/machines', 'production.machines', 'Machines', 'IconBuildingFactory', MAIN),
    page(
      '/production/stamping-machines',
      'production.stamping-machines',
      'Stamping Machines',
      'IconRubberStamp',
      MAIN,
    ),
    page('/production/reels', 'production.reels', 'Reels', 'IconCircleDashed', 'production_reels'),
    // The reel form creates and edits; viewers (supervisor_production) stay on the list.
    form(
      '/production/reel/:id?',
      'production.reel',
      'Reel',
      'IconCircleDashed',
      'production_reel_edit',
    ),
    page('/production/carts', 'production.carts', 'Carts', 'IconShoppingCart', MAIN),
    page('/production/skids', 'production.skids', 'Skids', 'IconForklift', MAIN),
    page(
      '/production/hplc-categories',
      'production.hplc-categories',
      'HPLC Categories',
      'IconFlask',
      MAIN,
    ),
    page(
      '/production/recipes',
      'production.recipes',
      'Recipes',
      'IconFlask2',
      'production_recipes',
    ),
    // A recipe's draft form and its workflow actions; the list above opens it.
    form(
      '/production/recipe/:id?',
      'production.recipe',
      'Recipe',
      'IconFlask2',
      'production_recipes',
    ),
    page(
      '/production/recipe/fetch',
      'production.recipe-fetch',
      'Recipe Calculator',
      'IconCalculator',
      'production_recipes',
    ),
    page(
      '/production/import',
      'production.import',
      'Recipe Import',
      'IconFileImport',
      'production_admin',
    ),
    // Holds the report settings too (spec: "Report settings are at settings").
    page('/production/settings', 'production.settings', 'Settings', 'IconSettings', MAIN),
  ],
);

const distributionCenters = group(
  '/production/distribution-centers',
  'production.distribution-centers',
  'Distribution Centers',
  'IconBuildingWarehouse',
  [
    page(
      '/production/warehouse-products-locations',
      'production.warehouse-locations',
      'Warehouse Product Locations',
      'IconMapPins',
      WPL,
    ),
    form(
      '/production/warehouse-product-locations/:product_id?',
      'production.warehouse-location',
      'Warehouse Product Location',
      'IconMapPins',
      WPL,
    ),
    form(
      '/production/warehouse-product-locations-logs/:product_id',
      'production.warehouse-location-logs',
      'Product Location Logs',
      'IconHistory',
      WPL,
    ),
    page(
      '/production/reports/warehouse-locations-logs',
      'production.warehouse-locations-logs-report',
      'Locations Logs',
      'IconHistory',
      WPL,
    ),
    page(
      '/production/reports/duplicated-warehouse-locations',
      'production.duplicated-warehouse-locations',
      'Duplicated Locations',
      'IconCopy',
      WPL,
    ),
  ],
  { module: WPL },
);

const maintenance = group(
  '/production/maintenance',
  'production.maintenance',
  'Machine Maintenance',
  'IconTool',
  [
    page(
      '/production/issue-sections',
      'production.issue-sections',
      'Issue Sections',
      'IconCategory2',
      MNT,
    ),
    page(
      '/production/issue-details',
      'production.issue-details',
      'Issue Details',
      'IconListDetails',
      MNT,
    ),
    // Technicians work the orders the admins triage: one screen, two rows.
    page(
      '/production/work-orders',
      'production.work-orders',
      'Work Orders',
      'IconClipboardCheck',
      MNT,
      {
        sharedWith: ['maintenance_technician', 'maintenance_requests'],
      },
    ),
    form(
      '/production/work-order/:id?',
      'production.work-order',
      'Work Order',
      'IconClipboardCheck',
      MNT,
      { sharedWith: ['maintenance_technician', 'maintenance_requests'] },
    ),
    page(
      '/production/reports/work-order-comments',
      'production.work-order-comments',
      'Comments Report',
      'IconMessages',
      MNT,
    ),
  ],
  { module: 'machine_maintenance' },
);

const dashboards = group(
  '/production/dashboards',
  'production.dashboards',
  'Dashboards',
  'IconLayoutDashboard',
  [
    page(
      '/production/production-dashboard',
      'production.dashboard',
      'Production Dashboard',
      'IconGauge',
      'production_dashboard',
    ),
    page(
      '/production/transfer',
      'production.transfer-dashboard',
      'Transfer Dashboard',
      'IconTruck',
      'production_transfer',
    ),
    // The transfer row lists shipping and transfer; shipping has no row of its own in Production.
    page(
      '/production/shipping',
      'production.shipping-dashboard',
      'Shipping Dashboard',
      'IconTruckDelivery',
      'production_transfer',
    ),
    // Machine state and open work orders are what the maintenance admins watch.
    page(
      '/production/machines-dashboard',
      'production.machines-dashboard',
      'Machines Dashboard',
      'IconDeviceDesktopAnalytics',
      MNT,
    ),
    // Days of stamp cover per jurisdiction, for the stamp room and the floor's wall.
    page(
      '/production/stamp-cover',
      'production.stamp-cover',
      'Stamp Cover',
      'IconRubberStamp',
      'production_stamp_cover',
    ),
  ],
);

export const PRODUCTION_ROUTES = buildRoutes(
  group(
    '/production',
    'production',
    'Production',
    'IconBuildingFactory2',
    [
      configuration,
      distributionCenters,
      maintenance,
      dashboards,
      PRODUCTION_ORDERS,
      PRODUCTION_REPORTS,
    ],
    { module: 'production' },
  ),
);
