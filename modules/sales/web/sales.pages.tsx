import { DISCOUNTS } from '../shared/entities/discounts.entity.ts';
import { SALES_ORDER_LINE_ITEMS, SALES_ORDERS } from '../shared/entities/sales-orders.entity.ts';
import { VAPING_DUTY_REPORT } from '../shared/entities/vaping-duty-report.entity.ts';
import { SALES_ROUTES } from '../shared/sales.route-tree.ts';
import { allowedSalesOrderActions } from '../shared/machines/sales-order.machine.ts';
import {
  documentScreen,
  entityFormScreen,
  entityScreen,
} from '../../../src/views/common/entity/entity-screen.tsx';
import { notBuiltPages, type PageMap } from '../../../src/views/modules/page-map.ts';
import { PackingSlipPage } from './packing-slip.page.tsx';
import { SalesImportLogsPage } from './sales-import-logs.page.tsx';
import { salesOrderBar } from './sales-order-bar.tsx';
import { salesOrderMoves } from './sales-order-moves.ts';
import { salesOrderStanding, salesOrderTold } from './sales-order-standing.tsx';
import { salesOrderQuote } from './sales-order-quote.tsx';
import { SalesOrdersPage } from './sales-orders.page.tsx';

// Loaded lazily by the router, so Sales is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

/** Sales screens keyed by route name. */
export const pages: PageMap = {
  ...notBuiltPages([SALES_ROUTES]),
  'sales.sales': SalesOrdersPage,
  'sales.sale': documentScreen(SALES_ORDERS, {
    lines: SALES_ORDER_LINE_ITEMS,
    listPath: '/sales',
    allowed: allowedSalesOrderActions,
    extra: salesOrderBar,
    belowLines: salesOrderQuote,
    details: salesOrderStanding,
    moves: salesOrderMoves,
    told: salesOrderTold,
  }),
  'sales.packing-slip': PackingSlipPage,
  'sales.import-logs': SalesImportLogsPage,
  'sales.discounts': entityScreen(DISCOUNTS, { formPath: '/discount' }),
  'sales.discount': entityFormScreen(DISCOUNTS, { listPath: '/discounts' }),
  'sales.vaping-duty-report': entityScreen(VAPING_DUTY_REPORT),
};
