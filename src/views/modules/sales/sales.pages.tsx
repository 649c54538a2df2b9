import { DISCOUNTS } from '../../../domain/entities/sales/discounts.entity.ts';
import {
  SALES_ORDER_LINE_ITEMS,
  SALES_ORDERS,
} from '../../../domain/entities/sales/sales-orders.entity.ts';
import { SALES_ROUTES } from '../../../domain/route-map/sales.routes.ts';
import { allowedSalesOrderActions } from '../../../machines/workflows/sales-order.machine.ts';
import {
  documentScreen,
  entityFormScreen,
  entityScreen,
} from '../../common/entity/entity-screen.tsx';
import { notBuiltPages, type PageMap } from '../page-map.ts';
import { PackingSlipPage } from './packing-slip.page.tsx';
import { salesOrderBar } from './sales-order-bar.tsx';
import { SalesOrdersPage } from './sales-orders.page.tsx';

// Loaded lazily by the router, so Sales is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }. The sales import
// logs are still a stand-in.

/** Sales screens keyed by route name. */
export const salesPages: PageMap = {
  ...notBuiltPages([SALES_ROUTES]),
  'sales.sales': SalesOrdersPage,
  'sales.sale': documentScreen(SALES_ORDERS, {
    lines: SALES_ORDER_LINE_ITEMS,
    listPath: '/sales',
    allowed: allowedSalesOrderActions,
    extra: salesOrderBar,
  }),
  'sales.packing-slip': PackingSlipPage,
  'sales.discounts': entityScreen(DISCOUNTS, { formPath: '/discount' }),
  'sales.discount': entityFormScreen(DISCOUNTS, { listPath: '/discounts' }),
};
