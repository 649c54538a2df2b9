import {
  PURCHASE_ORDER_LINE_ITEMS,
  PURCHASE_ORDERS,
  purchaseOrderDoc,
} from '../../../domain/entities/purchase/purchase-orders.entity.ts';
import { OPEN_PURCHASE_ORDERS } from '../../../domain/entities/purchase/purchase-reports.entity.ts';
import {
  SUPPLIER_PRODUCT_LINES,
  SUPPLIERS,
} from '../../../domain/entities/purchase/suppliers.entity.ts';
import { PURCHASE_ROUTES } from '../../../domain/route-map/purchase.routes.ts';
import {
  documentScreen,
  entityFormScreen,
  entityScreen,
} from '../../common/entity/entity-screen.tsx';
import { notBuiltPages, type PageMap } from '../page-map.ts';
import { INVOICE_MATCH_EXCEPTIONS } from '../../../domain/entities/purchase/purchase-invoices.entity.ts';
import { PurchaseInvoicePage } from './purchase-invoice.page.tsx';
import { PurchaseInvoicesPage } from './purchase-invoices.page.tsx';
import { PurchaseImportPage } from './purchase-import.page.tsx';
import { PurchaseOrdersPage } from './purchase-orders.page.tsx';
import { OrderSupplierAddress } from './order-supplier-address.tsx';
import { barPurchaseOrderActions, purchaseOrderBar } from './purchase-order-bar.tsx';
import { PurchaseOrderLinesPanel } from './purchase-order-lines-panel.tsx';
import { PurchasePrintPage } from './purchase-print.page.tsx';
import { ReceiptsVsOrdersPage } from './reports/receipts-vs-orders.page.tsx';
import { SupplierViewPage } from './supplier-view.page.tsx';

// Loaded lazily by the router, so Purchase is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

/** Purchase screens keyed by route name. */
export const purchasePages: PageMap = {
  ...notBuiltPages([PURCHASE_ROUTES]),
  'purchase.import': PurchaseImportPage,
  'purchase.suppliers': entityScreen(SUPPLIERS, { formPath: '/supplier' }),
  'purchase.supplier': entityFormScreen(SUPPLIERS, {
    lines: SUPPLIER_PRODUCT_LINES,
    listPath: '/suppliers',
  }),
  'purchase.supplier-view': SupplierViewPage,
  'purchase.purchases': PurchaseOrdersPage,
  'purchase.purchase': documentScreen(PURCHASE_ORDERS, {
    lines: PURCHASE_ORDER_LINE_ITEMS,
    listPath: '/purchases',
    allowed: barPurchaseOrderActions,
    extra: purchaseOrderBar,
    details: (doc) => <PurchaseOrderLinesPanel doc={purchaseOrderDoc(doc)} />,
    tools: (_form, row) => <OrderSupplierAddress row={row && purchaseOrderDoc(row)} />,
  }),
  'purchase.purchase-print': PurchasePrintPage,
  'purchase.invoices': PurchaseInvoicesPage,
  'purchase.invoice-from-purchase': PurchaseInvoicePage,
  'purchase.invoice': PurchaseInvoicePage,
  'purchase.invoice-match-exceptions': entityScreen(INVOICE_MATCH_EXCEPTIONS),
  // A row is an order: opening it opens the order.
  'purchase.open-orders': entityScreen(OPEN_PURCHASE_ORDERS, { formPath: '/purchase' }),
  'purchase.receipts-vs-orders': ReceiptsVsOrdersPage,
};
