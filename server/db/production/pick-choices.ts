import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { batchingPicks } from '../schema/production-orders.ts';
import { ruleError } from '../../errors/api-error.ts';

// The batcher confirms each suggested pick or scans another lot or bin: a scanned lot must be a
// released lot of the pick's product, and a scanned bin a bin of the pick's location holding that
// lot. Whether there is enough of it, with what other orders' picks hold, is checked after the
// quantities are written (assertPicksOnHand).

/** A pick as the batcher confirms it; a lot or bin left out keeps the suggestion. */
export type PickChoice = {
  id: number;
  picked_qty: number;
  lot_no?: string | undefined;
  /** '' for stock kept without a bin. */
  bin_code?: string | undefined;
};

type PickRow = {
  id: number;
  product_id: number;
  location_id: number;
  lot_id: number | null;
  bin_id: number | null;
  lot_no: string | null;
  bin_code: string | null;
};

/** Moves each pick whose scanned lot or bin differs from its suggestion onto them. */
export async function applyPickChoices(
  tx: Tx,
  orderId: number,
  choices: readonly PickChoice[],
): Promise<void> {
  const rows = await queryRows<PickRow>(
    tx,
    sql`select p.id::int as id, p.product_id::int as product_id, p.location_id::int as location_id,
               p.lot_id::int as lot_id, p.bin_id::int as bin_id, l.lot_no, b.code as bin_code
          from batching_picks p
          left join stock_lots l on l.id = p.lot_id
          left join bins b on b.id = p.bin_id
         where p.production_order_id = ${orderId}`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [i, choice] of choices.entries()) {
    const pick = byId.get(choice.id);
    if (!pick) throw ruleError(`picks.${i}.id`, 'exists');
    const lotNo = choice.lot_no?.trim();
    const binCode = choice.bin_code?.trim();
    const lotChanged = lotNo !== undefined && lotNo !== (pick.lot_no ?? '');
    const binChanged = binCode !== undefined && binCode !== (pick.bin_code ?? '');
    if (!lotChanged && !binChanged) continue;
    let lotId = pick.lot_id;
    if (lotChanged) {
      const [lot] = await queryRows<{ id: number; status: string }>(
        tx,
        sql`select id::int as id, status from stock_lots
             where product_id = ${pick.product_id} and lot_no = ${lotNo}`,
      );
      if (!lot) throw ruleError(`picks.${i}.lot_no`, `${lotNo} is not a lot of this ingredient`);
      if (lot.status !== 'released') {
        throw ruleError(`picks.${i}.lot_no`, `Lot ${lotNo} is ${lot.status}, not released`);
      }
      lotId = lot.id;
    }
    let binId = pick.bin_id;
    if (binChanged) {
      if (binCode === '') binId = null;
      else {
        const [bin] = await queryRows<{ id: number }>(
          tx,
          sql`select id::int as id from bins
               where location_id = ${pick.location_id} and code = ${binCode}`,
        );
        if (!bin)
          throw ruleError(`picks.${i}.bin_code`, `${binCode} is not a bin of this location`);
        binId = bin.id;
      }
    }
    const [stock] = await queryRows<{ qty: number }>(
      tx,
      sql`select qty_on_hand::float8 as qty from stock_balances
           where product_id = ${pick.product_id} and location_id = ${pick.location_id}
             and lot_id is not distinct from ${lotId}::bigint
             and bin_id is not distinct from ${binId}::bigint and qty_on_hand > 0`,
    );
    if (!stock) {
      const where = binCode ? `bin ${binCode}` : pick.bin_code ? `bin ${pick.bin_code}` : 'here';
      throw ruleError(
        `picks.${i}.${binChanged ? 'bin_code' : 'lot_no'}`,
        `Lot ${lotNo ?? pick.lot_no ?? '(none)'} has no stock in ${where}`,
      );
    }
    await tx
      .update(batchingPicks)
      .set({ lotId, binId })
      .where(and(eq(batchingPicks.id, pick.id), eq(batchingPicks.productionOrderId, orderId)));
  }
}
