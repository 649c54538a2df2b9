import type { ProductionOrderStory } from '../domain/entities/production/production-order-story.ts';
import { PRODUCTION_ORDERS } from '../domain/entities/production/production-orders.entity.ts';
import type { Request } from './request.ts';
import type { EntityRow } from '../domain/entities/entity-row.ts';

// A production order as its detail page reads it: the order with its ingredients, picks and
// operations (GET production-orders/:id), and its story beyond the row (…/:id/story).

const BASE = PRODUCTION_ORDERS.api.replace(/^\/api\//, '');

export type ProductionOrderDetail = { order: EntityRow; story: ProductionOrderStory };

export async function fetchProductionOrderDetail(
  request: Request,
  id: number,
  signal?: AbortSignal,
): Promise<ProductionOrderDetail> {
  const [order, story] = await Promise.all([
    request<EntityRow>({ url: `${BASE}/${id}`, signal, quiet: true }),
    request<ProductionOrderStory>({ url: `${BASE}/${id}/story`, signal, quiet: true }),
  ]);
  return {
    order: order.data,
    story: story.data,
  };
}
