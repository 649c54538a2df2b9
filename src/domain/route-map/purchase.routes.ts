import { buildRoutes, form, group, page } from './route-builder.ts';

// Purchase (docs/product.md §2): the spec writes these at the root, so they stay there. The group's
// path is only its menu key (`/purchase` would read like the form's create path).

const P = 'purchase' as const;

// Purchase's reports, under their own menu entry as Inventory's are.
const reports = group('/purchasing/reports', 'purchase.reports', 'Reports', 'IconReportAnalytics', [
  page('/purchase/reports/open-orders', 'purchase.open-orders', 'Open Orders', 'IconCalendarTime', P),
  page(
    '/purchase/reports/receipts-vs-orders',
    'purchase.receipts-vs-orders',
    'Receipts vs Orders',
    'IconChartBar',
    P,
  ),
  page(
    '/purchase/reports/invoice-match-exceptions',
    'purchase.invoice-match-exceptions',
    'Invoice Match Exceptions',
    'IconAlertTriangle',
    P,
  ),
]);

export const PURCHASE_ROUTES = buildRoutes(
  group(
    '/purchasing',
    'purchase',
    'Purchase',
    'IconShoppingBag',
    [
      page('/purchases', 'purchase.purchases', 'Purchase Orders', 'IconShoppingCart', P),
      form('/purchase/:id?', 'purchase.purchase', 'Purchase Order', 'IconShoppingCart', P),
      form(
        '/purchase/:id/print',
        'purchase.purchase-print',
        'Print Purchase Order',
        'IconShoppingCart',
        P,
      ),
      page('/invoices', 'purchase.invoices', 'Supplier Invoices', 'IconFileInvoice', P),
      form(
        '/purchase/:purchase_id/invoice',
        'purchase.invoice-from-purchase',
        'New Invoice',
        'IconFileInvoice',
        P,
      ),
      form('/invoice/:invoice_id', 'purchase.invoice', 'Supplier Invoice', 'IconFileInvoice', P),
      page('/suppliers', 'purchase.suppliers', 'Suppliers', 'IconBuildingStore', P),
      form('/supplier/:id?', 'purchase.supplier', 'Supplier', 'IconBuildingStore', P),
      // The spec's read-only `/supplier/{id}` would be shadowed by the form's `{id?}`.
      form(
        '/supplier/:id/view',
        'purchase.supplier-view',
        'Supplier Details',
        'IconBuildingStore',
        P,
        {
          noCache: false,
        },
      ),
      page('/purchases/import', 'purchase.import', 'Purchase Import', 'IconFileImport', P),
      reports,
    ],
    { module: 'purchase', area: P },
  ),
);
