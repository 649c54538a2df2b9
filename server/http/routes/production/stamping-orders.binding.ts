import { eq, sql } from 'drizzle-orm';
import { EDITABLE_STAMPING_STATUSES } from '../../../../src/domain/entities/production/stamping-order-values.ts';
import { STAMPING_ORDERS } from '../../../../src/domain/entities/production/stamping-orders.entity.ts';
import type { Tx } from '../../../db/client.ts';
import { nextNumber } from '../../../db/document-number.ts';
import { reelLines } from '../../../db/production/stamping-effects.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { machines } from '../../../db/schema/production-config.ts';
import { productStampingOrders as orders } from '../../../db/schema/stamping-orders.ts';
import { ApiError, ruleError, validationError } from '../../../errors/api-error.ts';
import { qualified, type EntityBinding } from '../../entity/entity-binding.ts';
import { userName } from '../../entity/log-table.ts';
import {
  binLabel,
  createdLabels,
  locationLabel,
  lotLabel,
  parameterLabel,
  productLabels,
} from '../../entity/shared-field-labels.ts';

// The stamping orders' rows as every list reads them, and the checks of a planned order: a
// stamper machine; for a production order, one in labeling or stamping whose product it
// stamps, and no other open stamping order; for a restamp, the unstamped SKU and where it is.

const id = qualified(orders.id);

type Plan = Record<string, unknown>;

async function checkPlan(tx: Tx, plan: Plan, selfId: number | null) {
  const [machine] = await tx
    .select({ kind: machines.kind })
    .from(machines)
    .where(eq(machines.id, Number(plan.machine_id)));
  if (!machine) throw validationError({ machine_id: 'exists' });
  if (machine.kind !== 'stamper') throw ruleError('machine_id', 'Choose a stamping machine');
  if (plan.production_order_id == null) {
    if (plan.source_product_id == null) throw validationError({ source_product_id: 'required' });
    if (plan.location_id == null) throw validationError({ location_id: 'required' });
    return;
  }
  const [mo] = await queryRows<{ status: string; stage: string | null; product_id: number }>(
    tx,
    sql`select status, stage, product_id::int as product_id from production_orders
         where id = ${Number(plan.production_order_id)}`,
  );
  if (!mo) throw validationError({ production_order_id: 'exists' });
  if (mo.status !== 'in_progress' || !['labeling', 'stamping'].includes(mo.stage ?? '')) {
    throw ruleError('production_order_id', 'Only an order in labeling or stamping is stamped');
  }
  if (mo.product_id !== Number(plan.product_id)) {
    throw ruleError('product_id', "Stamp the production order's own product");
  }
  const [open] = await queryRows<{ number: string }>(
    tx,
    sql`select number from product_stamping_orders
         where production_order_id = ${Number(plan.production_order_id)}
           and status not in ('finished', 'cancelled') and id <> ${selfId ?? 0}`,
  );
  if (open) throw ruleError('production_order_id', `${open.number} already stamps this order`);
}

export const stampingOrderBinding: EntityBinding = {
  entity: STAMPING_ORDERS,
  table: orders,
  computed: {
    production_order_number: sql`(select o.number from production_orders o
        where o.id = ${qualified(orders.productionOrderId)})`,
    source_product_sku: sql`(select p.sku from products p
        where p.id = ${qualified(orders.sourceProductId)})`,
    ...productLabels(orders.productId),
    lot_no: lotLabel(orders.lotId),
    location_name: locationLabel(orders.locationId),
    bin_code: binLabel(orders.binId),
    stamp_jurisdiction_name: parameterLabel(orders.stampJurisdictionId),
    machine_code: sql`(select m.code from machines m where m.id = ${qualified(orders.machineId)})`,
    machine_status: sql`(select m.status from machines m where m.id = ${qualified(orders.machineId)})`,
    machine_counter: sql<number>`(select m.counter_total::float8 from machines m
        where m.id = ${qualified(orders.machineId)})`.mapWith(Number),
    counter_tolerance: sql<number>`coalesce((select (s.value #>> '{}')::float8 from settings s
        where s.key = 'production.counter_tolerance'), 0)`.mapWith(Number),
    reel_nos: sql`(select string_agg(r.reel_no, ', ' order by l.id) from stamping_order_reels l
        join stamp_reels r on r.id = l.reel_id where l.stamping_order_id = ${id})`,
    stamper_name: userName(orders.stamperId),
    ...createdLabels(orders.createdBy),
  },
  readExtra: async (db, row) => ({ reels: await reelLines(db, row.id) }),
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      if (before && !EDITABLE_STAMPING_STATUSES.includes(before.status as 'draft')) {
        throw ruleError(
          'status',
          `A ${String(before.status).replaceAll('_', ' ')} stamping order cannot be edited`,
        );
      }
      await checkPlan(tx, { ...(before ?? {}), ...values }, before?.id ?? null);
    },
    // The number is the server's: written after the row, in its transaction.
    afterWrite: async ({ tx, before, after }) => {
      if (before) return;
      await tx
        .update(orders)
        .set({ number: await nextNumber(tx, 'product_stamping_order') })
        .where(eq(orders.id, after.id));
    },
    beforeDelete: async ({ before }) => {
      if (before.status !== 'draft') throw new ApiError('database_delete_7', null, 409);
    },
  },
};
