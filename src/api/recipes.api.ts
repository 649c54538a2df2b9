import type { Request } from './request.ts';
import type { EntityRow } from '../domain/entities/entity-row.ts';
import { RECIPES } from '../domain/entities/production/recipes.entity.ts';
import { rowOf, type RowOf } from '../domain/entity/row-of.ts';

// Recipe calls beyond the entity pattern: the batch calculator (GET /production/recipe/fetch
// ?id=&ml=, each ingredient's quantity for a batch of `ml`: pct × ml / 100, the fill taking
// the rest) and a new version of a recipe past draft.

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

/** A draft copy of recipe `id` as the next version of its code (POST …/:id/new-version). */
export async function newRecipeVersion(
  request: Request,
  id: number,
): Promise<RowOf<typeof RECIPES>> {
  const answer = await request<EntityRow>({
    url: `production/recipes/${id}/new-version`,
    method: 'POST',
  });
  return rowOf(RECIPES, answer.data);
}
