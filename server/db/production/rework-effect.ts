import { sql } from 'drizzle-orm';
import type { ReworkKind } from '../../../src/domain/entities/production/potency-rework.ts';
import { ruleError } from '../../errors/api-error.ts';
import type { Tx } from '../client.ts';
import { locationOfType } from '../location-of-type.ts';
import { queryRows } from '../query-rows.ts';
import { postMovements, type StockPosting } from '../stock/post-movements.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// A failed batch sent for rework with the addition the QA manager accepted (docs/domain/
// production.md "Potency control charts"): the batch grows by the added nicotine base or
// diluent, so its volume and its bulk lot take the added ml, and what was added rides on the
// event's status_transitions row. The new HPLC sample is raised by the rework event itself.

export type ReworkAddition = { kind: ReworkKind; ml: number };

/** The direction the latest result asks for must be the addition's: low takes base, high diluent. */
async function assertDirection(tx: Tx, orderId: number, kind: ReworkKind): Promise<void> {
  const [latest] = await queryRows<{ measured: number; nominal: number }>(
    tx,
    sql`select s.measured_mg::float8 as measured, s.nominal_mg::float8 as nominal
          from hplc_results s join hplc_requests q on q.id = s.hplc_request_id
         where q.production_order_id = ${orderId} order by q.sample_no desc limit 1`,
  );
  if (!latest || latest.nominal <= 0) {
    throw ruleError('rework_kind', 'The batch has no HPLC result against a nicotine claim');
  }
  const wanted: ReworkKind = latest.measured < latest.nominal ? 'nicotine_base' : 'diluent';
  if (kind !== wanted) {
    throw ruleError(
      'rework_kind',
      wanted === 'diluent'
        ? 'The batch measured above its claim: it takes diluent, not nicotine base'
        : 'The batch measured below its claim: it takes nicotine base, not diluent',
    );
  }
}

export async function applyReworkAddition(
  tx: Tx,
  order: EntityRow,
  addition: ReworkAddition,
  actorId: number,
): Promise<{ set: Record<string, unknown>; posting: StockPosting }> {
  await assertDirection(tx, order.id, addition.kind);
  const [bulk] = await queryRows<{ product_id: number }>(
    tx,
    sql`select product_id::int as product_id from stock_lots where id = ${Number(order.batch_lot_id)}`,
  );
  if (!bulk) throw ruleError('rework_ml', 'The order has no batch lot to add to');
  const posting = await postMovements(
    tx,
    [
      {
        productId: bulk.product_id,
        lotId: Number(order.batch_lot_id),
        locationId: await locationOfType(tx, 'production'),
        qty: addition.ml,
        movementType: 'produce',
        note: `rework: ${addition.ml} ml of ${addition.kind === 'diluent' ? 'diluent' : 'nicotine base'}`,
        sourceType: 'production_orders',
        sourceId: order.id,
      },
    ],
    { actorId },
  );
  const batchMl = Number(order.actual_batch_ml ?? 0) + addition.ml;
  return { set: { actualBatchMl: batchMl.toFixed(2) }, posting };
}
