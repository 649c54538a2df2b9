import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ACCESS_TABLE } from '../../../../src/domain/access.ts';
import { canUseArea } from '../../../../src/domain/area-modules.ts';
import { updateSchema } from '../../../../src/domain/entity/entity-declaration.ts';
import {
  PRODUCT_CHANGES,
  productChangeRow,
} from '../../../../src/domain/entities/inventory/product-changes.entity.ts';
import { PRODUCTS } from '../../../../src/domain/entities/inventory/products.entity.ts';
import {
  PRODUCT_CHANGE_EVENT_ROLES,
  PRODUCT_CHANGE_EVENTS,
} from '../../../../src/machines/workflows/product-change.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { SessionUser } from '../../../auth/session-user.ts';
import { productChangeLogs, productChangeRequests } from '../../../db/schema/inventory.ts';
import { ApiError } from '../../../errors/api-error.ts';
import { registerEntityRoutes } from '../../entity/entity-routes.ts';
import { entityRowSchema } from '../../entity/entity-row-schema.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, Answer, signedIn } from '../../route.ts';
import { idParams } from '../common-fields.ts';
import { publishProductChange } from './product-change-events.ts';
import { productsBinding } from './products.binding.ts';
import {
  CHANGE_SUMMARY_BINDING,
  PRODUCT_CHANGE_LOGS_BINDING,
  PRODUCT_CHANGES_BINDING,
  PRODUCTS_CHANGES_REPORT_BINDING,
  productChangesBinding,
} from './product-changes.binding.ts';
import {
  changeEventBody,
  createChangeRequest,
  fireChangeEvent,
  newChangeBody,
} from './product-changes.commands.ts';
import { editProductDirectly } from './product-writes.ts';
import { findRow } from '../../entity/entity-queries.ts';

// Product change control: the approvers' lists (inventory_changes), and the commands both
// sides use. Inventory users open, submit, revise and withdraw their requests; approvers
// review them. Which of them may send which event is the workflow machine's decision.

/** The roles of both sides: refused before the body is read (their modules are checked after). */
const CHANGE_PARTIES = [...ACCESS_TABLE.inventory.roles, ...ACCESS_TABLE.inventory_changes.roles];

/**
 * Makers (inventory) and checkers (inventory_changes) both reach the commands; the events
 * also the recipe change roles, for the requests their R&D promotion opened (the machine
 * refuses them any other).
 */
function assertChangeParty(user: SessionUser, promoters = false): void {
  if (
    !canUseArea(user, 'inventory') &&
    !canUseArea(user, 'inventory_changes') &&
    !(promoters && canUseArea(user, 'rd_recipe_change'))
  ) {
    throw new ApiError('no_privileges');
  }
}

/** A change request's row, with the product an approval wrote (else null). */
const requestAnswer = entityRowSchema(PRODUCT_CHANGES).extend({
  product: entityRowSchema(PRODUCTS).nullable(),
});

export function registerProductChangeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  registerEntityRoutes(app, deps, {
    ...PRODUCT_CHANGES_BINDING,
    // The product as it is now, so a reviewer sees what the proposal changes; once applied,
    // the product holds the proposal, so what it held before is read from the field logs.
    readExtra: async (source, read) => {
      const row = productChangeRow(read);
      return {
        current_product:
          row.product_id === null ? null : await findRow(source, productsBinding, row.product_id),
        applied_changes: await source
          .select({
            field: productChangeLogs.field,
            old_value: productChangeLogs.oldValue,
            new_value: productChangeLogs.newValue,
          })
          .from(productChangeLogs)
          .where(eq(productChangeLogs.requestId, row.id))
          .orderBy(asc(productChangeLogs.id)),
      };
    },
  });
  registerEntityRoutes(app, deps, {
    ...CHANGE_SUMMARY_BINDING,
    readExtra: async (source, row) => {
      const ids = await source
        .select({ id: productChangeRequests.id })
        .from(productChangeRequests)
        .where(eq(productChangeRequests.changeSetId, row.id))
        .orderBy(asc(productChangeRequests.id));
      // One after another: `source` may be a transaction's one connection.
      const requests = [];
      for (const { id } of ids) requests.push(await findRow(source, productChangesBinding, id));
      return { requests };
    },
  });
  registerEntityRoutes(app, deps, PRODUCT_CHANGE_LOGS_BINDING);
  registerEntityRoutes(app, deps, PRODUCTS_CHANGES_REPORT_BINDING);

  addRoute(app, {
    method: 'POST',
    url: PRODUCT_CHANGES.api,
    access: 'authenticated',
    callers: { roles: CHANGE_PARTIES },
    summary: 'Open a product change request (create, update or deactivate a product)',
    body: newChangeBody,
    response: requestAnswer,
    handler: async ({ body, user }) => {
      const actor = signedIn(user);
      assertChangeParty(actor);
      const outcome = await db.transaction((tx) => createChangeRequest(tx, actor, body));
      await publishProductChange(deps, outcome, 'created');
      return new Answer(
        { ...outcome.request, product: outcome.product?.row ?? null },
        'created',
        201,
      );
    },
  });

  addRoute(app, {
    method: 'POST',
    url: `${PRODUCT_CHANGES.api}/:id/events/:event`,
    access: 'authenticated',
    callers: { events: PRODUCT_CHANGE_EVENT_ROLES },
    summary:
      'Send a workflow event to a change request (submit, approve, reject, request_changes, revise, withdraw) with its version',
    params: idParams.extend({
      event: z.enum(Object.keys(PRODUCT_CHANGE_EVENTS) as [keyof typeof PRODUCT_CHANGE_EVENTS]),
    }),
    body: changeEventBody,
    response: requestAnswer,
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      assertChangeParty(actor, true);
      const outcome = await db.transaction((tx) =>
        fireChangeEvent(tx, actor, params.id, params.event, body),
      );
      await publishProductChange(deps, outcome, 'updated');
      return { ...outcome.request, product: outcome.product?.row ?? null };
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: `${PRODUCT_CHANGES.api}/products/:id`,
    access: { area: 'inventory_changes' },
    summary: "An approver's direct edit of a product (no request; logged field by field)",
    params: idParams,
    body: updateSchema(PRODUCTS),
    response: entityRowSchema(PRODUCTS),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const row = await db.transaction((tx) =>
        editProductDirectly(
          tx,
          actor,
          params.id,
          body as Record<string, unknown> & { version: number },
        ),
      );
      await publishChange(deps, PRODUCTS, 'updated', row);
      return row;
    },
  });
}
