import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PAIL_MOVERS } from '../../../../src/domain/entities/production/production-transfer-values.ts';
import { TRANSFER_PAILS } from '../../../../src/domain/entities/production/production-transfers.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { locationOfType } from '../../../db/location-of-type.ts';
import { locations } from '../../../db/schema/general.ts';
import { pails, phases } from '../../../db/schema/production-config.ts';
import { productionOrders } from '../../../db/schema/production-orders.ts';
import { pailTransfers } from '../../../db/schema/production-transfers.ts';
import { ruleError } from '../../../errors/api-error.ts';
import type { ResolvedBinding } from '../../entity/entity-binding.ts';
import { readOrFail, staleVersion } from '../../entity/entity-routes.ts';
import { addRoute, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { announceTransferNews } from './transfer-broadcasts.ts';
import { entityRowSchema } from '../../entity/entity-row-schema.ts';

// A pail of bulk moves between phases (docs/domain/production.md §3.2 pail_transfers): from
// batching, where it is filled with an order's batch, to bottling, and back empty to be cleaned.
// Each move writes the pail's new place, order, lot and volume and appends its pail_transfers row,
// in one transaction; the transfer dashboard hears `pail.updated`.

const moveBody = z.object({
  version: versionField,
  to_phase_id: z.coerce.number().int().positive(),
  /** Left out: the production floor. */
  to_location_id: z.coerce.number().int().positive().nullable().optional(),
  /** Left out: the order the pail already holds. */
  production_order_id: z.coerce.number().int().positive().nullable().optional(),
  volume_ml: z.coerce.number().min(0).max(999_999),
});

export function registerPailTransferRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  pailBinding: ResolvedBinding,
): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'POST',
    url: '/api/production/pails/:id/move',
    response: entityRowSchema(pailBinding.entity),
    access: { area: TRANSFER_PAILS.area },
    callers: { roles: PAIL_MOVERS },
    summary: 'Move a pail of bulk to another phase (and place), with its order and volume',
    params: idParams,
    body: moveBody,
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const row = await db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from pails where id = ${params.id} for update`);
        const read = await readOrFail(tx, pailBinding, params.id);
        const pail = rowOf(TRANSFER_PAILS, read);
        if (pail.version !== body.version) throw await staleVersion(tx, pailBinding, params.id);
        if (pail.status === 'cleaning') {
          throw ruleError('status', `Pail ${pail.code} is being cleaned`);
        }
        if (body.volume_ml > (pail.capacity_ml ?? 0)) {
          throw ruleError('volume_ml', 'The volume exceeds the capacity');
        }
        const [phase] = await tx
          .select({ id: phases.id, code: phases.code, module: phases.module })
          .from(phases)
          .where(eq(phases.id, body.to_phase_id));
        if (!phase || phase.module !== 'production') throw ruleError('to_phase_id', 'exists');
        const toLocation = body.to_location_id ?? (await locationOfType(tx, 'production'));
        const [place] = await tx
          .select({ id: locations.id })
          .from(locations)
          .where(and(eq(locations.id, toLocation), eq(locations.active, true)));
        if (!place) throw ruleError('to_location_id', 'exists');
        const orderId =
          body.production_order_id === undefined
            ? (pail.production_order_id ?? null)
            : body.production_order_id;
        // The dashboard's pail shows no lot, so its read has none: the lot it holds is the table's.
        const [held] = await tx
          .select({ lot: pails.lotId })
          .from(pails)
          .where(eq(pails.id, params.id));
        let lotId = held?.lot ?? null;
        if (orderId !== null && orderId !== pail.production_order_id) {
          const [order] = await tx
            .select({ lot: productionOrders.batchLotId })
            .from(productionOrders)
            .where(eq(productionOrders.id, orderId));
          if (!order) throw ruleError('production_order_id', 'exists');
          lotId = order.lot;
        }
        const empty = body.volume_ml === 0;
        await tx.insert(pailTransfers).values({
          pailId: params.id,
          productionOrderId: orderId,
          fromLocationId: pail.location_id ?? null,
          toLocationId: toLocation,
          fromPhaseId: pail.phase_id ?? null,
          toPhaseId: phase.id,
          volumeMl: String(body.volume_ml),
          createdBy: actor.id,
        });
        await tx
          .update(pails)
          .set({
            locationId: toLocation,
            phaseId: phase.id,
            // An emptied pail holds nothing any more; it goes to be cleaned next.
            productionOrderId: empty ? null : orderId,
            lotId: empty ? null : lotId,
            volumeMl: String(body.volume_ml),
            status: empty ? 'empty' : phase.code === 'bottling' ? 'at_bottling' : 'filled',
            updatedBy: actor.id,
          })
          .where(and(eq(pails.id, params.id), eq(pails.version, body.version)));
        return readOrFail(tx, pailBinding, params.id);
      });
      await announceTransferNews(deps, { pail: [params.id] });
      return row;
    },
  });
}
