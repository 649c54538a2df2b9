import { isApiError } from './api-error.ts';
import type { Request } from './request.ts';
import type { EntityRow } from '../domain/entities/entity-row.ts';

// The scanner lookup (GET /inventory/product/fetch?code=): one product by SKU (any case) or
// UPC, with its stock totals across locations read from the ledger's balances.

export type ProductTotals = { on_hand: number; allocated: number; available: number };

export type FetchedProduct = EntityRow & { availability: ProductTotals };

/** The product holding `code` as SKU or UPC, or null when none does. */
export async function fetchProduct(request: Request, code: string): Promise<FetchedProduct | null> {
  try {
    const answer = await request<FetchedProduct>({
      url: 'inventory/product/fetch',
      // Not quiet: the shell still shows an expired session or a dead server (docs/product.md §8);
      // a miss (404) is not one of those codes, so it comes back here unshown.
      params: { code },
    });
    return answer.data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
