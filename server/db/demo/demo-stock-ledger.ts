import { and, eq } from 'drizzle-orm';
import type { MovementSource } from '../../../src/domain/entities/stock/inventory-movements.entity.ts';
import type { Tx } from '../client.ts';
import { nextNumber } from '../document-number.ts';
import { productBins, products, stockLots } from '../schema/inventory.ts';
import { stockAdjustmentLines, stockAdjustments, type MovementType } from '../schema/stock.ts';
import { postMovements } from '../stock/post-movements.ts';
import type { MovementInput } from '../stock/movement-input.ts';
import { logTransition } from '../transition-log.ts';

// The demo's bookkeeping: products with their default bin, lots, and a running copy of the
// balances so the scenario (demo-stock.ts) only ever takes out what is there.

export const DAY = 86_400_000;
export const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A small deterministic generator: the same demo every time. */
export function random(seed: number) {
  let s = seed;
  return (min: number, max: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return min + Math.floor((s / 2_147_483_648) * (max - min + 1));
  };
}

export type Item = {
  id: number;
  sku: string;
  type: string;
  cost: number;
  tracked: boolean;
  bin: number | null;
  shelf: number;
};

export async function loadItems(tx: Tx): Promise<Item[]> {
  return (
    await tx
      .select({
        id: products.id,
        sku: products.sku,
        type: products.type,
        cost: products.standardCost,
        tracked: products.isLotTracked,
        shelf: products.shelfLifeDays,
        bin: productBins.binId,
      })
      .from(products)
      .leftJoin(
        productBins,
        and(eq(productBins.productId, products.id), eq(productBins.isDefault, true)),
      )
      .orderBy(products.id)
  ).map((p) => ({ ...p, cost: Number(p.cost), shelf: p.shelf ?? 365 }));
}

export function demoLedger(tx: Tx, mainId: number, clerkId: number) {
  const onHand = new Map<string, number>();
  async function lot(item: Item, lotNo: string, receivedAt: Date) {
    if (!item.tracked) return null;
    const [row] = await tx
      .insert(stockLots)
      .values({
        productId: item.id,
        lotNo,
        source: 'receipt',
        receivedAt,
        expiryDate: iso(new Date(receivedAt.getTime() + item.shelf * DAY)),
      })
      .returning({ id: stockLots.id });
    return row?.id ?? null;
  }
  const lots = new Map<number, number | null>();

  async function post(moves: MovementInput[], actorId: number) {
    await postMovements(tx, moves, { actorId });
    for (const m of moves) {
      const key = `${m.productId}:${m.locationId}:${m.lotId ?? 0}:${m.binId ?? 0}`;
      onHand.set(key, (onHand.get(key) ?? 0) + m.qty);
    }
  }
  const held = (item: Item, location: number, bin: number | null) =>
    onHand.get(`${item.id}:${location}:${lots.get(item.id) ?? 0}:${bin ?? 0}`) ?? 0;
  const move = (
    item: Item,
    location: number,
    bin: number | null,
    qty: number,
    type: MovementType,
    at: Date,
    source: MovementSource,
    id: number,
  ): MovementInput => ({
    productId: item.id,
    locationId: location,
    lotId: lots.get(item.id) ?? null,
    binId: bin,
    qty,
    unitCost: item.cost,
    movementType: type,
    sourceType: source,
    sourceId: id,
    movedAt: at,
  });
  const done = (
    entityType: string,
    entityId: number,
    from: string,
    to: string,
    event: string,
    actorId: number,
  ) => logTransition(tx, { entityType, entityId, from, to, event, reason: null, actorId });

  async function adjustment(
    at: Date,
    lines: { item: Item; qty: number; bin: number | null }[],
    type: MovementType,
    note: string,
  ) {
    const [doc] = await tx
      .insert(stockAdjustments)
      .values({
        number: await nextNumber(tx, 'stock_adjustment'),
        locationId: mainId,
        note,
        adjustedAt: at,
        status: 'posted',
        createdBy: clerkId,
        updatedBy: clerkId,
      })
      .returning({ id: stockAdjustments.id });
    await tx.insert(stockAdjustmentLines).values(
      lines.map((l) => ({
        adjustmentId: doc!.id,
        productId: l.item.id,
        lotId: lots.get(l.item.id) ?? null,
        binId: l.bin,
        qtyDelta: String(l.qty),
        unitCost: String(l.item.cost),
      })),
    );
    await post(
      lines.map((l) => move(l.item, mainId, l.bin, l.qty, type, at, 'stock_adjustments', doc!.id)),
      clerkId,
    );
    await done('stock_adjustments', doc!.id, 'draft', 'posted', 'post', clerkId);
  }

  return { lot, lots, post, held, move, done, adjustment };
}
