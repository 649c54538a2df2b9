import { BINS } from '../../../domain/entities/inventory/bins.entity.ts';
import { BRANDS } from '../../../domain/entities/inventory/brands.entity.ts';
import { CATEGORIES } from '../../../domain/entities/inventory/categories.entity.ts';
import { CHANGE_SUMMARY } from '../../../domain/entities/inventory/change-summary.entity.ts';
import { FLAVORS } from '../../../domain/entities/inventory/flavors.entity.ts';
import {
  ADJUSTMENT_LINE_ITEMS,
  ALLOCATION_LINE_ITEMS,
  COUNT_LINE_ITEMS,
  PRICE_TIER_LINES,
  RECEIVING_LINE_ITEMS,
  TRANSFER_LINE_ITEMS,
} from '../../../domain/entities/inventory/inventory-lines.ts';
import { ALLOCATIONS } from '../../../domain/entities/stock/allocations.entity.ts';
import { INVENTORY_MOVEMENTS } from '../../../domain/entities/stock/inventory-movements.entity.ts';
import { RECEIVINGS } from '../../../domain/entities/stock/receivings.entity.ts';
import { STOCK_ADJUSTMENTS } from '../../../domain/entities/stock/stock-adjustments.entity.ts';
import { STOCK_COUNTS } from '../../../domain/entities/stock/stock-counts.entity.ts';
import {
  STOCK_LOCATOR,
  STOCK_ON_HAND,
} from '../../../domain/entities/stock/stock-on-hand.entity.ts';
import {
  INVENTORY_AGING,
  LOW_STOCK,
  PRODUCTS_AVAILABILITY,
  PRODUCTS_DIFF,
} from '../../../domain/entities/stock/stock-reports.entity.ts';
import { TRANSFERS } from '../../../domain/entities/stock/transfers.entity.ts';
import { allowedAllocationActions } from '../../../machines/workflows/allocation.machine.ts';
import { allowedReceivingActions } from '../../../machines/workflows/receiving.machine.ts';
import { allowedStockAdjustmentActions } from '../../../machines/workflows/stock-adjustment.machine.ts';
import { allowedStockCountActions } from '../../../machines/workflows/stock-count.machine.ts';
import { allowedTransferActions } from '../../../machines/workflows/transfer.machine.ts';
import { MEASURES } from '../../../domain/entities/inventory/measures.entity.ts';
import { PRICE_TIERS } from '../../../domain/entities/inventory/price-tiers.entity.ts';
import { PRODUCT_BINS } from '../../../domain/entities/inventory/product-bins.entity.ts';
import {
  PRODUCT_CHANGE_LOGS,
  PRODUCTS_CHANGES_REPORT,
} from '../../../domain/entities/inventory/product-change-logs.entity.ts';
import { PRODUCT_CHANGES } from '../../../domain/entities/inventory/product-changes.entity.ts';
import { PRODUCT_FAMILIES } from '../../../domain/entities/inventory/product-families.entity.ts';
import { PRODUCTS_LIST_REPORT } from '../../../domain/entities/inventory/products-list.report.ts';
import { PRODUCTS, productRow } from '../../../domain/entities/inventory/products.entity.ts';
import { ProductDuty } from './product-duty.tsx';
import { INVENTORY_ROUTES } from '../../../domain/route-map/inventory.routes.ts';
import {
  documentScreen,
  entityFormScreen,
  entityScreen,
} from '../../common/entity/entity-screen.tsx';
import { ChangeSetPage } from './change-set.page.tsx';
import { countingSheetLink } from './counting-sheet-link.tsx';
import { InventoryImportPage } from './inventory-import.page.tsx';
import { LotTracePage } from './lot-trace.page.tsx';
import { ProductChangePage } from './product-change.page.tsx';
import { ProductLookupPage } from './product-lookup.page.tsx';
import { receiveAgainstPoTools } from './receive-against-po.tsx';
import { StockCountSheetPage } from './stock-count-sheet.page.tsx';
import {
  adjustmentMoves,
  allocationMoves,
  countMoves,
  receivingMoves,
  transferMoves,
} from './stock-moves.ts';
import { notBuiltPages, type PageMap } from '../page-map.ts';

// Loaded lazily by the router, so Inventory (and ag-grid with it) is a chunk of its own.
// Products, families and price tiers open their own form routes; the rest edit in a drawer.

