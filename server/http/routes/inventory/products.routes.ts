import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createSchema, updateSchema } from '../../../../src/domain/entity/entity-declaration.ts';
import { PRODUCT_CHANGES } from '../../../../src/domain/entities/inventory/product-changes.entity.ts';
import { PRODUCTS } from '../../../../src/domain/entities/inventory/products.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { productAvailability } from '../../../db/inventory/product-availability.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { ApiError, validationError } from '../../../errors/api-error.ts';
import { findRow } from '../../entity/entity-queries.ts';
import { registerEntityRoutes, staleVersion } from '../../entity/entity-routes.ts';
import { entityRowSchema } from '../../entity/entity-row-schema.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { envelope } from '../../envelope.ts';
import { addRoute } from '../../route.ts';
import { announceChange } from './product-change-events.ts';
import { createChangeRequest } from './product-changes.commands.ts';
import { PRODUCTS_BINDING, productsBinding } from './products.binding.ts';

// The product master, its scanner lookup, and the rule of docs/domain/inventory.md §2: an inventory
// user's new product, edit of an ACTIVE product, or change of any product's status becomes a change
// request for an approver (202 with the request), so no product becomes active, or changes
// status, without a second person (maker-checker). Admins edit directly (still logged field
// by field).

/** Roles whose edits of active products skip change control. */
const DIRECT_EDITORS = ['admin', 'product_approval_admin'];

const productUpdate = updateSchema(PRODUCTS);
const productCreate = createSchema(PRODUCTS);

const isDirectEditor = (roles: readonly string[]) => roles.some((r) => DIRECT_EDITORS.includes(r));

export function registerProductRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  // Registered before the product routes so the hooks attach to their POST and PUT only.
  app.addHook('onRoute', (route) => {
    const divert =
      route.url === `${PRODUCTS.api}/:id` && route.method === 'PUT'
        ? divertToChangeRequest
        : route.url === PRODUCTS.api && route.method === 'POST'
          ? divertCreateToChangeRequest
          : null;
    if (!divert) return;
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...existing, divert];
  });

  async function divertCreateToChangeRequest(request: FastifyRequest, reply: FastifyReply) {
    const user = request.user;
    if (!user || isDirectEditor(user.roles)) return;
    const parsed = productCreate.safeParse(request.body ?? {}, { reportInput: true });
    if (!parsed.success) return; // the route itself answers with the validation codes
    const outcome = await db.transaction((tx) =>
      createChangeRequest(tx, user, {
        action: 'create',
        proposed: request.body as Record<string, unknown>,
        submit: true,
      }),
    );
    await publishChange(deps, PRODUCT_CHANGES, 'created', outcome.request);
    await announceChange(deps, outcome.request);
    return reply.code(202).send(envelope(outcome.request, 'change_requested'));
  }

  async function divertToChangeRequest(request: FastifyRequest, reply: FastifyReply) {
    const user = request.user;
    if (!user || isDirectEditor(user.roles)) return;
    const id = Number((request.params as { id?: string }).id);
    if (!Number.isInteger(id) || id <= 0) return;
    const parsed = productUpdate.safeParse(request.body ?? {}, { reportInput: true });
    if (!parsed.success) return; // the route itself answers with the validation codes
    const { version, ...fields } = parsed.data as Record<string, unknown> & { version: number };
    const outcome = await db.transaction(async (tx) => {
      const [current] = await queryRows<{ status: string; version: number }>(
        tx,
        sql`select status, version from products where id = ${id} for update`,
      );
      if (!current) return null;
      const statusChange = fields.status !== undefined && fields.status !== current.status;
      if (current.status !== 'active' && !statusChange) return null;
      if (current.version !== version) throw await staleVersion(tx, productsBinding, id);
      const before = await findRow(tx, productsBinding, id);
      const changed = Object.fromEntries(
        Object.entries(fields).filter(
          ([name, value]) => JSON.stringify(before?.[name] ?? null) !== JSON.stringify(value),
        ),
      );
      if (Object.keys(changed).length === 0) throw validationError({ body: 'Nothing changed' });
      return createChangeRequest(tx, user, {
        action: 'update',
        product_id: id,
        proposed: changed,
        submit: true,
      });
    });
    if (!outcome) return; // not active: the direct edit goes ahead
    await publishChange(deps, PRODUCT_CHANGES, 'created', outcome.request);
    await announceChange(deps, outcome.request);
    return reply.code(202).send(envelope(outcome.request, 'change_requested'));
  }

  registerEntityRoutes(app, deps, PRODUCTS_BINDING);

  addRoute(app, {
    method: 'GET',
    url: '/api/inventory/product/fetch',
    access: { area: 'inventory' },
    summary: 'A product by SKU or UPC (scanners), with its on hand, allocated and available',
    query: z.object({ code: z.string().trim().min(1).max(60) }),
    response: entityRowSchema(PRODUCTS).extend({
      availability: z.object({ on_hand: z.number(), allocated: z.number(), available: z.number() }),
    }),
    handler: async ({ query }) => {
      const [match] = await queryRows<{ id: number }>(
        db,
        sql`select id from products
             where lower(sku) = lower(${query.code}) or upc = ${query.code}
             order by (lower(sku) = lower(${query.code})) desc, id
             limit 1`,
      );
      const row = match ? await findRow(db, productsBinding, Number(match.id)) : null;
      if (!row) throw new ApiError('not_found', { code: 'No product has this SKU or UPC' });
      return { ...row, availability: await productAvailability(db, row.id) };
    },
  });
}
