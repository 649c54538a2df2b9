import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  formulaError,
  scaleRecipe,
} from '../../../../src/domain/entities/production/recipe-formula.ts';
import { RECIPES } from '../../../../src/domain/entities/production/recipes.entity.ts';
import { RD_PROMOTABLE_SAMPLES } from '../../shared/entities/rd-promotion.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { writeAudit } from '../../../../server/db/audit.ts';
import { numberRecipeVersion } from '../../../../server/db/production/recipe-version.ts';
import { products } from '../../../../server/db/schema/inventory.ts';
import { rdSamples } from '../db/rd.schema.ts';
import { recipeIngredients, recipes } from '../../../../server/db/schema/recipes.ts';
import { ruleError, validationError } from '../../../../server/errors/api-error.ts';
import { qualified } from '../../../../server/http/entity/entity-binding.ts';
import type { ChangeOutcome } from '../../../../server/http/routes/inventory/product-changes.commands.ts';
import { publishProductChange } from '../../../../server/http/routes/inventory/product-change-events.ts';
import { reserveBulkProduct } from './promote-bulk-product.ts';
import {
  lockedRead,
  readOrFail,
  registerEntityRoutes,
  staleVersion,
} from '../../../../server/http/entity/entity-routes.ts';
import { entityRowSchema } from '../../../../server/http/entity/entity-row-schema.ts';
import { publishChange } from '../../../../server/http/entity/publish-change.ts';
import { addRoute, Answer, signedIn } from '../../../../server/http/route.ts';
import { idParams, versionField } from '../../../../server/http/routes/common-fields.ts';
import { announceSamples, type SampleChannels } from './rd-samples.routes.ts';
import { rdSampleComputed, readIngredients, readSpecifications } from './rd-samples.binding.ts';

// Promote (docs/domain/rd.md §7, the recipe change roles): an approved sample becomes a draft
// production recipe of a bulk liquid, with the sample's formula and its specified nicotine,
// keyed back to the sample (recipes.rd_sample_id). A sample is promoted once. The recipe then
// follows its own workflow (submit, approve) under Production. The bulk liquid is an existing
// one, or a new one reserved and proposed through a product change request in the same
// transaction (promote-bulk-product.ts says how the recipe uses it until it is approved).

const promoteBody = z.strictObject({
  version: versionField,
  code: z.string().trim().min(1).max(30),
  name: z.string().trim().max(120).nullable().optional(),
  /** An existing bulk liquid… */
  product_id: z.coerce.number().int().positive().nullish(),
  /** …or a new one, proposed from the sample and its specifications. */
  new_product: z
    .strictObject({
      sku: z.string().trim().min(1).max(40),
      name: z.string().trim().min(1).max(160).nullish(),
      flashpoint_class_id: z.coerce.number().int().positive().nullish(),
    })
    .nullish(),
});

const sampleId = qualified(rdSamples.id);
/** The recipe a promotion made, and the change request of its new bulk liquid (if any). */
const promotionComputed = {
  recipe_id: sql<number | null>`(select r.id from recipes r where r.rd_sample_id = ${sampleId}
    order by r.id limit 1)`,
  product_change_id: sql<number | null>`(select c.id from recipes r
    join product_change_requests c on c.product_id = r.product_id and c.action = 'create'
    join product_change_sets s on s.id = c.change_set_id and s.source = 'rd_promotion'
    where r.rd_sample_id = ${sampleId} order by r.id, c.id desc limit 1)`,
  product_change_status: sql<string | null>`(select c.status from recipes r
    join product_change_requests c on c.product_id = r.product_id and c.action = 'create'
    join product_change_sets s on s.id = c.change_set_id and s.source = 'rd_promotion'
    where r.rd_sample_id = ${sampleId} order by r.id, c.id desc limit 1)`,
  product_change_number: sql<string | null>`(select s.number from recipes r
    join product_change_requests c on c.product_id = r.product_id and c.action = 'create'
    join product_change_sets s on s.id = c.change_set_id and s.source = 'rd_promotion'
    where r.rd_sample_id = ${sampleId} order by r.id, c.id desc limit 1)`,
};

