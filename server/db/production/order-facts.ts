import { sql } from 'drizzle-orm';
import {
  phasesOfFlow,
  type OrderFacts,
} from '../../../src/machines/workflows/production-order.machine.ts';
import type {
  OrderStage,
  OrderStatus,
} from '../../../src/domain/entities/production/production-order-values.ts';
import type { EntityRow } from '../../http/entity/entity-binding.ts';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';

// What the order machine's guards read, gathered in the transaction of the event (the row is
// locked), so the browser's action list and the server's decision read the same facts.

/** The counters an event brings (finish_batching's volume, finish_bottling's units). */
export type OrderInput = {
  actual_batch_ml?: number;
  bottled_units?: number;
  bottling_waste_units?: number;
  labeled_units?: number;
  label_waste_units?: number;
};

export async function orderFacts(tx: Tx, order: EntityRow, input: OrderInput): Promise<OrderFacts> {
  const [row] = await queryRows<{
    product_active: boolean;
    recipe_approved: boolean;
    consumed: boolean;
  }>(
    tx,
    sql`select (p.status = 'active') as product_active,
               exists (select 1 from recipes r
                        where r.id = coalesce(${(order.recipe_id as number | null) ?? null}::bigint, p.recipe_id)
                          and r.status = 'approved') as recipe_approved,
               exists (select 1 from stock_movements m
                        where m.source_type = 'production_orders' and m.source_id = ${order.id}
                          and m.movement_type = 'consume') as consumed
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
    // Production order corrections arrive with their screen; none can be open before.
    openCorrections: 0,
    bottlingWithinBatch:
      (bottled + waste) * Number(order.volume_ml ?? 0) <= Number(order.actual_batch_ml ?? 0) + 1e-6,
    lastLabelCheckPassed: order.last_label_check === 'pass',
  };
}
