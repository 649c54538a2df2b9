import type { FastifyInstance } from 'fastify';
import { asc, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PRODUCT_CHANGES } from '../../../../src/domain/entities/inventory/product-changes.entity.ts';
import { RD_PROMOTABLE_SAMPLES } from '../../../../src/domain/entities/rd/rd-promotion.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { measures } from '../../../db/schema/inventory.ts';
import { ruleError } from '../../api-error.ts';
import type { ResolvedBinding } from '../../entity/entity-binding.ts';
import { lockedRead, staleVersion } from '../../entity/entity-routes.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, Answer, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { announceChange } from '../inventory/product-change-events.ts';
import { createChangeRequest } from '../inventory/product-changes.commands.ts';

// The bulk liquid of a promotion (domain.md §7 decision): when the approved sample's liquid is
// not a product yet, the recipe change roles ask for it through a product change request,
// submitted at once to the product approvers (maker-checker holds there). Once approved it is
// a bulk liquid the promotion picks. Measured in ml, as every liquid is.

const bulkLiquidBody = z.strictObject({
  version: versionField,
  sku: z.string().trim().min(1).max(40),
  name: z.string().trim().min(1).max(160),
});

export function registerRdBulkLiquidRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  promotable: ResolvedBinding,
): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'POST',
    url: `${RD_PROMOTABLE_SAMPLES.api}/:id/bulk-liquid-request`,
    access: { area: 'rd_recipe_change' },
    summary:
      "Ask for an approved sample's bulk liquid as a new product (a submitted product change request); send the sample's version",
    params: idParams,
    body: bulkLiquidBody,
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const outcome = await db.transaction(async (tx) => {
        const sample = await lockedRead(tx, promotable, params.id);
        if (sample.version !== body.version) throw await staleVersion(tx, promotable, params.id);
        const [ml] = await tx
          .select({ id: measures.id })
          .from(measures)
          .where(sql`${measures.kind} = 'volume'`)
          .orderBy(sql`${measures.code} <> 'ml'`, asc(measures.id))
          .limit(1);
        if (!ml) throw ruleError('measure_id', 'No volume unit of measure exists');
        return createChangeRequest(tx, actor, {
          action: 'create',
          proposed: { sku: body.sku, name: body.name, type: 'bulk_liquid', measure_id: ml.id },
          title: `Bulk liquid for R&D sample ${String(sample.number)}`,
          submit: true,
        });
      });
      await publishChange(deps, PRODUCT_CHANGES, 'created', outcome.request);
      await announceChange(deps, outcome.request);
      return new Answer(outcome.request, 'created', 201);
    },
  });
}
