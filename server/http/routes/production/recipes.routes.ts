import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { createSchema } from '../../../../src/domain/entity/entity-declaration.ts';
import {
  formulaError,
  scaleRecipe,
} from '../../../../src/domain/entities/production/recipe-formula.ts';
import {
  RECIPE_INGREDIENTS,
  RECIPES,
} from '../../../../src/domain/entities/production/recipes.entity.ts';
import {
  RECIPE_TRANSITIONS,
  recipeMachine,
} from '../../../../src/machines/workflows/recipe.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { logTransition } from '../../../db/transition-log.ts';
import { numberRecipeVersion } from '../../../db/production/recipe-version.ts';
import { products } from '../../../db/schema/inventory.ts';
import { recipeIngredients, recipes } from '../../../db/schema/recipes.ts';
import { ApiError, ruleError } from '../../../errors/api-error.ts';
import {
  qualified,
  refLabel,
  resolveBinding,
  toColumnValues,
  type EntityBinding,
} from '../../entity/entity-binding.ts';
import { readOrFail, registerEntityRoutes } from '../../entity/entity-routes.ts';
import { addRoute, Answer, signedIn } from '../../route.ts';
import { idParams } from '../common-fields.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { diffFields, writeAudit } from '../../../db/audit.ts';
import { registerDocumentEvents } from '../../entity/document-events.ts';
import type { ResolvedDocument } from '../../entity/document-spec.ts';
import { createdLabels, productLabels } from '../../entity/shared-field-labels.ts';
import { assertWithinNicotineLimit } from '../../../db/nicotine-limit.ts';
import { entityRowSchema } from '../../entity/entity-row-schema.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';
import { rowOf, type RowOf } from '../../../../src/domain/entity/row-of.ts';

// Recipes (docs/domain/production.md §3.1) on the entity pattern: the draft and its `ingredients`
// are written together and checked against the invariants; past draft only workflow events change a
// recipe (the stock documents' events route, driven by recipe.machine.ts). Approving archives
// the code's previous approved version and repoints the products that used it.

type Ingredient = Record<string, unknown> & {
  product_id: number;
  percentage?: number | null;
  is_fill?: boolean | null;
};

const ingredientSchema = createSchema(RECIPE_INGREDIENTS);

const header: EntityBinding & { table: typeof recipes } = {
  entity: RECIPES,
  table: recipes,
  computed: {
    ...productLabels(recipes.productId),
    // Approval waits for a bulk liquid still pending approval (recipe.machine.ts).
    product_status: refLabel(recipes.productId, products, 'status'),
    approved_by_name: sql<
      string | null
    >`(select u.name from users u where u.id = ${qualified(recipes.approvedBy)})`,
    ...createdLabels(recipes.createdBy),
  },
};

const lines = {
  entity: RECIPE_INGREDIENTS,
  table: recipeIngredients,
  computed: productLabels(recipeIngredients.productId),
};

const linesBinding = resolveBinding(lines);

/** A recipe as its own routes answer it: its row and its ingredient lines. */
const recipeWithLines = entityRowSchema(RECIPES).extend({
  ingredients: z.array(entityRowSchema(RECIPE_INGREDIENTS)),
});

async function readIngredients(db: Db | Tx, recipeId: number) {
  return (await db
    .select(linesBinding.selection)
    .from(recipeIngredients)
    .where(eq(recipeIngredients.recipeId, recipeId))
    .orderBy(asc(recipeIngredients.sort), asc(recipeIngredients.id))) as (EntityRow & Ingredient)[];
}

async function checkProduct(tx: Tx, productId: number): Promise<void> {
  const [product] = await tx
    .select({ type: products.type })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw ruleError('product_id', 'exists');
  if (product.type !== 'bulk_liquid') throw ruleError('product_id', 'Choose a bulk liquid');
}

function checkIngredients(productId: number, rows: readonly Ingredient[]): void {
  const seen = new Set<number>();
  rows.forEach((row, i) => {
    if (seen.has(row.product_id) || row.product_id === productId) {
      throw ruleError(`ingredients.${i}.product_id`, 'unique');
    }
    seen.add(row.product_id);
  });
  const error = formulaError(rows);
  if (error) throw ruleError('ingredients', error);
}

async function writeIngredients(tx: Tx, recipeId: number, rows: Ingredient[], actor: number) {
  await tx.delete(recipeIngredients).where(eq(recipeIngredients.recipeId, recipeId));
  if (rows.length === 0) return;
  await tx.insert(recipeIngredients).values(
    rows.map((row, i) => ({
      ...toColumnValues(linesBinding, { sort: i + 1, ...row }),
      productId: row.product_id,
      recipeId,
      createdBy: actor,
      updatedBy: actor,
    })),
  );
}

