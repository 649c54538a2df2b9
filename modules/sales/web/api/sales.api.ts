import { downloadFile, type DownloadResult } from '../../../../src/api/download.ts';
import type { Request } from '../../../../src/api/request.ts';
import {
  salesPdfApi,
  type PackingSlip,
  type SalesPdfDocument,
} from '../../shared/entities/packing-slip.ts';
import {
  salesOrderQuoteApi,
  type SalesOrderQuote,
  type SalesOrderQuoteRequest,
} from '../../shared/entities/sales-order-quote.ts';
import { SALES_ORDERS } from '../../shared/entities/sales-orders.entity.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';

// Sales' calls beyond the entity routes: the packing slip of a shipped order, the order and its
// shipping documents as PDF files, and the quote of an order not yet saved.

const path = (api: string) => api.replace(/^\/api\//, '');

export type OrderPackingSlip = PackingSlip<EntityRow & { lines: EntityRow[] }>;

export async function fetchPackingSlip(request: Request, id: number): Promise<OrderPackingSlip> {
  const answer = await request<OrderPackingSlip>({
    url: `${path(SALES_ORDERS.api)}/${id}/packing-slip`,
  });
  return answer.data;
}

/** The order's PDF, or a shipped order's packing slip or bill of lading, named by the server. */
export function downloadSalesPdf(id: number, document: SalesPdfDocument): Promise<DownloadResult> {
  return downloadFile({ url: path(salesPdfApi(SALES_ORDERS.api, id, document)), params: {} });
}

/** What an order would cost as it stands in the form; quiet: the editor says why it cannot. */
export async function fetchSalesOrderQuote(
  request: Request,
  body: SalesOrderQuoteRequest,
  signal?: AbortSignal,
): Promise<SalesOrderQuote> {
  const answer = await request<SalesOrderQuote>({
    url: path(salesOrderQuoteApi(SALES_ORDERS.api)),
    method: 'POST',
    data: body,
    signal,
    quiet: true,
  });
  return answer.data;
}