export function registerRdPromoteRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  bindings: SampleChannels,
): void {
  const { db } = deps.database;
  const promotable = registerEntityRoutes(app, deps, {
    entity: RD_PROMOTABLE_SAMPLES,
    table: rdSamples,
    computed: { ...rdSampleComputed, ...promotionComputed },
    where: sql`${rdSamples.status} = 'approved'`,
    ownWrites: true,
    readExtra: async (source, row) => ({
      ingredients: await readIngredients(source, row.id),
      specifications: await readSpecifications(source, row.id),
    }),
  });

  addRoute(app, {
    method: 'POST',
    url: `${RD_PROMOTABLE_SAMPLES.api}/:id/promote`,
    access: { area: 'rd_recipe_change' },
    summary:
      "Promote an approved sample to a draft recipe with its formula, of an existing bulk liquid (product_id) or of a new one proposed through a product change request (new_product); send the sample's version",
    params: idParams,
    body: promoteBody,
    response: entityRowSchema(RECIPES),
    handler: async ({ params, body, user, request }) => {
      const actor = signedIn(user);
      if ((body.product_id == null) === (body.new_product == null)) {
        throw body.product_id == null
          ? validationError({ product_id: 'required' })
          : ruleError('product_id', 'Choose an existing bulk liquid or a new one, not both');
      }
      let change: ChangeOutcome | null = null;
      const recipe = await db.transaction(async (tx) => {
        const sample = rowOf(RD_PROMOTABLE_SAMPLES, await lockedRead(tx, promotable, params.id));
        if (sample.version !== body.version) throw await staleVersion(tx, promotable, params.id);
        if (sample.recipe_code) {
          throw ruleError('status', `This sample is already recipe ${sample.recipe_code}`);
        }
        if (body.product_id != null) {
          const [product] = await tx
            .select({ type: products.type })
            .from(products)
            .where(eq(products.id, body.product_id));
          if (!product) throw ruleError('product_id', 'exists');
          if (product.type !== 'bulk_liquid') {
            throw ruleError('product_id', 'Choose a bulk liquid');
          }
        }
        const lines = await readIngredients(tx, params.id);
        const formula = lines.map((l) => ({
          product_id: l.product_id ?? 0,
          percentage: l.pct ?? 0,
          is_fill: Boolean(l.is_fill),
        }));
        const problem = formulaError(formula);
        if (problem) throw ruleError('ingredients', problem);
        const spec = await readSpecifications(tx, params.id);
        let productId = body.product_id;
        if (body.new_product) {
          const reserved = await reserveBulkProduct(tx, actor, sample, spec, body.new_product);
          productId = reserved.productId;
          change = reserved.change;
        }
        if (productId == null) throw new Error('promote: no bulk liquid');
        const [inserted] = await tx
          .insert(recipes)
          .values({
            code: body.code,
            name: body.name ?? sample.project_title ?? '',
            productId,
            targetNicotineMg: String(spec?.nicotine_mg ?? 0),
            batchBasisMl: String(sample.batch_size_ml),
            rdSampleId: params.id,
            note: `Promoted from R&D sample ${sample.number ?? ''}`,
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .returning({ id: recipes.id });
        if (!inserted) throw new Error('recipes: insert returned no row');
        await numberRecipeVersion(tx, inserted.id, body.code);
        // The fill line keeps the share it took in R&D (100 − Σ of the others), as the recipe
        // shows and scales its stored percentage.
        const shares = scaleRecipe(formula, 0);
        await tx.insert(recipeIngredients).values(
          lines.map((l, i) => ({
            recipeId: inserted.id,
            productId: l.product_id ?? 0,
            percentage: String(Math.round(shares[i]!.effective_pct * 10_000) / 10_000),
            isFill: Boolean(l.is_fill),
            sort: i + 1,
            createdBy: actor.id,
            updatedBy: actor.id,
          })),
        );
        // The sample's version moves: its list row now names the recipe.
        await tx.update(rdSamples).set({ updatedBy: actor.id }).where(eq(rdSamples.id, params.id));
        await writeAudit(tx, {
          entityType: RECIPES.name,
          entityId: inserted.id,
          action: 'create',
          changes: { rd_sample_id: [null, params.id], code: [null, body.code] },
          userId: actor.id,
          ip: request.ip,
        });
        const binding = app.entityBindings.get(RECIPES.name);
        return binding ? readOrFail(tx, binding, inserted.id) : { id: inserted.id };
      });
      if ('seq' in recipe) await publishChange(deps, RECIPES, 'created', recipe);
      if (change) await publishProductChange(deps, change, 'created');
      await announceSamples(deps, bindings, { updated: params.id });
      return new Answer(recipe, 'created', 201);
    },
  });
}
