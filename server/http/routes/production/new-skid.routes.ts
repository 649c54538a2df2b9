import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.ts';
import { diffFields, writeAudit } from '../../../db/audit.ts';
import type { Tx } from '../../../db/client.ts';
import { nextNumber } from '../../../db/document-number.ts';
import { locationOfType } from '../../../db/location-of-type.ts';
import { skids } from '../../../db/schema/production-config.ts';
import { SKID_LOADERS } from '../../../../src/machines/workflows/skid.machine.ts';
import { addRoute, signedIn } from '../../route.ts';
import { announceTransferNews } from './transfer-broadcasts.ts';
import { TRANSFER_SKIDS } from '../../../../src/domain/entities/production/production-transfers.entity.ts';
import { entityRowSchema } from '../../entity/entity-row-schema.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';

/** A skid as the skid routes answer it: its dashboard row and the order items it carries. */
export const skidWithItemsSchema = entityRowSchema(TRANSFER_SKIDS).extend({
  items: z.array(
    z.object({
      id: z.number().int(),
      production_order_id: z.number().int(),
      production_order_number: z.string(),
      product_id: z.number().int(),
      units: z.number().int(),
      cases: z.number().int(),
    }),
  ),
});

// A new empty skid for the transfer crew, from the transfer dashboard: the skids list is a
// configuration screen (admin), and a crew whose skids are all wrapped or on the road would
// otherwise have nothing to load on. The server numbers it (SK-00001…, document-number.ts)
// and puts it open on the production floor; the dashboard hears it like any skid change.

export function registerNewSkidRoute(
  app: FastifyInstance,
  deps: AppDeps,
  readSkid: (tx: Tx, id: number) => Promise<EntityRow>,
): void {
  addRoute(app, {
    method: 'POST',
    url: '/api/production/skids/new',
    response: skidWithItemsSchema,
    access: { area: 'production_transfer' },
    summary: 'Open a new empty skid on the production floor, numbered by the server',
    // Skids are kept per module (assembly has its own); this dashboard opens production's.
    callers: { roles: SKID_LOADERS },
    body: z.object({ module: z.literal('production') }),
    handler: async ({ body, user, request }) => {
      const actor = signedIn(user);
      const row = await deps.database.db.transaction(async (tx) => {
        const code = await nextNumber(tx, 'skid');
        const floor = await locationOfType(tx, 'production');
        const [created] = await tx
          .insert(skids)
          .values({
            module: body.module,
            code,
            status: 'open',
            locationId: floor,
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .returning({ id: skids.id });
        if (!created) throw new Error('skids: insert returned no row');
        await writeAudit(tx, {
          entityType: 'skids',
          entityId: created.id,
          action: 'create',
          changes: diffFields({}, { code, module: body.module, status: 'open' }),
          userId: actor.id,
          ip: request.ip,
        });
        return readSkid(tx, created.id);
      });
      await announceTransferNews(deps, { skid: [row.id] });
      return row;
    },
  });
}
