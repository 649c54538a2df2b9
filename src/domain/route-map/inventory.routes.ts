import { buildRoutes, form, group, page } from './route-builder.ts';

// Inventory (docs/product.md §2 /inventory): the "Inventory section" row, except product change
// control, which is the approvers' "Inventory changes" row. No area on the module group: the
// approvers (product_approval_admin) are not in the section row and must still reach their pages.
//
// Where a list and its optional-id form share a base (products, allocation), the list is
// declared first so the bare path opens the list; the form creates at `…/new`.

const INV = 'inventory' as const;
const CHG = 'inventory_changes' as const;
// Stock documents open to every role that acts on them (access.ts).
const TRF = 'stock_transfers' as const;
const PKL = 'stock_packing_lists' as const;
const FLOOR = 'stock_floor' as const;
const RCV = 'stock_receivings' as const;

const products = group(
  '/inventory/product-management',
  'inventory.products-group',
  'Products',
  'IconPackage',
  [
    page('/inventory/products', 'inventory.products', 'Products', 'IconPackage', INV),
    form('/inventory/products/:id?', 'inventory.product', 'Product', 'IconPackage', INV),
    page(
      '/inventory/product/fetch',
      'inventory.product-fetch',
      'Product Lookup',
      'IconBarcode',
      INV,
    ),
    page(
      '/inventory/products_family',
      'inventory.product-families',
      'Product Families',
      'IconSitemap',
      INV,
    ),
    form(
      '/inventory/product-families/:id?',
      'inventory.product-family',
      'Product Family',
      'IconSitemap',
      INV,
    ),
    page('/inventory/product-bins', 'inventory.product-bins', 'Product Bins', 'IconStack2', INV),
    page(
      '/inventory/products_changes',
      'inventory.product-changes',
      'Product Changes',
      'IconGitPullRequest',
      CHG,
    ),
    form(
      '/inventory/product_changes/:id',
      'inventory.product-change',
      'Product Change',
      'IconGitPullRequest',
      CHG,
    ),
    page(
      '/inventory/products_change_logs',
      'inventory.product-change-logs',
      'Product Change Logs',
      'IconHistory',
      CHG,
    ),
    page(
      '/inventory/change_summary',
      'inventory.change-summary',
      'Change Summary',
      'IconListCheck',
      CHG,
    ),
    form(
      '/inventory/change_summary/:id',
      'inventory.change-summary-detail',
      'Change Set',
      'IconListCheck',
      CHG,
    ),
  ],
);

const stock = group('/inventory/stock', 'inventory.stock-group', 'Stock', 'IconBuildingWarehouse', [
  page('/inventory/stock-on-hand', 'inventory.stock-on-hand', 'Stock on Hand', 'IconStack3', INV),
  page(
    '/inventory/stock_locator',
    'inventory.stock-locator',
    'Stock Locator',
    'IconMapSearch',
    INV,
  ),
  page('/inventory/receivings', 'inventory.receivings', 'Receivings', 'IconTruckDelivery', RCV),
  form('/inventory/receiving/:id?', 'inventory.receiving', 'Receiving', 'IconTruckDelivery', RCV),
  page('/inventory/allocation', 'inventory.allocations', 'Allocations', 'IconClipboardList', PKL),
  form(
    '/inventory/allocation/:id?',
    'inventory.allocation',
    'Packing List',
    'IconClipboardList',
    PKL,
  ),
  page('/inventory/transfers', 'inventory.transfers', 'Transfers', 'IconTransfer', TRF),
  form('/inventory/transfer/:id?', 'inventory.transfer', 'Transfer', 'IconTransfer', TRF),
  page(
    '/inventory/stock-count',
    'inventory.stock-counts',
    'Stock Counts',
    'IconListNumbers',
    FLOOR,
  ),
  form(
    '/inventory/stock-count/:id?',
    'inventory.stock-count',
    'Stock Count',
    'IconListNumbers',
    FLOOR,
  ),
  // The spec's `/stock-count/{id}` (counting sheet) would shadow `{id?}` (header) for every id,
  // so the sheet gets its own last segment.
  form(
    '/inventory/stock-count/:id/sheet',
    'inventory.stock-count-sheet',
    'Count Sheet',
    'IconListNumbers',
    FLOOR,
  ),
  page(
    '/inventory/stock-adjustments',
    'inventory.stock-adjustments',
    'Stock Adjustments',
    'IconAdjustmentsHorizontal',
    INV,
  ),
  form(
    '/inventory/stock-adjustment/:id?',
    'inventory.stock-adjustment',
    'Stock Adjustment',
    'IconAdjustmentsHorizontal',
    INV,
  ),
  // The lot trace: its own area, open beyond the section (access.ts).
  page('/inventory/trace', 'inventory.trace', 'Lot Trace', 'IconRoute', 'lot_trace'),
  page(
    '/inventory/inventory-import',
    'inventory.import',
    'Inventory Import',
    'IconFileImport',
    INV,
  ),
]);

const setup = group('/inventory/setup', 'inventory.setup-group', 'Setup', 'IconSettings', [
  page('/inventory/brands', 'inventory.brands', 'Brands', 'IconTrademark', INV),
  page('/inventory/flavors', 'inventory.flavors', 'Flavors', 'IconLemon', INV),
  page('/inventory/categories', 'inventory.categories', 'Categories', 'IconCategory', INV),
  page('/inventory/measures', 'inventory.measures', 'Units of Measure', 'IconRuler', INV),
  page('/inventory/price-tiers', 'inventory.price-tiers', 'Price Tiers', 'IconCoins', INV),
  form('/inventory/price-tier/:id?', 'inventory.price-tier', 'Price Tier', 'IconCoins', INV),
  page('/inventory/bins', 'inventory.bins', 'Location Bins', 'IconBox', INV),
]);

// The spec writes these without a reports/ prefix (unlike Production), so they stay bare.
const reports = group('/inventory/reports', 'inventory.reports', 'Reports', 'IconReportAnalytics', [
  page(
    '/inventory/products-diff',
    'inventory.products-diff',
    'Products Diff',
    'IconArrowsDiff',
    INV,
  ),
  page('/inventory/products-list', 'inventory.products-list', 'Products List', 'IconList', INV),
  page(
    '/inventory/inventory-movements-details',
    'inventory.movements-details',
    'Inventory Movements Details',
    'IconArrowsUpDown',
    INV,
  ),
  page('/inventory/inventory-aging', 'inventory.aging', 'Inventory Aging', 'IconHourglass', INV),
  page(
    '/inventory/inventory-products-low-stock',
    'inventory.low-stock',
    'Low Stock Products',
    'IconAlertTriangle',
    INV,
  ),
  page(
    '/inventory/products-availability',
    'inventory.products-availability',
    'Products Availability',
    'IconChecklist',
    INV,
  ),
  // The change log report belongs with the changes it reports on.
  page(
    '/inventory/products-changes',
    'inventory.products-changes-report',
    'Products Changes Report',
    'IconFileDiff',
    CHG,
  ),
]);

export const INVENTORY_ROUTES = buildRoutes(
  group(
    '/inventory',
    'inventory',
    'Inventory',
    'IconBuildingWarehouse',
    [products, stock, setup, reports],
    {
      module: 'inventory',
    },
  ),
);
