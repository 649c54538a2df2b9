import { sql } from 'drizzle-orm';
import { bigint, check, numeric, pgTable, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { standardColumns } from './users.ts';

export const hplcCategories = pgTable('hplc_categories', {
  ...standardColumns(),
  code: varchar({ length: 30 }).notNull().unique(),
  name: varchar({ length: 80 }).notNull(),
});

/** type 1 = minimum, 2 = maximum, as % of label claim (docs/domain/production.md §3.1). */
export const hplcRanges = pgTable(
  'hplc_ranges',
  {
    ...standardColumns(),
    hplcCategoryId: bigint({ mode: 'number' })
      .notNull()
      .references(() => hplcCategories.id),
    type: smallint().notNull().$type<1 | 2>(),
    percentRange: numeric({ precision: 7, scale: 4 }).notNull(),
  },
  (t) => [
    unique('hplc_ranges_category_type_uk').on(t.hplcCategoryId, t.type),
    check('hplc_ranges_type_ck', sql`${t.type} in (1, 2)`),
    check('hplc_ranges_pct_ck', sql`${t.percentRange} >= 0 and ${t.percentRange} <= 1000`),
  ],
);
