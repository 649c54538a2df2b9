import { buildRoutes, form, group, page } from '../../../src/domain/route-map/route-builder.ts';

// Assembly (docs/product.md §2 /assembly): admin only ("Assembly section and orders"), except the
// two floor dashboards. Reels are the same stamp custody as Production's, so the same rows apply.

const ASM = 'assembly' as const;

const configuration = group(
  '/assembly/configuration',
  'assembly.configuration',
  'Configuration',
  'IconSettings',
  [
    page('/assembly/flows', 'assembly.flows', 'Flows', 'IconRoute', ASM),
    form(
      '/assembly/flows/:flow_id/flow-actions',
      'assembly.flow-actions',
      'Flow Actions',
      'IconListDetails',
      ASM,
    ),
    page('/assembly/operations', 'assembly.operations', 'Operations', 'IconTool', ASM),
    page('/assembly/phases', 'assembly.phases', 'Phases', 'IconStairs', ASM),
    page('/assembly/machines', 'assembly.machines', 'Machines', 'IconBuildingFactory', ASM),
    page('/assembly/reels', 'assembly.reels', 'Reels', 'IconCircleDashed', 'production_reels'),
    form(
      '/assembly/reel/:id?',
      'assembly.reel',
      'Reel',
      'IconCircleDashed',
      'production_reel_edit',
    ),
    page('/assembly/skids', 'assembly.skids', 'Skids', 'IconForklift', ASM),
    page(
      '/assembly/kit-components',
      'assembly.kit-components',
      'Kit Components',
      'IconStack2',
      ASM,
    ),
    page('/assembly/settings', 'assembly.settings', 'Settings', 'IconSettings', ASM),
  ],
);

const orders = group('/assembly/orders', 'assembly.orders', 'Orders', 'IconClipboardList', [
  page(
    '/assembly/assembly-orders',
    'assembly.assembly-orders',
    'Assembly Orders',
    'IconClipboardList',
    ASM,
  ),
]);

const dashboards = group(
  '/assembly/dashboards',
  'assembly.dashboards',
  'Dashboards',
  'IconLayoutDashboard',
  [
    page(
      '/assembly/assembly-dashboard',
      'assembly.dashboard',
      'Assembly Dashboard',
      'IconGauge',
      'assembly_dashboard',
    ),
    page(
      '/assembly/shipping-dashboard',
      'assembly.shipping-dashboard',
      'Shipping Dashboard',
      'IconTruckDelivery',
      'assembly_shipping',
    ),
  ],
);

const reports = group('/assembly/reports', 'assembly.reports', 'Reports', 'IconReportAnalytics', [
  page(
    '/assembly/reports/stamping',
    'assembly.stamping-report',
    'Stamping Report',
    'IconRubberStamp',
    ASM,
  ),
  page(
    '/assembly/reports/reels-summary',
    'assembly.reels-summary',
    'Reels Summary',
    'IconCircleDashed',
    ASM,
  ),
  page(
    '/assembly/reports/damaged-stamps',
    'assembly.damaged-stamps',
    'Damaged Stamps',
    'IconAlertTriangle',
    ASM,
  ),
]);

export const ASSEMBLY_ROUTES = buildRoutes(
  group(
    '/assembly',
    'assembly',
    'Assembly',
    'IconPuzzle',
    [configuration, orders, dashboards, reports],
    {
      module: 'assembly',
    },
  ),
);
