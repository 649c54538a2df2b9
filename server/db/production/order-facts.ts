import { sql } from 'drizzle-orm';
import {
  phasesOfFlow,
  type OrderFacts,
} from '../../../src/machines/workflows/production-order.machine.ts';
import type {
  OrderStage,
  OrderStatus,
} from '../../../src/domain/entities/production/production-order-values.ts';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// What the order machine's guards read, gathered in the transaction of the event (the row is
// locked), so the browser's action list and the server's decision read the same facts.

/** The counters an event brings (finish_batching's volume, finish_bottling's units). */
export type OrderInput = {
  actual_batch_ml?: number;
  bottled_units?: number;
  bottling_waste_units?: number;
  labeled_units?: number;
  label_waste_units?: number;
  /** The stamped units and wasted bottles of the stamping order that ends the stage. */
  stamped_units?: number;
  stamping_waste_units?: number;
  /** Σ received of the order's transfers, brought by `transfer_received`. */
  transferred_units?: number;
};

export async function orderFacts(tx: Tx, order: EntityRow, input: OrderInput): Promise<OrderFacts> {
  const [row] = await queryRows<{
    product_active: boolean;
    recipe_approved: boolean;
    consumed: boolean;
    open_corrections: number;
    produced: number;
  }>(
    tx,
    sql`select (p.status = 'active') as product_active,
               exists (select 1 from recipes r
                        where r.id = coalesce(${(order.recipe_id as number | null) ?? null}::bigint, p.recipe_id)
                          and r.status = 'approved') as recipe_approved,
               exists (select 1 from stock_movements m
                        where m.source_type = 'production_orders' and m.source_id = ${order.id}
                          and m.movement_type = 'consume') as consumed,
               (select count(*)::int from production_order_corrections c
                 where c.production_order_id = ${order.id}
                   and c.status in ('requested', 'approved')) as open_corrections,
               -- Finished units made, with the corrections applied to them since.
               (select coalesce(sum(m.qty), 0)::float8 from stock_movements m
                 where m.product_id = p.id
                   and ((m.source_type = 'production_orders' and m.source_id = ${order.id}
                         and m.movement_type = 'produce')
                     or (m.source_type = 'production_order_corrections'
                         and m.source_id in (select c.id from production_order_corrections c
                                              where c.production_order_id = ${order.id})))) as produced
          from products p where p.id = ${Number(order.product_id)}`,
  );
  const phases = phasesOfFlow(order.flow_phases);
  const batchMl = input.actual_batch_ml ?? Number(order.actual_batch_ml ?? 0);
  const bottled = input.bottled_units ?? 0;
  const waste = input.bottling_waste_units ?? 0;
  return {
    submittedBy: (order.submitted_by as number | null) ?? null,
    phases,
    stage: (order.stage as OrderStage | null) ?? null,
    previousStatus: (order.previous_status as OrderStatus | null) ?? null,
    productActive: row?.product_active ?? false,
    recipeApproved: row?.recipe_approved ?? false,
    picksComplete: Boolean(order.picks_complete),
    actualBatchMl: batchMl,
    hasConsumption: row?.consumed ?? false,
    // Read under the order's lock: a correction requested meanwhile waits for it.
    openCorrections: row?.open_corrections ?? 0,
    bottlingWithinBatch:
      (bottled + waste) * Number(order.volume_ml ?? 0) <= Number(order.actual_batch_ml ?? 0) + 1e-6,
    lastLabelCheckPassed: order.last_label_check === 'pass',
    // Produced = the finished units the ledger holds for the order (bulk is another product).
    transferWithinProduced: (input.transferred_units ?? 0) <= Number(row?.produced ?? 0) + 1e-6,
  };
}
