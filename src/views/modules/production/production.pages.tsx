import { PRODUCTION_ROUTES } from '../../../domain/route-map/production.routes.ts';
import { HPLC_CATEGORIES } from '../../../domain/entities/production/hplc-categories.entity.ts';
import {
  RECIPE_INGREDIENT_ITEMS,
  RECIPES,
} from '../../../domain/entities/production/recipes.entity.ts';
import { allowedRecipeActions } from '../../../machines/workflows/recipe.machine.ts';
import { documentScreen, entityScreen } from '../../common/entity/entity-screen.tsx';
import { notBuiltPages, type PageMap } from '../page-map.ts';
import { newRecipeVersionLink } from './new-recipe-version.tsx';
import { RecipeFetchPage } from './recipe-fetch.page.tsx';

// Loaded lazily by the router, so Production is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

/** Production screens keyed by route name. */
export const productionPages: PageMap = {
  ...notBuiltPages([PRODUCTION_ROUTES]),
  'production.hplc-categories': entityScreen(HPLC_CATEGORIES),
  'production.recipes': entityScreen(RECIPES, { formPath: '/production/recipe' }),
  'production.recipe': documentScreen(RECIPES, {
    lines: RECIPE_INGREDIENT_ITEMS,
    listPath: '/production/recipes',
    allowed: allowedRecipeActions,
    extra: newRecipeVersionLink,
  }),
  'production.recipe-fetch': RecipeFetchPage,
};
