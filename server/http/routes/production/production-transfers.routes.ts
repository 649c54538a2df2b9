import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  PRODUCTION_TRANSFERS,
  SHIPMENTS,
  TRANSFER_ORDERS,
  TRANSFER_PAILS,
  TRANSFER_SKIDS,
} from '../../../../src/domain/entities/production/production-transfers.entity.ts';
import { SKIDS } from '../../../../src/domain/entities/production/skids.entity.ts';
import {
  SKID_LOADERS,
  SKID_TRANSITIONS,
  skidMachine,
} from '../../../../src/machines/workflows/skid.machine.ts';
import { decide, eventRolesOf } from '../../../../src/machines/workflows/document-workflow.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { locationOfType } from '../../../db/location-of-type.ts';
import {
  finishedLotSql,
  loadSkid,
  loadedUnitsSql,
  producedUnitsSql,
  unloadSkidItem,
  waitingItems,
} from '../../../db/production/skid-loads.ts';
import { shipmentsView } from '../../../db/production/transfer-views.ts';
import { locations } from '../../../db/schema/general.ts';
import { pails, phases, skids } from '../../../db/schema/production-config.ts';
import { productionOrders } from '../../../db/schema/production-orders.ts';
import { skidItems } from '../../../db/schema/production-transfers.ts';
import { transfers } from '../../../db/schema/stock.ts';
import { ruleError } from '../../../errors/api-error.ts';
import { qualified, refLabel } from '../../entity/entity-binding.ts';
import {
  lockedRead,
  readOrFail,
  registerEntityRoutes,
  staleVersion,
} from '../../entity/entity-routes.ts';
import { runEvent } from '../../entity/event-pipeline.ts';
import { addRoute, Answer, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { createdLabels, locationLabel } from '../../entity/shared-field-labels.ts';
import { sameSite } from '../stock/transfers.routes.ts';
import { productionOrderBinding } from './production-orders.binding.ts';
import { createProductionTransfer, TRANSFER_REQUESTERS } from './production-transfers.ts';
import { announceTransferNews } from './transfer-broadcasts.ts';
import { registerNewSkidRoute, skidWithItemsSchema } from './new-skid.routes.ts';
import { registerPailTransferRoutes } from './pail-transfers.routes.ts';
import { entityRowSchema } from '../../entity/entity-row-schema.ts';
import { rowOf, type RowOf } from '../../../../src/domain/entity/row-of.ts';

// The transfer crew's routes (docs/domain/production.md §3.2, §3.5): the transfer dashboard's reads
// (orders waiting for transfer, skids, pails, production transfers) and the shipping dashboard's
// shipments, all for the Transfer page roles of docs/product.md §6; loading, closing and reopening
// skids; putting closed skids on a new transfer. The transfer's own events stay on
// /api/inventory/transfers/:id/events/:event, where its machine decides each role.

const AREA = { area: 'production_transfer' } as const;

const transferId = qualified(transfers.id);
const linesOf = (select: string) =>
  sql`(select ${sql.raw(select)} from transfer_lines tl where tl.transfer_id = ${transferId})`;
const orderId = qualified(productionOrders.id);
const skidId = qualified(skids.id);
/** Items on the skid now: waiting, or on the transfer it travels on. */
const skidItemsNow = (select: string) =>
  sql`(select ${sql.raw(select)} from skid_items i
        join production_orders o on o.id = i.production_order_id
       where i.skid_id = ${skidId}
         and i.transfer_id is not distinct from ${qualified(skids.transferId)})`;

const loadBody = z.object({
  version: versionField,
  production_order_id: z.coerce.number().int().positive(),
  units: z.coerce.number().int().positive().max(1_000_000),
  cases: z.coerce.number().int().min(0).max(100_000).default(0),
});

const createBody = z.object({
  to_location_id: z.coerce.number().int().positive(),
  skid_ids: z.array(z.coerce.number().int().positive()).min(1).max(100),
  requested_date: z.iso.date().nullable().optional(),
  note: z.string().trim().max(500).nullable().optional(),
});

export function registerProductionTransferRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  const transferBinding = registerEntityRoutes(app, deps, {
    entity: PRODUCTION_TRANSFERS,
    table: transfers,
    where: eq(transfers.kind, 'production_output'),
    computed: {
      from_location_name: locationLabel(transfers.fromLocationId),
      to_location_name: locationLabel(transfers.toLocationId),
      // The dashboard's buttons run the transfer machine's site guards on it (ship or transfer).
      same_site: sameSite,
      ...createdLabels(transfers.createdBy),
      order_numbers: sql<string | null>`(select string_agg(distinct o.number, ', ')
          from skid_items i join production_orders o on o.id = i.production_order_id
         where i.transfer_id = ${transferId})`,
      skid_count: linesOf('count(distinct tl.skid_id)::int'),
      skid_codes: sql<string | null>`(select string_agg(distinct s.code, ', ')
          from transfer_lines tl join skids s on s.id = tl.skid_id where tl.transfer_id = ${transferId})`,
      units_sent: linesOf('coalesce(sum(tl.qty_sent), 0)::int'),
      units_received: linesOf('coalesce(sum(tl.qty_received), 0)::int'),
    },
  });

  registerEntityRoutes(app, deps, {
    ...productionOrderBinding,
    entity: TRANSFER_ORDERS,
    hooks: {},
    computed: {
      ...productionOrderBinding.computed,
      produced_units: sql<number>`${producedUnitsSql(orderId)}::int`.mapWith(Number),
      loaded_units: loadedUnitsSql(orderId).mapWith(Number),
      unloaded_units:
        sql<number>`(${producedUnitsSql(orderId)} - ${loadedUnitsSql(orderId)})::int`.mapWith(
          Number,
        ),
      transfer_status: sql<string>`(case when exists (
          select 1 from skid_items i join transfers t on t.id = i.transfer_id
           where i.production_order_id = ${orderId} and t.status <> 'cancelled')
        then 'in_transfer' else 'not_in_transfer' end)`,
      finished_lot_id: sql<number | null>`${finishedLotSql(orderId, 'id')}::int`,
    },
  });

  const skidBinding = registerEntityRoutes(app, deps, {
    entity: TRANSFER_SKIDS,
    table: skids,
    where: eq(skids.module, 'production'),
    computed: {
      location_name: refLabel(skids.locationId, locations),
      transfer_number: refLabel(skids.transferId, transfers, 'number'),
      item_count: skidItemsNow('count(*)::int'),
      units: skidItemsNow('coalesce(sum(i.units), 0)::int'),
      contents: skidItemsNow(`string_agg(o.number || ' × ' || i.units, ', ' order by o.number)`),
    },
    readExtra: async (source, row) => ({
      items: await skidContents(source, rowOf(TRANSFER_SKIDS, row)),
    }),
  });

  const pailBinding = registerEntityRoutes(app, deps, {
    entity: TRANSFER_PAILS,
    table: pails,
    computed: {
      production_order_number: sql<
        string | null
      >`(select o.number from production_orders o where o.id = ${qualified(pails.productionOrderId)})`,
      location_name: refLabel(pails.locationId, locations),
      phase_code: refLabel(pails.phaseId, phases, 'code'),
    },
  });

  registerEntityRoutes(app, deps, { entity: SHIPMENTS, table: shipmentsView });
  registerPailTransferRoutes(app, deps, pailBinding);

  // A skid's transitions are logged under the skids table's own entity, as its creation is.
  const skidEvents = { ...skidBinding, entity: SKIDS };
  const lockSkid = async (tx: Tx, id: number, version: number) => {
    const skid = rowOf(TRANSFER_SKIDS, await lockedRead(tx, skidBinding, id));
    if (skid.version !== version) throw await staleVersion(tx, skidBinding, id);
    return skid;
  };
  const skidRow = async (tx: Db | Tx, id: number) => {
    const row = await readOrFail(tx, skidBinding, id);
    return { ...row, items: await skidContents(tx, rowOf(TRANSFER_SKIDS, row)) };
  };

  registerNewSkidRoute(app, deps, skidRow);

  addRoute(app, {
    method: 'POST',
    url: '/api/production/skids/:id/load',
    response: skidWithItemsSchema,
    access: AREA,
    callers: { roles: SKID_LOADERS },
    summary: 'Load finished units of an order waiting for transfer on an open skid',
    params: idParams,
    body: loadBody,
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const result = await db.transaction(async (tx) => {
        const skid = await lockSkid(tx, params.id, body.version);
        if (skid.status !== 'open') {
          throw ruleError('status', `Skid ${skid.code} is ${skid.status}`);
        }
        await tx.execute(
          sql`select 1 from production_orders where id = ${body.production_order_id} for update`,
        );
        const [order] = await tx
          .select()
          .from(productionOrders)
          .where(eq(productionOrders.id, body.production_order_id));
        if (!order) throw ruleError('production_order_id', 'exists');
        if (order.status !== 'in_progress' || order.stage !== 'transfer_pending') {
          throw ruleError('production_order_id', 'Choose an order waiting for transfer');
        }
        await loadSkid(tx, {
          skidId: params.id,
          order: { id: order.id, product_id: order.productId, number: String(order.number) },
          units: body.units,
          cases: body.cases,
          actorId: actor.id,
        });
        const floor = await locationOfType(tx, 'production');
        await tx
          .update(skids)
          .set({ updatedBy: actor.id, locationId: sql`coalesce(${skids.locationId}, ${floor})` })
          .where(eq(skids.id, params.id));
        await tx
          .update(productionOrders)
          .set({ updatedBy: actor.id })
          .where(eq(productionOrders.id, order.id));
        return { row: await skidRow(tx, params.id), orderId: order.id };
      });
      await announceTransferNews(deps, { skid: [params.id], order: [result.orderId] });
      return result.row;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/production/skids/:id/unload',
    response: skidWithItemsSchema,
    access: AREA,
    callers: { roles: SKID_LOADERS },
    summary: 'Take an item off a skid still open',
    params: idParams,
    body: z.object({ version: versionField, item_id: z.coerce.number().int().positive() }),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const result = await db.transaction(async (tx) => {
        const skid = await lockSkid(tx, params.id, body.version);
        if (skid.status !== 'open') {
          throw ruleError('status', `Skid ${skid.code} is ${skid.status}`);
        }
        const orderId = await unloadSkidItem(tx, params.id, body.item_id);
        await tx.update(skids).set({ updatedBy: actor.id }).where(eq(skids.id, params.id));
        await tx
          .update(productionOrders)
          .set({ updatedBy: actor.id })
          .where(eq(productionOrders.id, orderId));
        return { row: await skidRow(tx, params.id), orderId };
      });
      await announceTransferNews(deps, { skid: [params.id], order: [result.orderId] });
      return result.row;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/production/skids/:id/events/:event',
    response: skidWithItemsSchema,
    access: AREA,
    callers: { events: eventRolesOf(SKID_TRANSITIONS) },
    summary: 'Close, reopen or return a skid; send the version you read',
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: z.object({ version: versionField }),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const { row } = await db.transaction((tx) =>
        runEvent(
          tx,
          {
            binding: skidEvents,
            // The items it carries change only under its own row's lock (load, unload).
            decide: async ({ doc }) =>
              decide(
                skidMachine,
                SKID_TRANSITIONS,
                params.event,
                { id: actor.id, roles: actor.roles },
                {
                  status: String(doc.status),
                  item_count: (await waitingItems(tx, params.id)).length,
                  transfer_id: rowOf(TRANSFER_SKIDS, doc).transfer_id ?? null,
                } as Parameters<typeof decide>[4],
              ),
            // A skid back from a distribution centre comes home empty, to the floor.
            effect: async () =>
              params.event === 'return'
                ? { set: { transferId: null, locationId: await locationOfType(tx, 'production') } }
                : {},
            answer: skidRow,
          },
          {
            id: params.id,
            event: params.event,
            version: body.version,
            reason: null,
            actor,
            input: {},
          },
        ),
      );
      await announceTransferNews(deps, { skid: [params.id] });
      return row;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: PRODUCTION_TRANSFERS.api,
    response: entityRowSchema(PRODUCTION_TRANSFERS),
    access: AREA,
    callers: { roles: TRANSFER_REQUESTERS },
    summary: 'Put closed skids on a new draft transfer from the production floor',
    body: createBody,
    handler: async ({ body, user, request }) => {
      const actor = signedIn(user);
      const result = await db.transaction(async (tx) => {
        const created = await createProductionTransfer(tx, body, actor, request.ip);
        return { ...created, row: await readOrFail(tx, transferBinding, created.id) };
      });
      await announceTransferNews(deps, {
        transfer: [result.id],
        skid: body.skid_ids,
        order: result.orderIds,
      });
      return new Answer(result.row, 'created', 201);
    },
  });
}

/** What a skid carries now, item by item. */
async function skidContents(source: Db | Tx, skid: RowOf<typeof TRANSFER_SKIDS>) {
  return source
    .select({
      id: skidItems.id,
      production_order_id: skidItems.productionOrderId,
      production_order_number: productionOrders.number,
      product_id: skidItems.productId,
      units: skidItems.units,
      cases: skidItems.cases,
    })
    .from(skidItems)
    .innerJoin(productionOrders, eq(productionOrders.id, skidItems.productionOrderId))
    .where(
      and(
        eq(skidItems.skidId, skid.id),
        skid.transfer_id == null
          ? sql`${skidItems.transferId} is null`
          : eq(skidItems.transferId, skid.transfer_id),
      ),
    )
    .orderBy(asc(skidItems.id));
}
