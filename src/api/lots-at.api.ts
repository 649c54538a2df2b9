import { LOTS_AT_API, type LotChoice } from '../domain/entities/stock/lot-choice.ts';
import type { Request } from './request.ts';

// The lot picker's choices (GET /inventory/lots-at): a product's lots on hand at a location,
// first to expire first, with what is available of each.

export async function fetchLotsAt(
  request: Request,
  productId: number,
  locationId: number,
  signal?: AbortSignal,
): Promise<LotChoice[]> {
  const answer = await request<LotChoice[]>({
    url: LOTS_AT_API.replace(/^\/api\//, ''),
    params: { product_id: productId, location_id: locationId },
    signal,
  });
  return answer.data;
}
