import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PRODUCTION_RECOVERIES } from '../../../../src/domain/entities/production/production-recoveries.entity.ts';
import { RECOVERY_TRANSITIONS } from '../../../../src/machines/workflows/production-recovery.machine.ts';
import { eventRolesOf } from '../../../../src/machines/workflows/document-workflow.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { nextNumber } from '../../../db/document-number.ts';
import {
  resolveSource,
  SOURCE_FIELD,
  sourceIdOf,
} from '../../../db/production/recovery-effects.ts';
import type { RecoverySourceType } from '../../../../src/domain/entities/production/correction-values.ts';
import { productionRecoveries as recoveries } from '../../../db/schema/production-corrections.ts';
import { ApiError, ruleError, validationError } from '../../../errors/api-error.ts';
import {
  qualified,
  type EntityBinding,
  type ResolvedBinding,
} from '../../entity/entity-binding.ts';
import { registerEntityRoutes } from '../../entity/entity-routes.ts';
import { addRoute, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import {
  createdLabels,
  locationLabel,
  lotLabel,
  productLabels,
} from '../../entity/shared-field-labels.ts';
import { publishRecoveryTransition, transitionRecovery } from './recovery-transition.ts';
import { entityRowSchema } from '../../entity/entity-row-schema.ts';

// Production recoveries RY- (docs/domain/production.md §3.2) on the entity pattern: the recovery
// role writes drafts (numbered RY- after the insert, source checked against the product); past
// draft only events change them: post, cancel, and QA's retest or scrap of a failed one. The lab's
// verdict moves them from the HPLC result route (hplc.routes.ts).

/** Drafts are the recovery role's; QA reads them and decides the failed ones. */
/** Who drafts recoveries (admin always may); QA and the lab only send their events. */
const WRITERS = ['recovery'];

const sourceLabel = sql<string | null>`case ${qualified(recoveries.sourceType)}
    when 'production_order' then (select o.number from production_orders o where o.id = ${qualified(recoveries.sourceId)})
    when 'lot' then (select l.lot_no from stock_lots l where l.id = ${qualified(recoveries.sourceId)})
    else '#' || ${qualified(recoveries.sourceId)}
  end`;

const recoveryBinding: EntityBinding = {
  entity: PRODUCTION_RECOVERIES,
  table: recoveries,
  writers: WRITERS,
  computed: {
    source_label: sourceLabel,
    production_order_number: sql`(select o.number from production_orders o where o.id = ${qualified(recoveries.productionOrderId)})`,
    ...productLabels(recoveries.productId),
    lot_no: lotLabel(recoveries.lotId),
    location_name: locationLabel(recoveries.locationId),
    bulk_product_sku: productLabels(recoveries.bulkProductId).product_sku!,
    target_lot_no: lotLabel(recoveries.targetLotId),
    ...createdLabels(recoveries.createdBy),
  },
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      if (before && before.status !== 'draft') {
        throw ruleError('status', `A ${String(before.status)} recovery cannot be edited`);
      }
      const merged = { ...(before ?? {}), ...values };
      const sourceId = sourceIdOf(merged);
      const sourceType = merged.source_type as RecoverySourceType;
      if (sourceId === null && sourceType !== 'stamping_order') {
        throw validationError({ [SOURCE_FIELD[sourceType]]: 'required' });
      }
      await resolveSource(tx, { ...merged, source_id: sourceId });
    },
    // The number and the source id are the server's: written after the row, in its transaction.
    afterWrite: async ({ tx, before, after }) => {
      if (before && after.source_id === sourceIdOf(after)) return;
      await tx
        .update(recoveries)
        .set({
          sourceId: sourceIdOf(after),
          ...(before ? {} : { number: await nextNumber(tx, 'production_recovery') }),
        })
        .where(eq(recoveries.id, after.id));
    },
    beforeDelete: async ({ before }) => {
      if (before.status !== 'draft') throw new ApiError('database_delete_7', null, 409);
    },
  },
};

const eventBody = z.object({
  version: versionField,
  reason: z.string().trim().max(500).optional(),
});

export function registerRecoveryRoutes(app: FastifyInstance, deps: AppDeps): ResolvedBinding {
  const { db } = deps.database;
  const binding = registerEntityRoutes(app, deps, recoveryBinding);

  addRoute(app, {
    method: 'POST',
    url: `${PRODUCTION_RECOVERIES.api}/:id/events/:event`,
    response: entityRowSchema(PRODUCTION_RECOVERIES),
    access: { area: PRODUCTION_RECOVERIES.area },
    callers: { events: eventRolesOf(RECOVERY_TRANSITIONS) },
    summary:
      'Post or cancel (with a reason) a draft recovery; QA retests or scraps (with a reason) a failed one',
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: eventBody,
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      // The verdict events belong to the lab's result, not to a person.
      if (params.event.startsWith('hplc_')) {
        throw ruleError('status', 'The HPLC verdict comes with the lab result');
      }
      const t = await db.transaction((tx) =>
        transitionRecovery(tx, binding, {
          id: params.id,
          version: body.version,
          event: params.event,
          actor,
          reason: body.reason ?? null,
        }),
      );
      await publishRecoveryTransition(deps, t);
      return t.row;
    },
  });
  return binding;
}
