import { inArray, sql } from 'drizzle-orm';
import { RECIPES } from '../../../../src/domain/entities/production/recipes.entity.ts';
import { formulaError } from '../../../../src/domain/entities/production/recipe-formula.ts';
import { RECIPE_IMPORT_COLUMNS } from '../../../../src/domain/imports/recipe-import.columns.ts';
import { diffFields, writeAudit } from '../../../db/audit.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { numberRecipeVersion } from '../../../db/production/recipe-version.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { recipeIngredients, recipes } from '../../../db/schema/recipes.ts';
import type { Importer, RowResult } from '../../../imports/importer.ts';

// Recipe import (docs/product.md §2 /production/import, admin only): one row per ingredient,
// grouped by recipe code into drafts, each the code's next version. A draft is all an import may
// make: approval stays maker-checker (docs/domain/production.md §3.1), so a file never bypasses the
// recipe's review.

type Row = {
  code: string;
  name: string | null;
  bulkLiquidId: number;
  targetNicotineMg: number;
  basis: 'v_v' | 'w_w';
  batchBasisMl: number;
  ingredientId: number;
  percentage: number;
  isFill: boolean;
};

type Context = { products: Map<string, { id: number; type: string }> };

const NUMBER = /^-?\d+(\.\d+)?$/;
const TRUE = ['1', 'yes', 'true', 'y'];
const FALSE = ['', '0', 'no', 'false', 'n'];

async function prepare(db: Db | Tx): Promise<Context> {
  const rows = await queryRows<{ sku: string; id: number; type: string }>(
    db,
    sql`select lower(sku) as sku, id::int as id, type from products`,
  );
  return { products: new Map(rows.map((p) => [p.sku, { id: p.id, type: p.type }])) };
}

function numberIn(text: string, min: number, max: number): number | string {
  if (!NUMBER.test(text)) return 'numeric';
  const value = Number(text);
  return value < min || value > max ? `Must be between ${min} and ${max}` : value;
}

function parseRow(values: Record<string, string>, context: Context): RowResult<Row> {
  const errors: Record<string, string> = {};
  const get = (key: string) => (values[key] ?? '').trim();
  const code = get('recipe_code');
  if (!code) errors.recipe_code = 'required';
  else if (code.length > 30) errors.recipe_code = 'max';
  const name = get('name') || null;
  if (name && name.length > 120) errors.name = 'max';

  const bulk = context.products.get(get('bulk_liquid').toLowerCase());
  if (!get('bulk_liquid')) errors.bulk_liquid = 'required';
  else if (!bulk) errors.bulk_liquid = 'exists';
  else if (bulk.type !== 'bulk_liquid') errors.bulk_liquid = 'Choose a bulk liquid';
  const ingredient = context.products.get(get('ingredient').toLowerCase());
  if (!get('ingredient')) errors.ingredient = 'required';
  else if (!ingredient) errors.ingredient = 'exists';
  else if (ingredient.id === bulk?.id) errors.ingredient = 'unique';

  const nicotine = get('target_nicotine_mg')
    ? numberIn(get('target_nicotine_mg'), 0, 100)
    : 'required';
  if (typeof nicotine === 'string') errors.target_nicotine_mg = nicotine;
  const basis = get('basis').toLowerCase() || 'v_v';
  if (basis !== 'v_v' && basis !== 'w_w') errors.basis = 'in';
  const batch = get('batch_basis_ml') ? numberIn(get('batch_basis_ml'), 0.01, 10_000_000) : 1000;
  if (typeof batch === 'string') errors.batch_basis_ml = batch;

  const fill = get('is_fill').toLowerCase();
  if (!TRUE.includes(fill) && !FALSE.includes(fill)) errors.is_fill = 'in';
  const isFill = TRUE.includes(fill);
  const percentage = get('percentage')
    ? numberIn(get('percentage'), 0, 100)
    : isFill
      ? 0
      : 'required';
  if (typeof percentage === 'string') errors.percentage = percentage;

  if (
    Object.keys(errors).length > 0 ||
    !bulk ||
    !ingredient ||
    typeof nicotine === 'string' ||
    typeof batch === 'string' ||
    typeof percentage === 'string'
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: {
      code,
      name,
      bulkLiquidId: bulk.id,
      targetNicotineMg: nicotine,
      basis: basis as Row['basis'],
      batchBasisMl: batch,
      ingredientId: ingredient.id,
      percentage,
      isFill,
    },
  };
}

