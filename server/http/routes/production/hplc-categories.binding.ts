import { sql } from 'drizzle-orm';
import { HPLC_CATEGORIES } from '../../../../src/domain/entities/production/hplc-categories.entity.ts';
import type { Tx } from '../../../db/client.ts';
import { hplcCategories, hplcRanges } from '../../../db/schema/production.ts';
import { ruleError } from '../../../errors/api-error.ts';
import { qualified, type EntityBinding } from '../../entity/entity-binding.ts';

// An HPLC category with its two ranges (docs/domain/production.md §3.1): the form edits min_pct and
// max_pct as fields of the category; they live in hplc_ranges (type 1 minimum, 2 maximum), where
// the HPLC page reads them. Both are required and min < max.

const id = qualified(hplcCategories.id);

const range = (type: 1 | 2) =>
  sql<number | null>`(select r.percent_range::float8 from hplc_ranges r
                       where r.hplc_category_id = ${id} and r.type = ${type})`.mapWith(Number);

const numberOrNull = (value: unknown) =>
  value === undefined || value === null || value === '' ? null : Number(value);

async function writeRange(tx: Tx, categoryId: number, type: 1 | 2, pct: number, actor: number) {
  await tx
    .insert(hplcRanges)
    .values({
      hplcCategoryId: categoryId,
      type,
      percentRange: String(pct),
      createdBy: actor,
      updatedBy: actor,
    })
    .onConflictDoUpdate({
      target: [hplcRanges.hplcCategoryId, hplcRanges.type],
      set: { percentRange: String(pct), updatedBy: actor },
    });
}

export const hplcCategoriesBinding: EntityBinding = {
  entity: HPLC_CATEGORIES,
  table: hplcCategories,
  computed: { min_pct: range(1), max_pct: range(2) },
  hooks: {
    beforeWrite: async ({ values, before }) => {
      const min = numberOrNull(values.min_pct ?? before?.min_pct);
      const max = numberOrNull(values.max_pct ?? before?.max_pct);
      if (min === null) throw ruleError('min_pct', 'required');
      if (max === null) throw ruleError('max_pct', 'required');
      if (min >= max) throw ruleError('max_pct', 'The maximum must be greater than the minimum');
    },
    afterWrite: async ({ tx, actor, values, after }) => {
      if (values.min_pct != null)
        await writeRange(tx, after.id, 1, Number(values.min_pct), actor.id);
      if (values.max_pct != null)
        await writeRange(tx, after.id, 2, Number(values.max_pct), actor.id);
    },
    // The ranges belong to the category; a category still referenced keeps them (rollback).
    beforeDelete: async ({ tx, before }) => {
      await tx.execute(sql`delete from hplc_ranges where hplc_category_id = ${before.id}`);
    },
  },
};
