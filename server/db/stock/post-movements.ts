import { inArray, sql } from 'drizzle-orm';
import { ruleError } from '../../errors/api-error.ts';
import type { Tx } from '../client.ts';
import { columnParam } from '../array-param.ts';
import { appendColumns } from '../insert-columns.ts';
import { queryRows } from '../query-rows.ts';
import { settings } from '../schema/general.ts';
import { products } from '../schema/inventory.ts';
import { stockMovements } from '../schema/stock.ts';
import { assertBinsUnlocked } from './bin-locks.ts';
import { balancesAfter, lockLedgerKeys } from './ledger-balance.ts';
import type { MovementInput } from './movement-input.ts';
import { assertLotsUsable, assertQuarantineRoutes } from './quarantine.ts';

// The one way stock moves (docs/domain/README.md §0 "Stock ledger"): append movements and update
// the balance cache in the caller's transaction. Balance rows are upserted in a fixed key order, so
// two postings touching the same rows lock them in the same order and never deadlock; the upsert
// itself holds the row lock until commit, so the on-hand check sees every earlier post. Each
// movement carries the product × location balance after it (ledger-balance.ts), taken under a lock
// per product × location that comes before the balance rows' locks.

export type StockMoved = { product_id: number; location_id: number; delta: number };

/** A balance row as the stock-on-hand grids see it change: `data` null, they refetch it. */
export type BalanceChange = {
  verb: 'created' | 'updated' | 'deleted';
  delta: { id: number; seq: number; version: number; data: null };
};

/** What one posting changed, broadcast after commit (see publishStockPosting). */
export type StockPosting = { moved: StockMoved[]; balances: BalanceChange[] };

export type PostOptions = { actorId: number | null };

const key = (m: MovementInput) =>
  [m.productId, m.locationId, m.lotId ?? 0, m.binId ?? 0].map((n) => String(n).padStart(12, '0'));

export async function allowNegative(tx: Tx): Promise<boolean> {
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(sql`${settings.key} = 'inventory.allow_negative'`);
  return row?.value === true || row?.value === 1 || row?.value === 'true';
}