/** Row indexes of each recipe code, in file order. */
function byCode(rows: readonly Row[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  rows.forEach((row, index) => groups.set(row.code, [...(groups.get(row.code) ?? []), index]));
  return groups;
}

const HEADER_FIELDS = [
  ['name', 'name'],
  ['bulkLiquidId', 'bulk_liquid'],
  ['targetNicotineMg', 'target_nicotine_mg'],
  ['basis', 'basis'],
  ['batchBasisMl', 'batch_basis_ml'],
] as const;

/**
 * Across the rows of one code: the header repeats the first row's, no ingredient twice, and
 * the formula keeps the recipe invariants (`more100%` and the others, as the form reports them,
 * under `percentage` on the code's last row).
 */
function checkAll(rows: readonly Row[]): Map<number, Record<string, string>> {
  const errors = new Map<number, Record<string, string>>();
  const flag = (index: number, field: string, code: string) =>
    errors.set(index, { ...errors.get(index), [field]: code });
  for (const indexes of byCode(rows).values()) {
    const first = rows[indexes[0]!]!;
    const seen = new Set<number>();
    for (const index of indexes) {
      const row = rows[index]!;
      for (const [key, field] of HEADER_FIELDS) {
        if (row[key] !== first[key] && !(key === 'name' && row.name === null)) {
          flag(index, field, 'The rows of one recipe code must agree on its header');
        }
      }
      if (seen.has(row.ingredientId)) flag(index, 'ingredient', 'unique');
      seen.add(row.ingredientId);
    }
    const formula = formulaError(
      indexes.map((i) => ({
        product_id: rows[i]!.ingredientId,
        percentage: rows[i]!.percentage,
        is_fill: rows[i]!.isFill,
      })),
    );
    if (formula) flag(indexes[indexes.length - 1]!, 'percentage', formula);
  }
  return errors;
}

export const recipesImporter: Importer<Row, Context> = {
  type: 'recipes',
  area: 'production_admin',
  channel: 'private-production.imports',
  columns: RECIPE_IMPORT_COLUMNS,
  prepare,
  parseRow,
  checkAll,
  // Recipe files are a few hundred rows, and a recipe's rows must land together: the whole
  // file is one batch, with one statement per recipe.
  async apply(rows, { actor, id: jobId, inBatches }) {
    const made: { id: number }[] = [];
    let stamped: {
      id: number;
      seq: number;
      version: number;
      code: string;
      recipe_version: number | null;
    }[] = [];
    await inBatches(rows.length, async (tx) => {
      const entityIds: (number | null)[] = [];
      for (const [code, indexes] of byCode(rows)) {
        const head = rows[indexes[0]!]!;
        const [recipe] = await tx
          .insert(recipes)
          .values({
            code,
            name: indexes.map((i) => rows[i]!.name).find((n) => n !== null) ?? null,
            productId: head.bulkLiquidId,
            targetNicotineMg: String(head.targetNicotineMg),
            basis: head.basis,
            batchBasisMl: String(head.batchBasisMl),
            note: `Imported (job ${jobId})`,
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .returning({ id: recipes.id });
        if (!recipe) throw new Error('recipes: insert returned no row');
        await numberRecipeVersion(tx, recipe.id, code);
        await tx.insert(recipeIngredients).values(
          indexes.map((i, sort) => ({
            recipeId: recipe.id,
            productId: rows[i]!.ingredientId,
            percentage: String(rows[i]!.percentage),
            isFill: rows[i]!.isFill,
            sort: sort + 1,
            createdBy: actor.id,
            updatedBy: actor.id,
          })),
        );
        await writeAudit(tx, {
          entityType: RECIPES.name,
          entityId: recipe.id,
          action: 'create',
          changes: diffFields({}, { code, import_job_id: jobId }),
          userId: actor.id,
        });
        for (const i of indexes) entityIds[i] = recipe.id;
        made.push({ id: recipe.id });
      }
      stamped = await tx
        .select({
          id: recipes.id,
          seq: recipes.seq,
          version: recipes.version,
          code: recipes.code,
          recipe_version: recipes.recipeVersion,
        })
        .from(recipes)
        .where(
          inArray(
            recipes.id,
            made.map((r) => r.id),
          ),
        );
      return {
        entityIds,
        // Recipe rows carry their ingredients and labels, read by the list: it refetches them.
        afterCommit: async ({ realtime }) => {
          for (const row of stamped) {
            await realtime.publisher.publish({
              channels: [RECIPES.channel],
              event: `${RECIPES.event}.created`,
              data: { id: row.id, seq: row.seq, version: row.version, data: null },
            });
          }
        },
      };
    });
    return {
      result: { recipes: stamped.map(({ code, recipe_version }) => ({ code, recipe_version })) },
    };
  },
};
