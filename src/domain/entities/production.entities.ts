import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import { HPLC_CATEGORIES } from './production/hplc-categories.entity.ts';
import { RECIPES } from './production/recipes.entity.ts';

/** Production's declared entities (domain.md §3), as its screens are built. */
export const PRODUCTION_ENTITIES: readonly EntityDeclaration[] = [HPLC_CATEGORIES, RECIPES];
