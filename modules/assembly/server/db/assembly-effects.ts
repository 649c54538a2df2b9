import { eq, sql } from 'drizzle-orm';
import type { AssemblyOrderRow } from '../../shared/entities/assembly-orders.entity.ts';
import type {
  AssemblyEventName,
  AssemblyPosition,
} from '../../shared/machines/assembly-order.machine.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { locationOfType } from '../../../../server/db/location-of-type.ts';
import { pickableStock } from '../../../../server/db/production/release-order.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { assemblyOrderComponents, productComponents } from './assembly.schema.ts';
import { stockLots } from '../../../../server/db/schema/inventory.ts';
import { stampReels } from '../../../../server/db/schema/stamp-reels.ts';
import { postReelMovements, type ReelMove } from '../../../../server/db/stamp-reels/reel-ledger.ts';
import { postMovements, type StockPosting } from '../../../../server/db/stock/post-movements.ts';
import type { MovementInput } from '../../../../server/db/stock/movement-input.ts';
import { assertComponentsFree } from './component-stock.ts';

// What each assembly order event writes beside its status and stage (docs/domain/assembly.md §4),
// in the event's transaction: release checks the components' free stock and snapshots them; sealing
// consumes them from released lots, first to expire first, through the one stock posting;
// stamping takes the stamps off an assembly reel through the reel ledger; cartoning receives
// the kits into the finished goods warehouse in a lot numbered like the order, which ends the
// order. Consumption and receipt share the order as their source, so the lot trace follows a
// component's lot into the kit lot and on to the customers its sales orders shipped it to.

/** The counts and the reel the crew sends with its event. */
export type AssemblyInput = {
  sealed_units?: number;
  sealing_waste?: number;
  stamped_units?: number;
  stamping_waste?: number;
  damaged_stamps?: number;
  /** Why the damaged stamps were damaged (the damaged-stamps report shows it). */
  damage_reason?: string;
  cartoned_units?: number;
  cartoning_waste?: number;
  reel_id?: number;
};

/** What the effects read of the order: a row of it, or the demo's select of these columns. */
export type AssemblyEffectOrder = Pick<
  AssemblyOrderRow,
  'id' | 'number' | 'product_id' | 'planned_units' | 'stamp_jurisdiction_id'
>;

export type AssemblyEffectContext = {
  tx: Tx;
  actorId: number;
  order: AssemblyEffectOrder;
  reason: string | null;
  input: AssemblyInput;
  from: AssemblyPosition;
  to: AssemblyPosition;
};

export type AssemblyOutcome = {
  /** Order columns (Drizzle keys) written with the status. */
  set?: Record<string, unknown>;
  posting?: StockPosting;
  /** Reels whose stamps moved, for the stamping channel. */
  reels?: number[];
};

type Effect = (ctx: AssemblyEffectContext) => Promise<AssemblyOutcome>;

const move = (
  order: AssemblyEffectOrder,
  m: Omit<MovementInput, 'sourceType' | 'sourceId'>,
): MovementInput => ({ ...m, sourceType: 'assembly_orders', sourceId: order.id });

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The kit's bill scaled to the planned units: what the order will consume, free now. */
const release: Effect = async ({ tx, order, actorId }) => {
  const bill = await tx
    .select()
    .from(productComponents)
    .where(eq(productComponents.productId, order.product_id));
  if (bill.length === 0) throw ruleError('product_id', 'The kit has no components to assemble');
  const planned = order.planned_units;
  await assertComponentsFree(tx, order.product_id, planned, order.id);
  await tx.insert(assemblyOrderComponents).values(
    bill.map((c) => ({
      assemblyOrderId: order.id,
      productId: c.componentProductId,
      qtyPerUnit: c.qtyPerUnit,
      requiredQty: String(round3(Number(c.qtyPerUnit) * planned)),
      createdBy: actorId,
      updatedBy: actorId,
    })),
  );
  return { set: { releasedAt: new Date() } };
};

/** Components of every sealed and wasted kit consumed from released lots, FEFO. */
const finishSealing: Effect = async ({ tx, order, input, actorId }) => {
  const sealed = input.sealed_units ?? 0;
  const waste = input.sealing_waste ?? 0;
  const components = await queryRows<{
    id: number;
    product_id: number;
    qty_per_unit: number;
    sku: string;
  }>(
    tx,
    sql`select c.id::int as id, c.product_id::int as product_id, c.qty_per_unit::float8 as qty_per_unit, p.sku
          from assembly_order_components c join products p on p.id = c.product_id
         where c.assembly_order_id = ${order.id} order by c.id`,
  );
  const moves: MovementInput[] = [];
  for (const [line, component] of components.entries()) {
    const needed = round3(component.qty_per_unit * (sealed + waste));
    let left = needed;
    for (const stock of await pickableStock(tx, 0, component.product_id)) {
      if (left <= 0) break;
      const qty = round3(Math.min(left, stock.qty));
      if (qty <= 0) continue;
      moves.push(
        move(order, {
          productId: component.product_id,
          lotId: stock.lot_id,
          locationId: stock.location_id,
          binId: stock.bin_id,
          qty: -qty,
          movementType: 'consume',
          sourceLineId: component.id,
          line,
        }),
      );
      left = round3(left - qty);
    }
    if (left > 0) {
      throw ruleError('sealed_units', `Insufficient stock for ${component.sku}: ${left} short`);
    }
    await tx
      .update(assemblyOrderComponents)
      .set({ consumedQty: sql`${assemblyOrderComponents.consumedQty} + ${String(needed)}` })
      .where(eq(assemblyOrderComponents.id, component.id));
  }
  const posting = await postMovements(tx, moves, { actorId });
  return { set: { sealedUnits: sealed, sealingWaste: waste }, posting };
};

