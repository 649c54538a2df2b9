import { asc, eq, sql } from 'drizzle-orm';
import { scaleRecipe } from '../../../src/domain/entities/production/recipe-formula.ts';
import { ruleError } from '../../errors/api-error.ts';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { products, stockLots } from '../schema/inventory.ts';
import { flowActions } from '../schema/production-config.ts';
import {
  batchingPicks,
  productionOrderIngredients,
  productionOrderOperations,
} from '../schema/production-orders.ts';
import { recipeIngredients, recipes } from '../schema/recipes.ts';
import { flowMisfit } from './flow-fit.ts';
import { assertWithinNicotineLimit } from '../nicotine-limit.ts';
import { heldByOtherOrders } from './pick-reservations.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// Releasing an order (docs/domain/production.md §3.2 "approved → released"): pin the product's
// approved recipe, snapshot its ingredients scaled to the planned ml, one operation per flow step,
// the batch lot (quarantine, lot no = the order's number) and FEFO pick suggestions. A shortage
// does not stop the release: it comes back as a warning, and batching cannot start until
// every ingredient is picked.

export type Release = { set: Record<string, unknown>; warnings: string[] };

type Stock = { lot_id: number | null; location_id: number; bin_id: number | null; qty: number };

/** Released stock of a product where pickers take from, first expiring first, less what the
 * picks of other orders already hold. */
export async function pickableStock(tx: Tx, orderId: number, productId: number): Promise<Stock[]> {
  const rows = await queryRows<Stock>(
    tx,
    sql`select b.lot_id::int as lot_id, b.location_id::int as location_id, b.bin_id::int as bin_id,
               (b.qty_on_hand - ${heldByOtherOrders(orderId, 'b')})::float8 as qty
          from stock_balances b
          join locations l on l.id = b.location_id
          left join stock_lots lot on lot.id = b.lot_id
         where b.product_id = ${productId} and b.qty_on_hand > 0
           and l.type not in ('quarantine', 'lab', 'scrap', 'transit', 'production')
           and coalesce(lot.status, 'released') = 'released'
         order by lot.expiry_date asc nulls last, lot.received_at asc nulls last, b.id asc`,
  );
  return rows.filter((stock) => stock.qty > 0);
}

export async function releaseOrder(tx: Tx, order: EntityRow, actorId: number): Promise<Release> {
  const [product] = await tx
    .select({
      recipeId: products.recipeId,
      stampJurisdictionId: products.stampJurisdictionId,
      nicotineMg: products.nicotineMg,
    })
    .from(products)
    .where(eq(products.id, Number(order.product_id)));
  const [recipe] = product?.recipeId
    ? await tx.select().from(recipes).where(eq(recipes.id, product.recipeId))
    : [];
  if (!recipe || recipe.status !== 'approved') {
    throw ruleError('product_id', 'The product has no approved recipe');
  }
  // The limit may have come down since the product and its recipe were approved.
  await assertWithinNicotineLimit(
    tx,
    'product_id',
    'The product',
    product?.nicotineMg == null ? null : Number(product.nicotineMg),
  );
  await assertWithinNicotineLimit(
    tx,
    'product_id',
    'Its recipe',
    recipe.targetNicotineMg == null ? null : Number(recipe.targetNicotineMg),
  );
  // The flow may have lost its stamping step since the order was planned on it.
  const misfit = await flowMisfit(tx, Number(order.flow_id), Number(order.product_id));
  if (misfit) throw ruleError('flow_id', misfit);
  const plannedMl = Number(order.planned_ml);
  const lines = await tx
    .select({
      product_id: recipeIngredients.productId,
      percentage: recipeIngredients.percentage,
      is_fill: recipeIngredients.isFill,
    })
    .from(recipeIngredients)
    .where(eq(recipeIngredients.recipeId, recipe.id))
    .orderBy(asc(recipeIngredients.sort), asc(recipeIngredients.id));
  const scaled = scaleRecipe(
    lines.map((l) => ({ ...l, percentage: Number(l.percentage) })),
    plannedMl,
  );
  const warnings: string[] = [];
  const stamp = { createdBy: actorId, updatedBy: actorId };
  for (const line of scaled) {
    await tx.insert(productionOrderIngredients).values({
      productionOrderId: order.id,
      productId: line.product_id,
      percentage: String(line.effective_pct),
      requiredQty: String(line.qty),
      ...stamp,
    });
    let missing = line.qty;
    for (const stock of await pickableStock(tx, order.id, line.product_id)) {
      if (missing <= 0) break;
      const take = Math.min(missing, stock.qty);
      await tx.insert(batchingPicks).values({
        productionOrderId: order.id,
        productId: line.product_id,
        lotId: stock.lot_id,
        locationId: stock.location_id,
        binId: stock.bin_id,
        requiredQty: String(Math.round(take * 1000) / 1000),
        ...stamp,
      });
      missing = Math.round((missing - take) * 1000) / 1000;
    }
    if (missing > 0) {
      const [sku] = await tx
        .select({ sku: products.sku })
        .from(products)
        .where(eq(products.id, line.product_id));
      warnings.push(`Short of ${sku?.sku ?? line.product_id}: ${missing} more needed`);
    }
  }
  const steps = await tx
    .select()
    .from(flowActions)
    .where(eq(flowActions.flowId, Number(order.flow_id)))
    .orderBy(asc(flowActions.step));
  if (steps.length === 0) throw ruleError('flow_id', 'The flow has no actions');
  await tx.insert(productionOrderOperations).values(
    steps.map((step, i) => ({
      productionOrderId: order.id,
      flowActionId: step.id,
      seq: step.step,
      phaseId: step.phaseId,
      operationId: step.operationId,
      isOptional: step.isOptional,
      status: i === 0 ? 'ready' : 'pending',
      ...stamp,
    })),
  );
  const [lot] = await tx
    .insert(stockLots)
    .values({
      productId: recipe.productId,
      lotNo: String(order.number),
      source: 'production',
      productionOrderId: order.id,
      status: 'quarantine',
      ...stamp,
    })
    .returning({ id: stockLots.id });
  return {
    set: {
      recipeId: recipe.id,
      batchLotId: lot?.id ?? null,
      stampJurisdictionId: product?.stampJurisdictionId ?? null,
    },
    warnings,
  };
}
