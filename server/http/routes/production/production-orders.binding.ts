import { eq, sql } from 'drizzle-orm';
import {
  PRODUCTION_ORDERS,
  productionOrderDoc,
} from '../../../../src/domain/entities/production/production-orders.entity.ts';
import type { Tx } from '../../../db/client.ts';
import { nextNumber } from '../../../db/document-number.ts';
import { flowMisfit } from '../../../db/production/flow-fit.ts';
import { products } from '../../../db/schema/inventory.ts';
import { flows } from '../../../db/schema/production-config.ts';
import { productionOrders } from '../../../db/schema/production-orders.ts';
import { numberSetting } from '../../../db/setting-value.ts';
import { noRowFound, rowFound } from '../../../db/row-found.ts';
import { ApiError, ruleError } from '../../../errors/api-error.ts';
import { qualified, refLabel, type EntityBinding } from '../../entity/entity-binding.ts';
import { createdLabels, lotLabel, productLabels } from '../../entity/shared-field-labels.ts';

// Production orders on the entity pattern: planning writes drafts (numbered MO-, planned ml
// derived from the product's size and the overage setting); past draft only workflow events
// change an order. The computed columns are what the order's form, its action list and the
// dashboard cards read.

const id = qualified(productionOrders.id);
const productOf = (column: string) =>
  sql<
    number | null
  >`(select p.${sql.identifier(column)}::float8 from products p where p.id = ${qualified(productionOrders.productId)})`;

/** Ops of the order, newest first: the one in progress, else the last done. */
const currentOperation = (select: string) =>
  sql`(select ${sql.raw(select)} from production_order_operations o
        where o.production_order_id = ${id} and o.status in ('in_progress', 'done')
        order by (o.status = 'in_progress') desc, o.seq desc limit 1)`;

export async function plannedMl(tx: Tx, productId: number, units: number): Promise<number> {
  const [product] = await tx
    .select({ type: products.type, volumeMl: products.volumeMl })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw ruleError('product_id', 'exists');
  if (product.type !== 'finished_good') throw ruleError('product_id', 'Choose a finished good');
  const volume = Number(product.volumeMl ?? 0);
  if (!(volume > 0)) throw ruleError('product_id', 'The product has no bottle size (ml)');
  const overage = await numberSetting(tx, 'production.overage_pct', 0);
  return Math.round(units * volume * (1 + overage / 100) * 100) / 100;
}

export async function checkFlow(tx: Tx, flowId: number): Promise<void> {
  const [flow] = await tx
    .select({ module: flows.module, active: flows.active })
    .from(flows)
    .where(eq(flows.id, flowId));
  if (!flow) throw ruleError('flow_id', 'exists');
  if (flow.module !== 'production' || !flow.active) {
    throw ruleError('flow_id', 'Choose an active production flow');
  }
}

export const productionOrderBinding: EntityBinding & { table: typeof productionOrders } = {
  entity: PRODUCTION_ORDERS,
  table: productionOrders,
  computed: {
    ...productLabels(productionOrders.productId),
    nicotine_mg: productOf('nicotine_mg'),
    volume_ml: productOf('volume_ml'),
    flow_name: refLabel(productionOrders.flowId, flows),
    recipe_code: sql<
      string | null
    >`(select r.code || ' v' || r.recipe_version from recipes r where r.id = ${qualified(productionOrders.recipeId)})`,
    batch_lot_no: lotLabel(productionOrders.batchLotId),
    flow_phases: sql<string>`(select string_agg(ph.code, ',' order by fa.step)
        from flow_actions fa join phases ph on ph.id = fa.phase_id
       where fa.flow_id = ${qualified(productionOrders.flowId)})`,
    picks_complete: sql<boolean>`(${rowFound(sql`from production_order_ingredients i
        where i.production_order_id = ${id}`)}
      and ${noRowFound(sql`from production_order_ingredients i
        where i.production_order_id = ${id} and i.picked_qty < i.required_qty`)})`,
    last_label_check: sql<string | null>`(select lc.result from label_checks lc
        where lc.production_order_id = ${id} order by lc.id desc limit 1)`,
    open_corrections: sql<number>`(select count(*)::int from production_order_corrections c
        where c.production_order_id = ${id} and c.status in ('requested', 'approved'))`,
    cart_code: currentOperation(`(select c.code from carts c where c.id = o.cart_id)`),
    operator_name: currentOperation(`(select u.name from users u where u.id = o.assigned_to)`),
    ...createdLabels(productionOrders.createdBy),
  },
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      if (before && before.status !== 'draft') {
        throw ruleError(
          'status',
          `A ${String(before.status).replaceAll('_', ' ')} order cannot be edited`,
        );
      }
      const productId = Number(values.product_id ?? before?.product_id);
      const flowId = Number(values.flow_id ?? before?.flow_id);
      const units = Number(values.planned_units ?? before?.planned_units);
      if (values.flow_id !== undefined) await checkFlow(tx, flowId);
      await plannedMl(tx, productId, units);
      const misfit = await flowMisfit(tx, flowId, productId);
      if (misfit) throw ruleError('flow_id', misfit);
    },
    // Number and planned ml are the server's: written after the row, in its transaction.
    afterWrite: async ({ tx, before, after }) => {
      const order = productionOrderDoc(after);
      const plannedMlValue = await plannedMl(tx, order.product_id, order.planned_units);
      await tx
        .update(productionOrders)
        .set({
          plannedMl: String(plannedMlValue),
          ...(before ? {} : { number: await nextNumber(tx, 'production_order') }),
        })
        .where(eq(productionOrders.id, after.id));
    },
    beforeDelete: async ({ before }) => {
      if (before.status !== 'draft') throw new ApiError('database_delete_7', null, 409);
    },
  },
};
