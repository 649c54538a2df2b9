import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  RECIPE_BASES,
  RECIPE_STATUSES,
} from '../../../src/domain/entities/production/recipes.entity.ts';
import { checkInList } from './check-in-list.ts';
import { products } from './inventory.ts';
import { rdSamples } from '../../../modules/rd/server/db/rd.schema.ts';
import { standardColumns, users } from './users.ts';

// Production recipes (docs/domain/production.md §3.1): a bulk liquid's formula by code and version.
// One approved version per code; approved rows are never edited (a change is a new version).

const ref = () => bigint({ mode: 'number' });
const pct = () => numeric({ precision: 7, scale: 4 });

export const recipes = pgTable(
  'recipes',
  {
    ...standardColumns(),
    code: varchar({ length: 30 }).notNull(),
    // `version` is the row's optimistic lock (standardColumns); this is the recipe's own,
    // numbered in the creating transaction right after the insert (null only until then, and
    // nulls never clash in the unique key).
    recipeVersion: integer(),
    name: varchar({ length: 120 }),
    productId: ref()
      .notNull()
      .references(() => products.id),
    targetNicotineMg: numeric({ precision: 10, scale: 3 }).notNull().default('0'),
    basis: varchar({ length: 10 }).notNull().default('v_v'),
    batchBasisMl: numeric({ precision: 12, scale: 2 }).notNull().default('1000'),
    status: varchar({ length: 30 }).notNull().default('draft'),
    submittedBy: ref().references(() => users.id),
    approvedBy: ref().references(() => users.id),
    approvedAt: timestamp({ withTimezone: true, mode: 'date' }),
    // The R&D sample this recipe was promoted from (docs/domain/rd.md §7).
    rdSampleId: ref().references(() => rdSamples.id),
    note: varchar({ length: 500 }),
  },
  (t) => [
    unique('recipes_code_version_uk').on(t.code, t.recipeVersion),
    // One approved version per code (docs/domain/production.md §3.1).
    uniqueIndex('recipes_one_approved_uk')
      .on(t.code)
      .where(sql`${t.status} = 'approved'`),
    check('recipes_status_ck', checkInList('status', RECIPE_STATUSES)),
    check('recipes_basis_ck', checkInList('basis', RECIPE_BASES)),
    check('recipes_batch_ck', sql`${t.batchBasisMl} > 0`),
    check('recipes_nicotine_ck', sql`${t.targetNicotineMg} >= 0`),
  ],
);

export const recipeIngredients = pgTable(
  'recipe_ingredients',
  {
    ...standardColumns(),
    recipeId: ref()
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    productId: ref()
      .notNull()
      .references(() => products.id),
    percentage: pct().notNull().default('0'),
    isFill: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
  },
  (t) => [
    unique('recipe_ingredients_recipe_product_uk').on(t.recipeId, t.productId),
    check('recipe_ingredients_pct_ck', sql`${t.percentage} >= 0 and ${t.percentage} <= 100`),
    index('recipe_ingredients_recipe_idx').on(t.recipeId),
  ],
);