const recipeBinding: EntityBinding = {
  ...header,
  extraBody: { ingredients: z.array(ingredientSchema).max(200).optional() },
  readExtra: async (db, row) => ({ ingredients: await readIngredients(db, row.id) }),
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      if (before && before.status !== 'draft') {
        throw ruleError(
          'status',
          `A ${String(before.status).replaceAll('_', ' ')} recipe cannot be edited: make a new version`,
        );
      }
      const productId = Number(values.product_id ?? before?.product_id);
      await checkProduct(tx, productId);
      const rows = values.ingredients as Ingredient[] | undefined;
      if (!before && (!rows || rows.length === 0)) throw ruleError('ingredients', 'required');
      if (rows) checkIngredients(productId, rows);
      else if (before) checkIngredients(productId, await readIngredients(tx, before.id));
    },
    afterWrite: async ({ tx, actor, values, before, after }) => {
      if (!before || before.code !== after.code)
        await numberRecipeVersion(tx, after.id, rowOf(RECIPES, after).code);
      const rows = values.ingredients as Ingredient[] | undefined;
      if (rows) await writeIngredients(tx, after.id, rows, actor.id);
    },
    beforeDelete: async ({ before }) => {
      if (before.status !== 'draft') throw new ApiError('database_delete_7', null, 409);
    },
  },
};

/** Approving: the code's approved version (if any) is archived and its products repointed. */
async function supersede(tx: Tx, doc: RowOf<typeof RECIPES>, actorId: number): Promise<void> {
  const archived = await tx
    .update(recipes)
    .set({ status: 'archived', updatedBy: actorId })
    .where(and(eq(recipes.code, doc.code), eq(recipes.status, 'approved'), ne(recipes.id, doc.id)))
    .returning({ id: recipes.id });
  const ids = archived.map((r) => r.id);
  if (ids.length === 0) return;
  for (const id of ids) {
    await logTransition(tx, {
      entityType: RECIPES.name,
      entityId: id,
      from: 'approved',
      to: 'archived',
      event: 'supersede',
      reason: `Version ${doc.recipe_version} approved`,
      actorId,
    });
  }
  await tx
    .update(products)
    .set({ recipeId: doc.id, updatedBy: actorId })
    .where(inArray(products.recipeId, ids));
}

const scaleQuery = z.object({
  id: z.coerce.number().int().positive(),
  ml: z.coerce.number().positive().max(10_000_000),
});

export function registerRecipeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const binding = registerEntityRoutes(app, deps, recipeBinding);
  const resolved: ResolvedDocument = {
    header,
    lines,
    linesKey: { key: 'recipeId', column: recipeIngredients.recipeId },
    docType: 'recipe',
    workflow: { machine: recipeMachine, table: RECIPE_TRANSITIONS },
    workflowFacts: async (_tx, doc) => {
      const recipe = rowOf(RECIPES, doc);
      return {
        product_status: recipe.product_status ?? null,
        product_sku: recipe.product_sku ?? null,
      };
    },
    binding,
    linesBinding,
    effects: {
      submit: async ({ actor }) => ({ set: { submittedBy: actor.id } }),
      approve: async ({ tx, actor, doc }) => {
        const recipe = rowOf(RECIPES, doc);
        await assertWithinNicotineLimit(
          tx,
          'target_nicotine_mg',
          'The recipe',
          recipe.target_nicotine_mg ?? null,
        );
        await supersede(tx, recipe, actor.id);
        return { set: { approvedBy: actor.id, approvedAt: new Date() } };
      },
    },
  };
  registerDocumentEvents(app, deps, resolved);

  // An approved recipe never changes: its change starts as a copy, the code's next version,
  // in draft (docs/domain/production.md §3.1 "edit → version+1 draft").
  addRoute(app, {
    method: 'POST',
    url: `${RECIPES.api}/:id/new-version`,
    response: recipeWithLines,
    access: { area: RECIPES.writeArea ?? RECIPES.area },
    summary: 'Copy a recipe with its ingredients as a draft of the next version of its code',
    params: idParams,
    handler: async ({ params, user, request }) => {
      const actor = signedIn(user);
      const row = await db.transaction(async (tx) => {
        const source = rowOf(RECIPES, await readOrFail(tx, binding, params.id));
        const [copy] = await tx
          .insert(recipes)
          .values({
            ...toColumnValues(binding, source),
            code: source.code,
            productId: source.product_id,
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .returning({ id: recipes.id });
        if (!copy) throw new Error('recipes: copy returned no row');
        await numberRecipeVersion(tx, copy.id, source.code);
        await writeIngredients(tx, copy.id, await readIngredients(tx, source.id), actor.id);
        await writeAudit(tx, {
          entityType: RECIPES.name,
          entityId: copy.id,
          action: 'create',
          changes: diffFields({}, { code: source.code, copied_from: source.id }),
          userId: actor.id,
          ip: request.ip,
        });
        const created = await readOrFail(tx, binding, copy.id);
        return { ...created, ingredients: await readIngredients(tx, copy.id) };
      });
      await publishChange(deps, RECIPES, 'created', row);
      return new Answer(row, 'created', 201);
    },
  });

  // The batch calculator (`/production/recipe/fetch`): each ingredient for `ml` of batch.
  addRoute(app, {
    method: 'GET',
    url: '/api/production/recipe/fetch',
    response: recipeWithLines.extend({
      ml: z.number(),
      ingredients: z.array(
        entityRowSchema(RECIPE_INGREDIENTS).extend({ effective_pct: z.number(), qty: z.number() }),
      ),
    }),
    access: { area: RECIPES.area },
    summary: 'A recipe scaled to a batch: qty = pct × ml / 100, the fill taking the rest',
    query: scaleQuery,
    handler: async ({ query }) => {
      const recipe = await readOrFail(db, binding, query.id);
      const ingredients = scaleRecipe(await readIngredients(db, query.id), query.ml);
      return { ...recipe, ml: query.ml, ingredients };
    },
  });
}
