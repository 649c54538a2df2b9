import type { FastifyInstance } from 'fastify';
import { eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  TRANSFER_LINES,
  TRANSFERS,
  transferDoc,
  type TransferLineRow,
  type TransferRow,
} from '../../../../src/domain/entities/stock/transfers.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import {
  TRANSFER_TRANSITIONS,
  transferMachine,
} from '../../../../src/machines/workflows/transfer.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { skids } from '../../../db/schema/production-config.ts';
import { transferLines, transfers } from '../../../db/schema/stock.ts';
import { locationOfType } from '../../../db/location-of-type.ts';
import { postMovements } from '../../../db/stock/post-movements.ts';
import type { MovementInput } from '../../../db/stock/movement-input.ts';
import { assertQuarantineRoutes } from '../../../db/stock/quarantine.ts';
import { ruleError } from '../../../errors/api-error.ts';
import { qualified, refLabel } from '../../entity/entity-binding.ts';
import { registerDocumentRoutes } from '../../entity/document-routes.ts';
import {
  binLabel,
  createdLabels,
  locationLabel,
  lotLabel,
  productLabels,
} from '../../entity/shared-field-labels.ts';
import { checkBinsAt, checkLotsAt } from './stock-checks.ts';
import { chainEffects, type DocumentEffect } from '../../entity/chain-effects.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';
import type { EventContext } from '../../../db/document-event.ts';
import { announcingPostings } from './posting-effects.ts';

// Transfers TR- (docs/domain/inventory.md §2). ship: out of the source into the transit location;
// receive: transit → destination for the received quantities (receive = everything arrived,
// receive_partial = a shortfall stays in transit); close + resolve write the shortfall off
// transit as an adjustment with its reason; transfer: same-site, one out/in pair, from the
// draft for stock (one step) or once prepared for production output.

/** The site a location belongs to: its top location (a warehouse and its floor, lab, cage). */
const siteOf = (location: SQL) => sql`(with recursive up(id, parent_id) as (
    select id, parent_id from locations where id = ${location}
    union all select l.id, l.parent_id from locations l join up on l.id = up.parent_id)
  select id from up where parent_id is null limit 1)`;

/** Whether a transfer stays on one site: then it is moved in one step, never shipped. */
export const sameSite = sql<boolean>`(${siteOf(qualified(transfers.fromLocationId))}
  = ${siteOf(qualified(transfers.toLocationId))})`;

const round = (n: number) => Math.round(n * 1000) / 1000;

const transitLocation = (tx: Tx) => locationOfType(tx, 'transit');

/** An event's transfer and its lines as their bindings read them, numerics already numbers. */
const transferOf = (ctx: EventContext) => ({
  ...ctx,
  doc: transferDoc(ctx.doc),
  lines: ctx.lines.map((l) => rowOf(TRANSFER_LINES, l)),
});

function leg(
  doc: TransferRow,
  line: TransferLineRow,
  index: number,
  qty: number,
  type: MovementInput['movementType'],
  locationId: number,
  binId: unknown,
): MovementInput {
  return {
    productId: line.product_id ?? 0,
    lotId: line.lot_id,
    locationId,
    binId: typeof binId === 'number' ? binId : null,
    qty,
    movementType: type,
    sourceType: 'transfers',
    sourceId: doc.id,
    sourceLineId: line.id,
    line: index,
  };
}

const receivedBody = z.object({
  lines: z
    .array(
      z.object({ id: z.coerce.number().int().positive(), qty_received: z.coerce.number().min(0) }),
    )
    .optional(),
});

/**
 * prepare: every line's quantity is on hand where it leaves from (docs/domain/inventory.md §2
 * guard).
 */
async function prepare(ctx: EventContext) {
  const { tx, doc, lines } = transferOf(ctx);
  for (const [i, line] of lines.entries()) {
    const [row] = await queryRows<{ q: number | null; sku: string }>(
      tx,
      sql`select (select sum(qty_on_hand)::float8 from stock_balances
                   where product_id = p.id and location_id = ${doc.from_location_id}
                     and coalesce(lot_id, 0) = ${line.lot_id ?? 0}
                     and coalesce(bin_id, 0) = ${line.from_bin_id ?? 0}) as q, p.sku
            from products p where p.id = ${line.product_id ?? 0}`,
    );
    if (Number(row?.q ?? 0) < (line.qty_sent ?? 0)) {
      throw ruleError(`lines.${i}.qty_sent`, `Insufficient stock for ${row?.sku ?? ''}`);
    }
  }
}

async function ship(ctx: EventContext) {
  const { tx, actor, doc, lines } = transferOf(ctx);
  const transit = await transitLocation(tx);
  const to = doc.to_location_id;
  await assertQuarantineRoutes(
    tx,
    lines.map((l, i) => leg(doc, l, i, l.qty_sent ?? 0, 'transfer_in', to, null)),
  );
  const moves = lines.flatMap((l, i) => [
    leg(doc, l, i, -(l.qty_sent ?? 0), 'transfer_out', doc.from_location_id, l.from_bin_id),
    leg(doc, l, i, l.qty_sent ?? 0, 'transfer_in', transit, null),
  ]);
  return {
    set: { shippedAt: new Date() },
    posting: await postMovements(tx, moves, { actorId: actor.id }),
  };
}

