import { and, eq, inArray, sql } from 'drizzle-orm';
import { formulaError } from '../../../src/domain/entities/production/recipe-formula.ts';
import type { Tx } from '../client.ts';
import { measures, products } from '../schema/inventory.ts';
import { recipeIngredients, recipes } from '../schema/recipes.ts';
import { users } from '../schema/users.ts';

// Demo recipes (docs/domain/production.md §3.1): one bulk liquid per flavour family and strength of
// the demo's finished goods, each with an approved recipe (version 1) that its finished goods point
// at. Nicotine comes from the 100 mg/ml bases, so its % equals the strength in mg/ml; VG follows
// the product's VG ratio where it fits, and PG fills the rest.

const FLAVOUR_PCT = 12;
const NICOTINE_BASE = { freebase: 'RM-NIC-FB-100', salt: 'RM-NIC-SALT-100' } as const;

type Good = typeof products.$inferSelect;

async function idBySku(tx: Tx, sku: string): Promise<number> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  if (!row) throw new Error(`demo recipes: no product ${sku}`);
  return row.id;
}

async function userId(tx: Tx, username: string): Promise<number | null> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row?.id ?? null;
}

/** `FG-MANGO-06-30-ON` → `MANGO-06`: the family and strength the bulk liquid is made for. */
const bulkKey = (sku: string) => sku.split('-').slice(1, 3).join('-');

export async function seedDemoRecipes(tx: Tx): Promise<void> {
  const goods = await tx.select().from(products).where(eq(products.type, 'finished_good'));
  const [ml] = await tx.select({ id: measures.id }).from(measures).where(eq(measures.code, 'ml'));
  if (!ml) throw new Error('demo recipes: no ml measure');
  const maker = await userId(tx, 'recipes');
  const approver = await userId(tx, 'recipe_approval');
  const pg = await idBySku(tx, 'RM-PG-USP');
  const vg = await idBySku(tx, 'RM-VG-USP');
  const groups = new Map<string, Good[]>();
  for (const good of goods) {
    const key = bulkKey(good.sku);
    groups.set(key, [...(groups.get(key) ?? []), good]);
  }
  for (const [key, members] of groups) {
    const sample = members[0];
    if (!sample) continue;
    const mg = Number(sample.nicotineMg ?? 0);
    const [bulk] = await tx
      .insert(products)
      .values({
        sku: `BL-${key}`,
        name: `${sample.name.replace(/ \d+ ml.*$/, '')} bulk`,
        type: 'bulk_liquid',
        familyId: sample.familyId,
        brandId: sample.brandId,
        flavorId: sample.flavorId,
        categoryId: sample.categoryId,
        measureId: ml.id,
        nicotineMg: sample.nicotineMg,
        nicotineType: sample.nicotineType,
        vgPct: sample.vgPct,
        hplcCategoryId: sample.hplcCategoryId,
        shelfLifeDays: 180,
        status: 'active',
      })
      .returning({ id: products.id });
    if (!bulk) throw new Error(`demo recipes: bulk ${key} not created`);
    const flavourSku = `RM-FC-${key.split('-')[0] ?? ''}`;
    const [flavour] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.sku, flavourSku), eq(products.type, 'flavour_concentrate')));
    const lines = [
      ...(sample.nicotineType === 'none'
        ? []
        : [{ product_id: await idBySku(tx, NICOTINE_BASE[sample.nicotineType]), percentage: mg }]),
      ...(flavour ? [{ product_id: flavour.id, percentage: FLAVOUR_PCT }] : []),
    ];
    const used = lines.reduce((sum, l) => sum + l.percentage, 0);
    lines.push({ product_id: vg, percentage: Math.min(Number(sample.vgPct ?? 50), 100 - used) });
    const ingredients = [
      ...lines.map((l) => ({ ...l, is_fill: false })),
      { product_id: pg, percentage: 0, is_fill: true },
    ];
    const error = formulaError(ingredients);
    if (error) throw new Error(`demo recipes: ${key}: ${error}`);
    const [recipe] = await tx
      .insert(recipes)
      .values({
        code: `R-${key}`,
        recipeVersion: 1,
        name: `${sample.name.replace(/ \d+ ml.*$/, '')}`,
        productId: bulk.id,
        targetNicotineMg: String(mg),
        basis: 'v_v',
        batchBasisMl: '1000',
        status: 'approved',
        submittedBy: maker,
        approvedBy: approver,
        approvedAt: sql`now()`,
        createdBy: maker,
        updatedBy: approver,
      })
      .returning({ id: recipes.id });
    if (!recipe) throw new Error(`demo recipes: recipe ${key} not created`);
    await tx.insert(recipeIngredients).values(
      ingredients.map((l, i) => ({
        recipeId: recipe.id,
        productId: l.product_id,
        percentage: String(l.percentage),
        isFill: l.is_fill,
        sort: i + 1,
        createdBy: maker,
        updatedBy: maker,
      })),
    );
    await tx
      .update(products)
      .set({ recipeId: recipe.id })
      .where(inArray(products.id, [bulk.id, ...members.map((m) => m.id)]));
  }
}
