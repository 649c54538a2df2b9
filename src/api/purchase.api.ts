import { downloadFile, type DownloadResult } from './download.ts';
import type { Request } from './request.ts';
import {
  LOW_STOCK_SUGGESTIONS_API,
  PURCHASE_FROM_LOW_STOCK_API,
  type LowStockSuggestion,
} from '../domain/entities/purchase/low-stock-suggestions.ts';
import {
  purchasePdfApi,
  type PrintedOrder,
  type PurchaseOrderPrint,
} from '../domain/entities/purchase/purchase-order-print.ts';
import { PURCHASE_ORDERS } from '../domain/entities/purchase/purchase-orders.entity.ts';
import { invoicePrefillApi } from '../domain/entities/purchase/purchase-invoices.entity.ts';
import type { EntityRow } from '../domain/entities/entity-row.ts';

// Purchase's calls beyond the entity routes: the low-stock suggestions and the drafts made
// from them, the printable order (a page, or a PDF file laid out by the server), and a
// supplier invoice's start from its order.

const path = (api: string) => api.replace(/^\/api\//, '');

export async function fetchLowStockSuggestions(request: Request): Promise<LowStockSuggestion[]> {
  const answer = await request<LowStockSuggestion[]>({ url: path(LOW_STOCK_SUGGESTIONS_API) });
  return answer.data;
}

/** One draft order per supplier; answers the drafts made. */
export async function createOrdersFromLowStock(
  request: Request,
  supplierIds: readonly number[],
  shipToLocationId: number,
  /** product id → the quantity the buyer typed instead of the suggestion. */
  quantities: Readonly<Record<string, number>> = {},
): Promise<EntityRow[]> {
  const answer = await request<EntityRow[]>({
    url: path(PURCHASE_FROM_LOW_STOCK_API),
    method: 'POST',
    data: {
      supplier_ids: [...supplierIds],
      ship_to_location_id: shipToLocationId,
      quantities,
    },
  });
  return answer.data;
}

export type OrderPrint = PurchaseOrderPrint<PrintedOrder>;

export async function fetchPurchaseOrderPrint(request: Request, id: number): Promise<OrderPrint> {
  const answer = await request<OrderPrint>({ url: `${path(PURCHASE_ORDERS.api)}/${id}/print` });
  return answer.data;
}

/** A purchase order's next invoice as the form starts it (received, not billed, PO prices). */
export type InvoicePrefill = EntityRow & { lines: EntityRow[] };

export async function fetchInvoicePrefill(
  request: Request,
  purchaseOrderId: number,
): Promise<InvoicePrefill> {
  const answer = await request<InvoicePrefill>({
    url: path(invoicePrefillApi(purchaseOrderId)),
  });
  return answer.data;
}

/** The order's PDF as the server names it (PO-00012.pdf), ready to save. */
export function downloadPurchaseOrderPdf(id: number): Promise<DownloadResult> {
  return downloadFile({ url: path(purchasePdfApi(PURCHASE_ORDERS.api, id)), params: {} });
}

/** Whether Send emails an order from this server, and from which address. */
export type PurchaseMail = { configured: boolean; from: string | null };

export async function fetchPurchaseMail(request: Request): Promise<PurchaseMail> {
  const answer = await request<{ configured: unknown; from: string | null }>({
    url: `${path(PURCHASE_ORDERS.api)}/mail`,
  });
  // The envelope answers booleans as 1 and 0.
  return { configured: Boolean(answer.data.configured), from: answer.data.from };
}

/** A purchase order's workflow event with the version read and the event's own fields. */
export async function sendPurchaseOrderEvent(
  request: Request,
  doc: Pick<EntityRow, 'id' | 'version'>,
  event: string,
  fields: Record<string, unknown> = {},
): Promise<EntityRow> {
  const answer = await request<EntityRow>({
    url: `${path(PURCHASE_ORDERS.api)}/${doc.id}/events/${event}`,
    method: 'POST',
    data: { ...fields, version: doc.version },
    // The dialog that sent it shows the refusal in its own words.
    quiet: true,
  });
  return answer.data;
}