function receiver(partial: boolean) {
  return async (ctx: EventContext) => {
    const { tx, actor, doc, lines, body } = transferOf(ctx);
    const given = receivedBody.parse(body).lines ?? [];
    const transit = await transitLocation(tx);
    const moves: MovementInput[] = [];
    for (const [i, line] of lines.entries()) {
      const sent = line.qty_sent ?? 0;
      const qty = given.find((g) => g.id === line.id)?.qty_received ?? sent;
      if (qty > sent) throw ruleError(`lines.${i}.qty_received`, 'Received cannot exceed sent');
      if (!partial && qty < sent) {
        throw ruleError(`lines.${i}.qty_received`, 'Short: receive it as a partial receipt');
      }
      await tx
        .update(transferLines)
        .set({ qtyReceived: String(qty) })
        .where(eq(transferLines.id, line.id));
      moves.push(leg(doc, line, i, -qty, 'transfer_out', transit, null));
      moves.push(leg(doc, line, i, qty, 'transfer_in', doc.to_location_id, line.to_bin_id));
    }
    const posting = await postMovements(tx, moves, { actorId: actor.id });
    return { set: { receivedAt: new Date() }, posting };
  };
}

async function resolve(ctx: EventContext) {
  const { tx, actor, doc, lines, reason } = transferOf(ctx);
  const transit = await transitLocation(tx);
  const moves = lines.map((l, i) =>
    leg(doc, l, i, -round((l.qty_sent ?? 0) - (l.qty_received ?? 0)), 'adjustment', transit, null),
  );
  for (const m of moves) m.note = reason;
  return { posting: await postMovements(tx, moves, { actorId: actor.id }) };
}

async function moveInOneStep(ctx: EventContext) {
  const { tx, actor, doc, lines } = transferOf(ctx);
  await assertQuarantineRoutes(
    tx,
    lines.map((l, i) => leg(doc, l, i, l.qty_sent ?? 0, 'transfer_in', doc.to_location_id, null)),
  );
  const moves = lines.flatMap((l, i) => [
    leg(doc, l, i, -(l.qty_sent ?? 0), 'transfer_out', doc.from_location_id, l.from_bin_id),
    leg(doc, l, i, l.qty_sent ?? 0, 'transfer_in', doc.to_location_id, l.to_bin_id),
  ]);
  const posting = await postMovements(tx, moves, { actorId: actor.id });
  for (const l of lines) {
    await tx
      .update(transferLines)
      .set({ qtyReceived: String(l.qty_sent) })
      .where(eq(transferLines.id, l.id));
  }
  return { set: { shippedAt: new Date(), receivedAt: new Date() }, posting };
}

const TRANSFER_EVENTS = [
  'prepare',
  'ship',
  'receive',
  'receive_partial',
  'resolve',
  'transfer',
  'cancel',
] as const;
type TransferEvent = (typeof TRANSFER_EVENTS)[number];

/**
 * What another module adds to the transfers, handed in by the server's stock registrar:
 * production's output transfers carry its skids and orders, and its dashboards follow them.
 * Stock knows no more of it than this.
 */
export type TransferHooks = {
  /** By event: run after the event's own stock effect, in the same transaction. */
  effects: Partial<Record<TransferEvent, DocumentEffect>>;
  /** After every transfer event, once committed. */
  afterEvent: (row: EntityRow, event: string) => Promise<void>;
};

export function registerTransferRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hooks: TransferHooks,
): void {
  const own: Partial<Record<TransferEvent, DocumentEffect>> = announcingPostings(deps, {
    prepare,
    ship,
    receive: receiver(false),
    receive_partial: receiver(true),
    resolve,
    transfer: moveInOneStep,
  });
  const effects: Record<string, DocumentEffect> = {};
  for (const event of TRANSFER_EVENTS) {
    const effect = chainEffects(own[event], hooks.effects[event]);
    if (effect) effects[event] = effect;
  }
  registerDocumentRoutes(app, deps, {
    header: {
      entity: TRANSFERS,
      table: transfers,
      computed: {
        from_location_name: locationLabel(transfers.fromLocationId),
        to_location_name: locationLabel(transfers.toLocationId),
        same_site: sameSite,
        ...createdLabels(transfers.createdBy),
      },
    },
    lines: {
      entity: TRANSFER_LINES,
      table: transferLines,
      computed: {
        ...productLabels(transferLines.productId),
        lot_no: lotLabel(transferLines.lotId),
        from_bin_code: binLabel(transferLines.fromBinId),
        to_bin_code: binLabel(transferLines.toBinId),
        skid_code: refLabel(transferLines.skidId, skids, 'code'),
      },
    },
    linesKey: { key: 'transferId', column: transferLines.transferId },
    docType: 'transfer',
    eventAccess: 'authenticated',
    workflow: { machine: transferMachine, table: TRANSFER_TRANSITIONS },
    workflowFacts: (_tx, row) => {
      const doc = transferDoc(row);
      return Promise.resolve({ same_site: Boolean(doc.same_site), kind: doc.kind });
    },
    checkDraft: async (tx, header, lines) => {
      if (Number(header.from_location_id) === Number(header.to_location_id)) {
        throw ruleError('to_location_id', 'Choose a destination other than the source');
      }
      await checkBinsAt(
        tx,
        Number(header.from_location_id),
        lines.map((l) => l.from_bin_id),
        'from_bin_id',
      );
      await checkBinsAt(
        tx,
        Number(header.to_location_id),
        lines.map((l) => l.to_bin_id),
        'to_bin_id',
      );
      await checkLotsAt(tx, Number(header.from_location_id), lines);
    },
    effects,
    afterEvent: hooks.afterEvent,
  });
}
