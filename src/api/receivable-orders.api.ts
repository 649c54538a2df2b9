import {
  RECEIVABLE_ORDERS_API,
  openLinesApi,
  type OpenOrderLine,
  type ReceivableOrder,
} from '../domain/entities/stock/receivable-orders.ts';
import type { Request } from './request.ts';

// What a receiving receives against: a supplier's receivable purchase orders and one order's
// open lines (GET /inventory/receivable-orders, …/{id}/open-lines).

const path = (url: string) => url.replace(/^\/api\//, '');

export async function fetchReceivableOrders(
  request: Request,
  supplierId: number | null,
  signal?: AbortSignal,
): Promise<ReceivableOrder[]> {
  const answer = await request<ReceivableOrder[]>({
    url: path(RECEIVABLE_ORDERS_API),
    params: supplierId === null ? {} : { supplier_id: supplierId },
    signal,
  });
  return answer.data;
}

export async function fetchOpenOrderLines(
  request: Request,
  orderId: number,
): Promise<OpenOrderLine[]> {
  const answer = await request<OpenOrderLine[]>({ url: path(openLinesApi(orderId)) });
  return answer.data;
}
