import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DISCOUNTS } from '../../shared/entities/discounts.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import { DISCOUNT_TRANSITIONS, discountMachine } from '../../shared/machines/discount.machine.ts';
import { eventRolesOf } from '../../../../src/machines/workflows/document-workflow.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import type { ResolvedBinding } from '../../../../server/http/entity/entity-binding.ts';
import {
  byTransitionTable,
  eventRequest,
  runEvent,
} from '../../../../server/http/entity/event-pipeline.ts';
import { entityRowSchema } from '../../../../server/http/entity/entity-row-schema.ts';
import { publishChange } from '../../../../server/http/entity/publish-change.ts';
import { addRoute, signedIn } from '../../../../server/http/route.ts';
import { idParams, versionField } from '../../../../server/http/routes/common-fields.ts';

// A manager's decision on a discount over the approval limit (discount.machine.ts), through the
// one event pipeline: approve (never the person who asked) or reject with a reason. The sales
// screens and the approval inbox send it the same way.

export function registerDiscountEvents(
  app: FastifyInstance,
  deps: AppDeps,
  binding: ResolvedBinding,
): void {
  addRoute(app, {
    method: 'POST',
    url: `${DISCOUNTS.api}/:id/events/:event`,
    access: { area: DISCOUNTS.area },
    callers: { events: eventRolesOf(DISCOUNT_TRANSITIONS) },
    summary: 'Approve or reject a discount over the approval limit; send the version you read',
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: z.strictObject({ version: versionField, reason: z.string().trim().max(500).optional() }),
    response: entityRowSchema(DISCOUNTS),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const result = await deps.database.db.transaction((tx) =>
        runEvent(
          tx,
          {
            binding,
            ...byTransitionTable(
              { machine: discountMachine, table: DISCOUNT_TRANSITIONS },
              params.event,
              actor,
              ({ doc }) => ({
                status: String(doc.status),
                submitted_by: rowOf(DISCOUNTS, doc).submitted_by ?? null,
              }),
            ),
            effect: ({ to }) => ({ set: { approvedBy: to === 'approved' ? actor.id : null } }),
          },
          eventRequest(params, body, actor),
        ),
      );
      await publishChange(deps, DISCOUNTS, 'updated', result.row);
      return result.row;
    },
  });
}
