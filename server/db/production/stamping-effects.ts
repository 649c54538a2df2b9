import { eq, sql } from 'drizzle-orm';
import {
  reconciliationProblem,
  reelTotals,
  type ReconciliationProblem,
  type ReelCount,
} from '../../../src/domain/entities/production/stamping-reconciliation.ts';
import type { StampingEventName } from '../../../src/machines/workflows/stamping-order.machine.ts';
import type { Db, Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { stockLots } from '../schema/inventory.ts';
import { stampingOrderReels } from '../schema/stamping-orders.ts';
import { stampReels } from '../schema/stamp-reels.ts';
import { numberSetting } from '../setting-value.ts';
import { postReelMovements, type ReelMove } from '../stamp-reels/reel-ledger.ts';
import { postMovements, type StockPosting } from '../stock/post-movements.ts';
import { logTransition } from '../transition-log.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// What each stamping order event writes beside its status (docs/domain/production.md §3.2), in the
// event's transaction: reels requested, issued (an `issue` row each, custody only) and settled at
// finish (apply, waste, damage, return), the reels' own status with a status_transitions row,
// and for a restamp of stock the `consume`, `produce` and `scrap` movements. The production
// order's own step (stamping → transfer_pending) is the caller's, through the order machine.

export type ReelLine = ReelCount & {
  reel_id: number;
  line_id: number;
  reel_status: string;
  first_serial: number | null;
  last_serial: number | null;
};

export type FinishInput = {
  counter_end?: number;
  wasted_bottles?: number;
  reels?: ReadonlyArray<{
    reel_id: number;
    applied?: number;
    wasted?: number;
    damaged?: number;
    returned?: number;
  }>;
};

export type StampingInput = FinishInput & { reel_ids?: readonly number[]; counter_start?: number };

/** The order's reels with their reel numbers, oldest line first. */
export async function reelLines(tx: Db | Tx, orderId: number): Promise<ReelLine[]> {
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select l.id::int as line_id, l.reel_id::int as reel_id, r.reel_no, r.status as reel_status,
               l.issued_qty, l.applied, l.wasted, l.damaged, l.returned,
               l.first_serial::float8 as first_serial, l.last_serial::float8 as last_serial
          from stamping_order_reels l join stamp_reels r on r.id = l.reel_id
         where l.stamping_order_id = ${orderId} order by l.id`,
  );
  return rows.map((r) => ({
    line_id: Number(r.line_id),
    reel_id: Number(r.reel_id),
    reel_no: String(r.reel_no),
    reel_status: String(r.reel_status),
    issued_qty: Number(r.issued_qty),
    applied: Number(r.applied),
    wasted: Number(r.wasted),
    damaged: Number(r.damaged),
    returned: Number(r.returned),
    first_serial: r.first_serial == null ? null : Number(r.first_serial),
    last_serial: r.last_serial == null ? null : Number(r.last_serial),
  }));
}

/** Why the reels asked for cannot be requested by this order, or null (read under their keys). */
export async function reelProblem(
  tx: Tx,
  order: EntityRow,
  reelIds: readonly number[] | undefined,
): Promise<string | null> {
  if (!reelIds || reelIds.length === 0) return 'Choose at least one reel';
  const reels = await queryRows<{
    id: number;
    reel_no: string;
    status: string;
    module: string;
    jurisdiction: number;
    remaining: number;
  }>(
    tx,
    sql`select id::int as id, reel_no, status, module, stamp_jurisdiction_id::int as jurisdiction,
               remaining_qty as remaining
          from stamp_reels where id in (${sql.join(
            reelIds.map((id) => sql`${id}`),
            sql`, `,
          )}) order by id`,
  );
  for (const id of reelIds) {
    const reel = reels.find((r) => r.id === id);
    if (!reel) return `Reel ${id} does not exist`;
    if (reel.status !== 'available' || Number(reel.remaining) <= 0) {
      return `Reel ${reel.reel_no} is ${reel.status.replaceAll('_', ' ')}, not available`;
    }
    if (reel.jurisdiction !== Number(order.stamp_jurisdiction_id)) {
      return `Reel ${reel.reel_no} holds stamps of another jurisdiction`;
    }
    if (reel.module !== order.module) return `Reel ${reel.reel_no} belongs to ${reel.module}`;
  }
  return null;
}

/** The counts brought to finish, laid over the order's reels (a reel left out counts 0). */
export function countsAtFinish(lines: readonly ReelLine[], input: FinishInput): ReelLine[] {
  return lines.map((line) => {
    const given = input.reels?.find((r) => r.reel_id === line.reel_id);
    return {
      ...line,
      applied: given?.applied ?? 0,
      wasted: given?.wasted ?? 0,
      damaged: given?.damaged ?? 0,
      returned: given?.returned ?? 0,
    };
  });
}

/** Why finishing with these counts is refused, or null. */
export async function finishProblem(
  tx: Tx,
  order: EntityRow,
  input: FinishInput,
): Promise<ReconciliationProblem | null> {
  const lines = countsAtFinish(await reelLines(tx, order.id), input);
  const given = input.reels?.map((r) => r.reel_id) ?? [];
  if (new Set(given).size !== given.length) {
    return { field: 'reels', message: 'Each reel is counted once' };
  }
  const unknown = input.reels?.find((r) => !lines.some((l) => l.reel_id === r.reel_id));
  if (unknown) return { field: 'reels', message: `Reel ${unknown.reel_id} is not on this order` };
  const problem = reconciliationProblem({
    reels: lines,
    counterStart: order.counter_start == null ? null : Number(order.counter_start),
    counterEnd: input.counter_end ?? null,
    tolerance: await numberSetting(tx, 'production.counter_tolerance', 0),
  });
  if (problem) return problem;
  const bottles = input.wasted_bottles ?? 0;
  if (!Number.isInteger(bottles) || bottles < 0) {
    return { field: 'wasted_bottles', message: 'Wasted bottles are a whole number ≥ 0' };
  }
  return null;
}

async function setReelStatus(
  tx: Tx,
  reels: ReadonlyArray<{ reel_id: number; reel_status: string }>,
  to: 'available' | 'requested' | 'issued' | 'depleted',
  event: string,
  actorId: number,
  orderId: number,
  pick: (reel: { reel_id: number }) => typeof to = () => to,
) {
  for (const reel of reels) {
    const status = pick(reel);
    await tx
      .update(stampReels)
      .set({ status, updatedBy: actorId })
      .where(eq(stampReels.id, reel.reel_id));
    await logTransition(tx, {
      entityType: 'stamp_reels',
      entityId: reel.reel_id,
      from: reel.reel_status,
      to: status,
      event,
      reason: null,
      payload: { stamping_order_id: orderId },
      actorId,
    });
  }
}

export type StampingContext = {
  tx: Tx;
  actorId: number;
  order: EntityRow;
  reason: string | null;
  input: StampingInput;
};

export type StampingOutcome = {
  /** Order columns (Drizzle keys) written with the status. */
  set?: Record<string, unknown>;
  posting?: StockPosting;
  /** Reels whose status changed, for the reels' channel. */
  reelIds?: number[];
};

type Effect = (ctx: StampingContext) => Promise<StampingOutcome>;

/** The stamps of the requested reels leave the vault: counts and serials as they stand. */
const issue: Effect = async ({ tx, actorId, order, input }) => {
  const lines = await reelLines(tx, order.id);
  const reels = await queryRows<{ id: number; remaining: number; last_serial: number }>(
    tx,
    sql`select id::int as id, remaining_qty as remaining, last_serial::float8 as last_serial
          from stamp_reels where id in (select reel_id from stamping_order_reels
                                          where stamping_order_id = ${order.id})
         order by id`,
  );
  const moves: ReelMove[] = [];
  for (const line of lines) {
    const reel = reels.find((r) => r.id === line.reel_id);
    const remaining = Number(reel?.remaining ?? 0);
    const last = Number(reel?.last_serial ?? 0);
    await tx
      .update(stampingOrderReels)
      .set({
        issuedQty: remaining,
        firstSerial: last - remaining + 1,
        lastSerial: last,
        updatedBy: actorId,
      })
      .where(eq(stampingOrderReels.id, line.line_id));
    moves.push({
      reelId: line.reel_id,
      type: 'issue',
      qty: 0,
      stampingOrderId: order.id,
      approvedBy: actorId,
    });
  }
  await postReelMovements(tx, moves, actorId);
  await setReelStatus(tx, lines, 'issued', 'issue', actorId, order.id);
  const [machine] = await queryRows<{ counter: number }>(
    tx,
    sql`select counter_total::float8 as counter from machines where id = ${Number(order.machine_id)}`,
  );
  return {
    set: {
      counterStart: input.counter_start ?? Number(machine?.counter ?? 0),
      startedAt: new Date(),
      stamperId: order.stamper_id ?? null,
    },
    reelIds: lines.map((l) => l.reel_id),
  };
};

/** Settles every reel, the machine's counter and, for a restamp, the stock. */
const finish: Effect = async ({ tx, actorId, order, input }) => {
  const lines = countsAtFinish(await reelLines(tx, order.id), input);
  const moves: ReelMove[] = [];
  const base = { stampingOrderId: order.id, note: String(order.number) };
  for (const line of lines) {
    await tx
      .update(stampingOrderReels)
      .set({
        applied: line.applied,
        wasted: line.wasted,
        damaged: line.damaged,
        returned: line.returned,
        updatedBy: actorId,
      })
      .where(eq(stampingOrderReels.id, line.line_id));
    const out = [
      ['apply', line.applied],
      ['waste', line.wasted],
      ['damage', line.damaged],
    ] as const;
    for (const [type, qty] of out) {
      if (qty > 0) moves.push({ ...base, reelId: line.reel_id, type, qty: -qty });
    }
    if (line.returned > 0) moves.push({ ...base, reelId: line.reel_id, type: 'return', qty: 0 });
  }
  const remaining = await postReelMovements(tx, moves, actorId);
  // What the reel has left is what came back: the ledger and the count must agree.
  await setReelStatus(tx, lines, 'available', 'return', actorId, order.id, (reel) =>
    (remaining.get(reel.reel_id) ?? 0) > 0 ? 'available' : 'depleted',
  );
  const totals = reelTotals(lines);
  const counterEnd = Number(input.counter_end);
  await tx.execute(sql`update machines set counter_total = greatest(counter_total, ${counterEnd})
                        where id = ${Number(order.machine_id)}`);
  const bottles = input.wasted_bottles ?? 0;
  const posting =
    order.production_order_id == null
      ? await restampStock(tx, order, totals.applied, bottles, actorId)
      : undefined;
  return {
    set: {
      counterEnd,
      appliedStamps: totals.applied,
      wastedStamps: totals.wasted,
      damagedStamps: totals.damaged,
      returnedStamps: totals.returned,
      wastedBottles: bottles,
      stampedUnits: totals.applied,
      finishedAt: new Date(),
      stamperId: actorId,
    },
    posting,
    reelIds: lines.map((l) => l.reel_id),
  };
};

/** A restamp: the unstamped SKU consumed and scrapped, the stamped SKU produced in its lot. */
async function restampStock(
  tx: Tx,
  order: EntityRow,
  stamped: number,
  wastedBottles: number,
  actorId: number,
): Promise<StockPosting> {
  const locationId = Number(order.location_id);
  const sourceLot = (order.lot_id as number | null) ?? null;
  let producedLot: number | null = null;
  if (sourceLot !== null) {
    const [lot] = await tx
      .insert(stockLots)
      .values({
        productId: Number(order.product_id),
        lotNo: String(order.lot_no),
        source: 'production',
        status: 'released',
        createdBy: actorId,
        updatedBy: actorId,
      })
      .onConflictDoUpdate({
        target: [stockLots.productId, stockLots.lotNo],
        set: { updatedBy: actorId },
      })
      .returning({ id: stockLots.id });
    producedLot = lot?.id ?? null;
  }
  const source = {
    productId: Number(order.source_product_id),
    lotId: sourceLot,
    locationId,
    binId: (order.bin_id as number | null) ?? null,
    sourceType: 'product_stamping_orders' as const,
    sourceId: order.id,
  };
  return postMovements(
    tx,
    [
      { ...source, qty: -stamped, movementType: 'consume' },
      { ...source, qty: -wastedBottles, movementType: 'scrap', note: 'Bottles wasted at stamping' },
      {
        ...source,
        productId: Number(order.product_id),
        lotId: producedLot,
        qty: stamped,
        movementType: 'produce',
      },
    ],
    { actorId },
  );
}

const EFFECTS: Record<StampingEventName, Effect> = {
  save: async () => ({}),
  start: async ({ tx, actorId, order, input }) => {
    const ids = [...new Set(input.reel_ids ?? [])];
    await tx
      .insert(stampingOrderReels)
      .values(
        ids.map((reelId) => ({
          stampingOrderId: order.id,
          reelId,
          createdBy: actorId,
          updatedBy: actorId,
        })),
      )
      .onConflictDoNothing();
    const reels = (await reelLines(tx, order.id)).filter((l) => ids.includes(l.reel_id));
    await setReelStatus(tx, reels, 'requested', 'request', actorId, order.id);
    return { set: { stamperId: actorId }, reelIds: ids };
  },
  issue,
  finish,
  cancel: async ({ tx, actorId, order, reason }) => {
    // Reels asked for but never issued go back on the shelf; the lines stay for the record.
    const lines = (await reelLines(tx, order.id)).filter((l) => l.reel_status === 'requested');
    await setReelStatus(tx, lines, 'available', 'release', actorId, order.id);
    return { set: { cancelReason: reason }, reelIds: lines.map((l) => l.reel_id) };
  },
};

export function applyStampingEffect(
  name: StampingEventName,
  ctx: StampingContext,
): Promise<StampingOutcome> {
  return EFFECTS[name](ctx);
}
