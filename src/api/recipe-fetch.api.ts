import type { EntityRow } from './entity.api.ts';
import type { Request } from './request.ts';

// The batch calculator (GET /production/recipe/fetch?id=&ml=): a recipe with each ingredient's
// quantity for a batch of `ml` (pct × ml / 100; the fill takes the rest).

export type ScaledIngredient = EntityRow & {
  product_sku: string;
  product_name: string;
  percentage: number;
  effective_pct: number;
  qty: number;
};

export type ScaledRecipe = EntityRow & { ml: number; ingredients: ScaledIngredient[] };

export async function fetchScaledRecipe(
  request: Request,
  id: number,
  ml: number,
): Promise<ScaledRecipe> {
  const answer = await request<ScaledRecipe>({
    url: 'production/recipe/fetch',
    params: { id, ml },
  });
  return answer.data;
}