/** Appends the movements and updates the balances; refuses negative on-hand unless allowed. */
export async function postMovements(
  tx: Tx,
  movements: readonly MovementInput[],
  options: PostOptions,
): Promise<StockPosting> {
  const moves = movements.filter((m) => m.qty !== 0);
  if (moves.length === 0) return { moved: [], balances: [] };
  await assertBinsUnlocked(tx, moves);
  await assertQuarantineRoutes(tx, moves);
  await assertLotsUsable(tx, moves);
  const negativeAllowed = await allowNegative(tx);
  await lockLedgerKeys(tx, moves);
  // One multi-row upsert for the whole posting (an import's batch is 500 movements; one
  // statement per movement was most of its time): movements are summed per balance key, since
  // one statement may not touch a row twice, and sent in key order, the order it locks them in.
  const byKey = new Map<string, { m: MovementInput; qty: number; moves: number[] }>();
  moves.forEach((m, index) => {
    const k = key(m).join('|');
    const entry = byKey.get(k) ?? { m, qty: 0, moves: [] };
    entry.qty += m.qty;
    entry.moves.push(index);
    byKey.set(k, entry);
  });
  const keys = [...byKey.keys()].sort();
  const summed = keys.map((k) => byKey.get(k)!);
  const rows = await queryRows<BalanceRow & KeyColumns>(
    tx,
    sql`insert into stock_balances (product_id, location_id, lot_id, bin_id, qty_on_hand, created_by, updated_by)
        select r.product_id, r.location_id, r.lot_id, r.bin_id, r.qty, ${options.actorId}::bigint, ${options.actorId}::bigint
          from unnest(
            ${columnParam(summed, 'bigint', (e) => e.m.productId)},
            ${columnParam(summed, 'bigint', (e) => e.m.locationId)},
            ${columnParam(summed, 'bigint', (e) => e.m.lotId ?? null)},
            ${columnParam(summed, 'bigint', (e) => e.m.binId ?? null)},
            ${columnParam(summed, 'numeric', (e) => String(e.qty))}
          ) with ordinality as r(product_id, location_id, lot_id, bin_id, qty, ord)
         order by r.ord
        on conflict (product_id, location_id, (coalesce(lot_id, 0)), (coalesce(bin_id, 0)))
        do update set qty_on_hand = stock_balances.qty_on_hand + excluded.qty_on_hand,
                      updated_by = excluded.updated_by
        returning id, seq, version, qty_on_hand, (xmax = 0) as inserted,
                  product_id, location_id, lot_id, bin_id`,
  );
  const balances = new Map<number, BalanceChange>();
  const after = new Map(
    rows.map((row) => {
      noteBalance(balances, row);
      const k = [row.product_id, row.location_id, row.lot_id ?? 0, row.bin_id ?? 0]
        .map((n) => String(n).padStart(12, '0'))
        .join('|');
      return [k, Number(row.qty_on_hand)] as const;
    }),
  );
  if (!negativeAllowed) {
    // Each outgoing movement is checked against the balance just after it, in posting order,
    // as if posted one at a time: the balance before the posting is the one after, less it.
    for (const k of keys) {
      const { qty, moves: indexes } = byKey.get(k)!;
      if (!indexes.some((i) => moves[i]!.qty < 0)) continue;
      let running = (after.get(k) ?? 0) - qty;
      for (const index of indexes) {
        const m = moves[index]!;
        running += m.qty;
        if (m.qty < 0 && Math.round(running * 1000) < 0) {
          const [product] = await tx
            .select({ sku: products.sku })
            .from(products)
            .where(inArray(products.id, [m.productId]));
          throw ruleError(
            `lines.${m.line ?? index}.qty`,
            `Insufficient stock for ${product?.sku ?? `product ${m.productId}`}`,
          );
        }
      }
    }
  }
  const entries = moves.map((m) => ({
    productId: m.productId,
    locationId: m.locationId,
    movedAt: m.movedAt ?? new Date(),
    qty: String(m.qty),
  }));
  const ledgerAfter = await balancesAfter(tx, entries);
  await appendColumns(
    tx,
    stockMovements,
    moves.map((m, i) => ({
      movedAt: entries[i]!.movedAt,
      productId: m.productId,
      lotId: m.lotId ?? null,
      locationId: m.locationId,
      binId: m.binId ?? null,
      qty: entries[i]!.qty,
      balanceAfter: ledgerAfter[i]!,
      unitCost: m.unitCost === undefined || m.unitCost === null ? null : String(m.unitCost),
      movementType: m.movementType,
      sourceType: m.sourceType ?? null,
      sourceId: m.sourceId ?? null,
      sourceLineId: m.sourceLineId ?? null,
      reversalOfId: m.reversalOfId ?? null,
      note: m.note ?? null,
      createdBy: options.actorId,
    })),
  );
  return { moved: summarise(moves), balances: [...balances.values()] };
}

type KeyColumns = {
  product_id: number | string;
  location_id: number | string;
  lot_id: number | string | null;
  bin_id: number | string | null;
};

type BalanceRow = {
  id: number | string;
  seq: number | string;
  version: number;
  qty_on_hand: string;
  inserted: boolean;
};

/** The last state of each balance row; a row the posting created stays `created`. */
function noteBalance(balances: Map<number, BalanceChange>, row: BalanceRow): void {
  const id = Number(row.id);
  const created = row.inserted || balances.get(id)?.verb === 'created';
  // The stock grids list non-zero balances only, so a row emptied by this posting leaves them.
  const verb = Number(row.qty_on_hand) === 0 ? 'deleted' : created ? 'created' : 'updated';
  balances.set(id, {
    verb,
    delta: { id, seq: Number(row.seq), version: Number(row.version), data: null },
  });
}

/** One `stock.moved` per product × location, with the net change. */
function summarise(moves: readonly MovementInput[]): StockMoved[] {
  const byKey = new Map<string, StockMoved>();
  for (const m of moves) {
    const k = `${m.productId}:${m.locationId}`;
    const current = byKey.get(k) ?? {
      product_id: m.productId,
      location_id: m.locationId,
      delta: 0,
    };
    current.delta = Math.round((current.delta + m.qty) * 1000) / 1000;
    byKey.set(k, current);
  }
  return [...byKey.values()];
}
