import { sql } from 'drizzle-orm';
import type {
  ChartSubject,
  OrderPotency,
} from '../../../src/domain/entities/production/potency-chart-values.ts';
import { reworkProposal } from '../../../src/domain/entities/production/potency-rework.ts';
import { ApiError } from '../../errors/api-error.ts';
import type { Db, Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { judgedPoints, potencyRows } from './potency-points.ts';

// What an order's latest HPLC result asks of the QA manager (docs/domain/production.md "Potency
// control charts"): the rules it completed on its product's, recipe's and batcher's charts, and
// the rework that brings the batch to its label claim: nicotine base from the order's own
// ingredients (its strongest nicotine_base) when low, diluent when high.

type OrderFacts = {
  product_id: number;
  recipe_id: number | null;
  batcher_id: number | null;
  batch_ml: number | null;
  measured_mg: number | null;
  target_mg: number | null;
  result_id: number | null;
};

export async function orderPotency(db: Db | Tx, orderId: number): Promise<OrderPotency> {
  const [order] = await queryRows<OrderFacts>(
    db,
    sql`select o.product_id::int as product_id, o.recipe_id::int as recipe_id,
          (select p.assigned_to::int from production_order_operations p
             join phases h on h.id = p.phase_id and h.code = 'batching'
            where p.production_order_id = o.id and p.assigned_to is not null
            order by p.seq limit 1) as batcher_id,
          o.actual_batch_ml::float8 as batch_ml, r.measured_mg::float8 as measured_mg,
          r.nominal_mg::float8 as target_mg, r.id::int as result_id
        from production_orders o
        -- The newest sample's result: none while a retest or rework sample waits for the lab,
        -- so an addition already made is never proposed twice.
        left join lateral (select s.* from hplc_requests q
            left join hplc_results s on s.hplc_request_id = q.id
           where q.production_order_id = o.id order by q.sample_no desc limit 1) r on true
       where o.id = ${orderId}`,
  );
  if (!order) throw new ApiError('not_found');
  const [base] = await queryRows<{ product_id: number; sku: string; nicotine_mg: number }>(
    db,
    sql`select p.id::int as product_id, p.sku, p.nicotine_mg::float8 as nicotine_mg
          from production_order_ingredients i join products p on p.id = i.product_id
         where i.production_order_id = ${orderId} and p.type = 'nicotine_base'
           and p.nicotine_mg > 0
         order by p.nicotine_mg desc limit 1`,
  );
  const subjects: [ChartSubject, number | null][] = [
    ['product', order.product_id],
    ['recipe', order.recipe_id],
    ['batcher', order.batcher_id],
  ];
  const flags: OrderPotency['flags'] = [];
  for (const [by, id] of subjects) {
    if (id === null || order.result_id === null) continue;
    const point = judgedPoints(await potencyRows(db, by, id)).find(
      (p) => p.result_id === order.result_id,
    );
    if (point && point.rules.length > 0) flags.push({ by, rules: point.rules });
  }
  const proposal =
    order.measured_mg !== null && order.target_mg !== null && order.batch_ml !== null
      ? reworkProposal({
          measuredMg: order.measured_mg,
          targetMg: order.target_mg,
          batchMl: order.batch_ml,
          baseMg: base?.nicotine_mg ?? null,
        })
      : null;
  return {
    production_order_id: orderId,
    measured_mg: order.measured_mg,
    target_mg: order.target_mg,
    batch_ml: order.batch_ml,
    base: base ?? null,
    flags,
    proposal,
  };
}
