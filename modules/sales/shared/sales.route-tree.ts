import { buildRoutes, form, group, page } from '../../../src/domain/route-map/route-builder.ts';

// Sales (docs/product.md §2), at the root as the spec writes them. Sale users work here; the "sales
// section" row (director, manager) reads orders and discounts.

const S = 'sale' as const;
// The sales_orders row is sale + the sales section, which the API reads orders under.
const READERS = { sharedWith: ['sales_section', 'sales_orders'] } as const;

export const SALES_ROUTES = buildRoutes(
  group(
    '/selling',
    'sales',
    'Sales',
    'IconReceipt',
    [
      page('/sales', 'sales.sales', 'Sales Orders', 'IconReceipt', S, READERS),
      form('/sale/:id?', 'sales.sale', 'Sales Order', 'IconReceipt', S, READERS),
      form(
        '/sale/:id/packing-slip',
        'sales.packing-slip',
        'Packing Slip',
        'IconReceipt',
        S,
        READERS,
      ),
      page('/sales-import-logs', 'sales.import-logs', 'Sales Import Logs', 'IconFileImport', S),
      page('/discounts', 'sales.discounts', 'Discounts', 'IconDiscount', S, READERS),
      form('/discount/:id?', 'sales.discount', 'Discount', 'IconDiscount', S, READERS),
      page(
        '/vaping-duty-report',
        'sales.vaping-duty-report',
        'Vaping Duty Report',
        'IconReceiptTax',
        'vaping_duty_report',
      ),
    ],
    { module: 'sale' },
  ),
);
