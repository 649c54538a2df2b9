import type { EntityRow } from './entity.api.ts';
import type { Request } from './request.ts';
import type { PackingSlip } from '../domain/entities/sales/packing-slip.ts';
import { SALES_ORDERS } from '../domain/entities/sales/sales-orders.entity.ts';

// Sales' calls beyond the entity routes: the packing slip of a shipped order.

const path = (api: string) => api.replace(/^\/api\//, '');

export type OrderPackingSlip = PackingSlip<EntityRow & { lines: EntityRow[] }>;

export async function fetchPackingSlip(request: Request, id: number): Promise<OrderPackingSlip> {
  const answer = await request<OrderPackingSlip>({
    url: `${path(SALES_ORDERS.api)}/${id}/packing-slip`,
  });
  return answer.data;
}