/** Inventory screens keyed by route name. */
export const inventoryPages: PageMap = {
  ...notBuiltPages([INVENTORY_ROUTES]),
  'inventory.products': entityScreen(PRODUCTS, { formPath: '/inventory/products' }),
  'inventory.product': entityFormScreen(PRODUCTS, {
    listPath: '/inventory/products',
    toolbar: (row) => <ProductDuty product={productRow(row)} />,
  }),
  'inventory.product-families': entityScreen(PRODUCT_FAMILIES, {
    formPath: '/inventory/product-families',
  }),
  'inventory.product-family': entityFormScreen(PRODUCT_FAMILIES, {
    listPath: '/inventory/products_family',
  }),
  'inventory.product-bins': entityScreen(PRODUCT_BINS),
  'inventory.product-fetch': ProductLookupPage,
  'inventory.product-changes': entityScreen(PRODUCT_CHANGES, {
    formPath: '/inventory/product_changes',
  }),
  'inventory.product-change': ProductChangePage,
  'inventory.product-change-logs': entityScreen(PRODUCT_CHANGE_LOGS),
  'inventory.change-summary': entityScreen(CHANGE_SUMMARY, {
    formPath: '/inventory/change_summary',
  }),
  'inventory.change-summary-detail': ChangeSetPage,
  'inventory.brands': entityScreen(BRANDS),
  'inventory.flavors': entityScreen(FLAVORS),
  'inventory.categories': entityScreen(CATEGORIES),
  'inventory.measures': entityScreen(MEASURES),
  'inventory.price-tiers': entityScreen(PRICE_TIERS, { formPath: '/inventory/price-tier' }),
  'inventory.price-tier': entityFormScreen(PRICE_TIERS, {
    lines: PRICE_TIER_LINES,
    listPath: '/inventory/price-tiers',
  }),
  'inventory.bins': entityScreen(BINS),
  'inventory.products-list': entityScreen(PRODUCTS_LIST_REPORT),
  'inventory.products-changes-report': entityScreen(PRODUCTS_CHANGES_REPORT),
  'inventory.stock-on-hand': entityScreen(STOCK_ON_HAND),
  'inventory.stock-locator': entityScreen(STOCK_LOCATOR),
  'inventory.receivings': entityScreen(RECEIVINGS, { formPath: '/inventory/receiving' }),
  'inventory.receiving': documentScreen(RECEIVINGS, {
    lines: RECEIVING_LINE_ITEMS,
    listPath: '/inventory/receivings',
    allowed: allowedReceivingActions,
    moves: receivingMoves,
    tools: receiveAgainstPoTools,
  }),
  'inventory.allocations': entityScreen(ALLOCATIONS, { formPath: '/inventory/allocation' }),
  'inventory.allocation': documentScreen(ALLOCATIONS, {
    lines: ALLOCATION_LINE_ITEMS,
    listPath: '/inventory/allocation',
    allowed: allowedAllocationActions,
    moves: allocationMoves,
  }),
  'inventory.transfers': entityScreen(TRANSFERS, { formPath: '/inventory/transfer' }),
  'inventory.transfer': documentScreen(TRANSFERS, {
    lines: TRANSFER_LINE_ITEMS,
    listPath: '/inventory/transfers',
    allowed: allowedTransferActions,
    moves: transferMoves,
  }),
  'inventory.stock-counts': entityScreen(STOCK_COUNTS, { formPath: '/inventory/stock-count' }),
  'inventory.stock-count': documentScreen(STOCK_COUNTS, {
    lines: COUNT_LINE_ITEMS,
    listPath: '/inventory/stock-count',
    allowed: allowedStockCountActions,
    moves: countMoves,
    extra: countingSheetLink,
  }),
  'inventory.stock-count-sheet': StockCountSheetPage,
  'inventory.stock-adjustments': entityScreen(STOCK_ADJUSTMENTS, {
    formPath: '/inventory/stock-adjustment',
  }),
  'inventory.stock-adjustment': documentScreen(STOCK_ADJUSTMENTS, {
    lines: ADJUSTMENT_LINE_ITEMS,
    listPath: '/inventory/stock-adjustments',
    allowed: allowedStockAdjustmentActions,
    moves: adjustmentMoves,
  }),
  'inventory.import': InventoryImportPage,
  'inventory.trace': LotTracePage,
  'inventory.products-diff': entityScreen(PRODUCTS_DIFF),
  'inventory.movements-details': entityScreen(INVENTORY_MOVEMENTS),
  'inventory.aging': entityScreen(INVENTORY_AGING),
  'inventory.low-stock': entityScreen(LOW_STOCK),
  'inventory.products-availability': entityScreen(PRODUCTS_AVAILABILITY),
};