/**
 * The stamps of the stamped kits applied from an assembly reel of the order's jurisdiction,
 * a wasted kit's stamp wasted with it, damaged stamps written off: the reel's ledger must
 * hold them all. The stamper takes the reel at the line, so custody is issued here too.
 */
const finishStamping: Effect = async ({ tx, order, input, actorId }) => {
  const stamped = input.stamped_units ?? 0;
  const waste = input.stamping_waste ?? 0;
  const damaged = input.damaged_stamps ?? 0;
  const reelId = input.reel_id;
  if (reelId === undefined) throw ruleError('reel_id', 'required');
  const [reel] = await tx.select().from(stampReels).where(eq(stampReels.id, reelId));
  if (!reel) throw ruleError('reel_id', 'exists');
  if (reel.module !== 'assembly')
    throw ruleError('reel_id', `Reel ${reel.reelNo} belongs to ${reel.module}`);
  if (!['available', 'in_use'].includes(reel.status)) {
    throw ruleError('reel_id', `Reel ${reel.reelNo} is ${reel.status.replaceAll('_', ' ')}`);
  }
  if (reel.stampJurisdictionId !== order.stamp_jurisdiction_id) {
    throw ruleError('reel_id', `Reel ${reel.reelNo} is for another jurisdiction`);
  }
  const common = { reelId, assemblyOrderId: order.id };
  // Custody is issued even when every stamp counted is zero; a zero count moves nothing.
  const counted: ReelMove[] = [
    { ...common, type: 'apply', qty: -stamped },
    { ...common, type: 'waste', qty: -waste },
    { ...common, type: 'damage', qty: -damaged, note: input.damage_reason ?? null },
  ];
  const remaining = await postReelMovements(
    tx,
    [{ ...common, type: 'issue', qty: 0 }, ...counted.filter((m) => m.qty !== 0)],
    actorId,
  );
  await tx
    .update(stampReels)
    .set({
      status: (remaining.get(reelId) ?? 0) > 0 ? 'available' : 'depleted',
      updatedBy: actorId,
    })
    .where(eq(stampReels.id, reelId));
  return { set: { stampedUnits: stamped, stampingWaste: waste }, reels: [reelId] };
};

/** The lot the kits of an order are received in: numbered like the order, released. */
async function kitLot(tx: Tx, order: AssemblyEffectOrder, actorId: number): Promise<number | null> {
  const [lot] = await tx
    .insert(stockLots)
    .values({
      productId: order.product_id,
      lotNo: String(order.number),
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
  return lot?.id ?? null;
}

/**
 * The cartoned kits received into the finished goods warehouse, where sales orders allocate
 * from: a kit is sold like any finished good, so it is not left on the production floor.
 */
const finishCartoning: Effect = async ({ tx, order, input, actorId }) => {
  const cartoned = input.cartoned_units ?? 0;
  const waste = input.cartoning_waste ?? 0;
  const warehouse = await locationOfType(tx, 'warehouse');
  const lotId = await kitLot(tx, order, actorId);
  const posting =
    cartoned > 0
      ? await postMovements(
          tx,
          [
            move(order, {
              productId: order.product_id,
              lotId,
              locationId: warehouse,
              qty: cartoned,
              movementType: 'produce',
            }),
          ],
          { actorId },
        )
      : undefined;
  return {
    set: { cartonedUnits: cartoned, cartoningWaste: waste, completedAt: new Date() },
    ...(posting ? { posting } : {}),
  };
};

const EFFECTS: Partial<Record<AssemblyEventName, Effect>> = {
  release,
  hold: async ({ reason, from }) => ({
    set: { holdReason: reason, previousStatus: from.status },
  }),
  resume: async () => ({ set: { holdReason: null, previousStatus: null } }),
  close: async () => ({ set: { closedAt: new Date() } }),
  finish_sealing: finishSealing,
  finish_stamping: finishStamping,
  finish_cartoning: finishCartoning,
};

export async function applyAssemblyEffect(
  event: AssemblyEventName,
  ctx: AssemblyEffectContext,
): Promise<AssemblyOutcome> {
  return (await EFFECTS[event]?.(ctx)) ?? {};
}
