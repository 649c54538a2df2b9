import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formulaError } from '../../../../src/domain/entities/production/recipe-formula.ts';
import { RECIPES } from '../../../../src/domain/entities/production/recipes.entity.ts';
import { RD_PROMOTABLE_SAMPLES } from '../../../../src/domain/entities/rd/rd-promotion.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { writeAudit } from '../../../db/audit.ts';
import { numberRecipeVersion } from '../../../db/production/recipe-version.ts';
import { products } from '../../../db/schema/inventory.ts';
import { rdSamples } from '../../../db/schema/rd.ts';
import { recipeIngredients, recipes } from '../../../db/schema/recipes.ts';
import { ruleError } from '../../api-error.ts';
import { registeredBinding } from '../../entity/binding-registry.ts';
import {
  lockedRead,
  readOrFail,
  registerEntityRoutes,
  staleVersion,
} from '../../entity/entity-routes.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, Answer, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { announceSamples, type SampleChannels } from './rd-samples.routes.ts';
import { rdSampleComputed, readIngredients, readSpecifications } from './rd-samples.binding.ts';

// Promote (domain.md §7, the recipe change roles): an approved sample becomes a draft
// production recipe of a bulk liquid, with the sample's formula and its specified nicotine,
// keyed back to the sample (recipes.rd_sample_id). A sample is promoted once. The recipe then
// follows its own workflow (submit, approve) under Production.

const promoteBody = z.strictObject({
  version: versionField,
  code: z.string().trim().min(1).max(30),
  name: z.string().trim().max(120).nullable().optional(),
  product_id: z.coerce.number().int().positive(),
});

export function registerRdPromoteRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  bindings: SampleChannels,
): void {
  const { db } = deps.database;
  const promotable = registerEntityRoutes(app, deps, {
    entity: RD_PROMOTABLE_SAMPLES,
    table: rdSamples,
    computed: rdSampleComputed,
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
      "Promote an approved sample to a draft recipe of a bulk liquid with its formula; send the sample's version",
    params: idParams,
    body: promoteBody,
    handler: async ({ params, body, user, request }) => {
      const actor = signedIn(user);
      const recipe = await db.transaction(async (tx) => {
        const sample = await lockedRead(tx, promotable, params.id);
        if (sample.version !== body.version) throw await staleVersion(tx, promotable, params.id);
        if (sample.recipe_code) {
          throw ruleError(
            'status',
            `This sample is already recipe ${sample.recipe_code as string}`,
          );
        }
        const [product] = await tx
          .select({ type: products.type })
          .from(products)
          .where(eq(products.id, body.product_id));
        if (!product) throw ruleError('product_id', 'exists');
        if (product.type !== 'bulk_liquid') throw ruleError('product_id', 'Choose a bulk liquid');
        const lines = await readIngredients(tx, params.id);
        const problem = formulaError(
          lines.map((l) => ({
            product_id: Number(l.product_id),
            percentage: Number(l.pct),
            is_fill: Boolean(l.is_fill),
          })),
        );
        if (problem) throw ruleError('ingredients', problem);
        const spec = await readSpecifications(tx, params.id);
        const [inserted] = await tx
          .insert(recipes)
          .values({
            code: body.code,
            name: body.name ?? (sample.project_title as string | null) ?? '',
            productId: body.product_id,
            targetNicotineMg: String(spec?.nicotine_mg ?? 0),
            batchBasisMl: String(sample.batch_size_ml),
            rdSampleId: params.id,
            note: `Promoted from R&D sample ${String(sample.number)}`,
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .returning({ id: recipes.id });
        if (!inserted) throw new Error('recipes: insert returned no row');
        await numberRecipeVersion(tx, inserted.id, body.code);
        await tx.insert(recipeIngredients).values(
          lines.map((l, i) => ({
            recipeId: inserted.id,
            productId: Number(l.product_id),
            percentage: String(l.is_fill ? 0 : Number(l.pct)),
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
        const binding = registeredBinding(RECIPES.name);
        return binding ? readOrFail(tx, binding, inserted.id) : { id: inserted.id };
      });
      if ('seq' in recipe) await publishChange(deps, RECIPES, 'created', recipe);
      await announceSamples(deps, bindings, { updated: params.id });
      return new Answer(recipe, 'created', 201);
    },
  });
}
