import { eq, sql } from 'drizzle-orm';
import type { RecoverySourceType } from '../../../src/domain/entities/production/correction-values.ts';
import { ruleError, validationError } from '../../errors/api-error.ts';
import type { Tx } from '../client.ts';
import { locationOfType } from '../location-of-type.ts';
import { queryRows } from '../query-rows.ts';
import { stockLots } from '../schema/inventory.ts';
import { postMovements, type StockPosting } from '../stock/post-movements.ts';
import type { MovementInput } from '../stock/movement-input.ts';
import { raiseHplcRequestFor } from './hplc-tests.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// What a recovery's events write (docs/domain/production.md §3.2), in the event's transaction:
// posting consumes the units (or the leftover bulk) from their lot and produces the recovered
// volume as a new quarantine bulk lot numbered like the recovery, with an HPLC request (reason
// recovery); the verdict releases that lot, or QA retests or scraps it.

/** Where the recovered stock comes from and what it becomes. */
export type RecoverySource = {
  /** Units of a finished good, or millilitres of a bulk liquid. */
  kind: 'units' | 'bulk';
  lotId: number | null;
  bulkProductId: number;
  productionOrderId: number | null;
};

type ProductFacts = {
  type: string;
  volume_ml: number | null;
  bulk_of_recipe: number | null;
};

async function productFacts(tx: Tx, productId: number): Promise<ProductFacts> {
  const [product] = await queryRows<ProductFacts>(
    tx,
    sql`select p.type, p.volume_ml::float8 as volume_ml,
               (select r.product_id::int from recipes r where r.id = p.recipe_id) as bulk_of_recipe
          from products p where p.id = ${productId}`,
  );
  if (!product) throw validationError({ product_id: 'exists' });
  return product;
}

async function lotProduct(tx: Tx, lotId: number): Promise<number | null> {
  const [lot] = await tx
    .select({ productId: stockLots.productId })
    .from(stockLots)
    .where(eq(stockLots.id, lotId));
  return lot?.productId ?? null;
}

/** The field a source type is picked in. */
export const SOURCE_FIELD: Readonly<Record<RecoverySourceType, string>> = {
  production_order: 'production_order_id',
  lot: 'lot_id',
  stamping_order: 'source_id',
};

/** The source id a draft's fields name (the order or the lot picked), or null. */
export function sourceIdOf(values: Readonly<Record<string, unknown>>): number | null {
  const value = values[SOURCE_FIELD[values.source_type as RecoverySourceType]];
  return typeof value === 'number' ? value : null;
}

/**
 * The recovery's source checked against what it says it recovers: a finished good by units
 * (no more millilitres than its bottles hold) or a bulk liquid by volume, from the source's lot
 * (the order's finished or batch lot, the lot itself) unless a lot of that product is named.
 */
export async function resolveSource(
  tx: Tx,
  values: Readonly<Record<string, unknown>>,
): Promise<RecoverySource> {
  const productId = Number(values.product_id);
  const units = Number(values.units ?? 0);
  const ml = Number(values.recovered_ml);
  const product = await productFacts(tx, productId);
  let kind: RecoverySource['kind'];
  if (product.type === 'finished_good') {
    kind = 'units';
    if (units < 1) throw ruleError('units', 'Recover at least one unit');
    const held = units * Number(product.volume_ml ?? 0);
    if (ml > held + 1e-6) {
      throw ruleError(
        'recovered_ml',
        `${units} units hold at most ${Math.round(held * 100) / 100} ml`,
      );
    }
  } else if (product.type === 'bulk_liquid') {
    kind = 'bulk';
    if (units !== 0) throw ruleError('units', 'Bulk is recovered by volume: leave units at 0');
  } else {
    throw ruleError('product_id', 'Recover a finished good or a bulk liquid');
  }
  const bulkProductId = kind === 'bulk' ? productId : product.bulk_of_recipe;
  if (bulkProductId === null) {
    throw ruleError('product_id', 'The product has no recipe: its bulk is unknown');
  }
  const named = (values.lot_id as number | null | undefined) ?? null;
  const sourceId = Number(values.source_id);
  if (values.source_type !== 'production_order' && values.production_order_id != null) {
    throw ruleError('production_order_id', 'Pick an order only for an order recovery');
  }
  let lotId = named;
  let productionOrderId: number | null = null;
  switch (values.source_type as RecoverySourceType) {
    case 'production_order': {
      const [mo] = await queryRows<{
        product_id: number;
        bulk_id: number | null;
        batch_lot_id: number | null;
        finished_lot_id: number | null;
      }>(
        tx,
        sql`select o.product_id::int as product_id, o.batch_lot_id::int as batch_lot_id,
                   (select r.product_id::int from recipes r where r.id = o.recipe_id) as bulk_id,
                   (select l.id::int from stock_lots l
                     where l.product_id = o.product_id and l.lot_no = o.number) as finished_lot_id
              from production_orders o where o.id = ${sourceId}`,
      );
      if (!mo) throw validationError({ source_id: 'exists' });
      const ours = kind === 'units' ? mo.product_id : mo.bulk_id;
      if (ours !== productId) {
        throw ruleError('product_id', "Choose the order's product, or its bulk for leftover bulk");
      }
      lotId ??= kind === 'units' ? mo.finished_lot_id : mo.batch_lot_id;
      productionOrderId = sourceId;
      break;
    }
    case 'lot': {
      const of = await lotProduct(tx, sourceId);
      if (of === null) throw validationError({ source_id: 'exists' });
      if (of !== productId) throw ruleError('product_id', 'The lot holds another product');
      if (named !== null && named !== sourceId) {
        throw ruleError('lot_id', 'A lot recovery takes from its own lot');
      }
      lotId = sourceId;
      break;
    }
    case 'stamping_order':
      throw ruleError(
        'source_type',
        'Stamping orders are not recorded yet: recover their rejected bottles from their lot',
      );
  }
  if (named !== null && (await lotProduct(tx, named)) !== productId) {
    throw ruleError('lot_id', 'Choose a lot of the recovered product');
  }
  return { kind, lotId, bulkProductId, productionOrderId };
}

/** The named location, or the one holding the most of the lot. */
async function sourceLocation(tx: Tx, recovery: EntityRow, lotId: number | null): Promise<number> {
  if (typeof recovery.location_id === 'number') return recovery.location_id;
  const [held] = await queryRows<{ location_id: number }>(
    tx,
    sql`select location_id::int as location_id from stock_balances
         where product_id = ${Number(recovery.product_id)}
           and coalesce(lot_id, 0) = ${lotId ?? 0} and qty_on_hand > 0
         order by qty_on_hand desc, id limit 1`,
  );
  if (!held) throw ruleError('lot_id', 'Nothing of this lot is in stock to recover');
  return held.location_id;
}

const move = (
  recovery: EntityRow,
  m: Omit<MovementInput, 'sourceType' | 'sourceId'>,
): MovementInput => ({ ...m, sourceType: 'production_recoveries', sourceId: recovery.id });

export type RecoveryOutcome = {
  set?: Record<string, unknown>;
  posting?: StockPosting;
  hplcRequestId?: number;
};

/** Consumes the source, produces the quarantine bulk lot, asks the lab to test it. */
export async function postRecovery(
  tx: Tx,
  recovery: EntityRow,
  actorId: number,
): Promise<RecoveryOutcome> {
  const source = await resolveSource(tx, recovery);
  const locationId = await sourceLocation(tx, recovery, source.lotId);
  const ml = Number(recovery.recovered_ml);
  const [lot] = await tx
    .insert(stockLots)
    .values({
      productId: source.bulkProductId,
      lotNo: String(recovery.number),
      source: 'recovery',
      productionOrderId: source.productionOrderId,
      status: 'quarantine',
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning({ id: stockLots.id });
  if (!lot) throw new Error('recovery: lot insert returned no row');
  const floor = await locationOfType(tx, 'production');
  const posting = await postMovements(
    tx,
    [
      move(recovery, {
        productId: Number(recovery.product_id),
        lotId: source.lotId,
        locationId,
        qty: -(source.kind === 'units' ? Number(recovery.units) : ml),
        movementType: 'consume',
        line: 0,
      }),
      move(recovery, {
        productId: source.bulkProductId,
        lotId: lot.id,
        locationId: floor,
        qty: ml,
        movementType: 'produce',
        line: 1,
      }),
    ],
    { actorId },
  );
  const hplcRequestId = await raiseHplcRequestFor(
    tx,
    { recoveryId: recovery.id },
    { productId: source.bulkProductId, lotId: lot.id },
    'recovery',
    actorId,
  );
  return {
    set: {
      lotId: source.lotId,
      locationId,
      bulkProductId: source.bulkProductId,
      targetLotId: lot.id,
      hplcStatus: 'pending',
      postedAt: new Date(),
    },
    posting,
    hplcRequestId,
  };
}

/** QA throws the recovered lot away: whatever of it is in stock, wherever it is. */
export async function scrapRecovery(
  tx: Tx,
  recovery: EntityRow,
  actorId: number,
  reason: string | null,
): Promise<RecoveryOutcome> {
  const held = await queryRows<{
    product_id: number;
    location_id: number;
    bin_id: number | null;
    qty: number;
  }>(
    tx,
    sql`select product_id::int as product_id, location_id::int as location_id, bin_id::int as bin_id,
               qty_on_hand::float8 as qty
          from stock_balances where lot_id = ${Number(recovery.target_lot_id)} and qty_on_hand > 0`,
  );
  const posting = await postMovements(
    tx,
    held.map((b, line) =>
      move(recovery, {
        productId: b.product_id,
        lotId: Number(recovery.target_lot_id),
        locationId: b.location_id,
        binId: b.bin_id,
        qty: -b.qty,
        movementType: 'scrap',
        note: reason,
        line,
      }),
    ),
    { actorId },
  );
  await tx
    .update(stockLots)
    .set({ status: 'blocked', updatedBy: actorId })
    .where(eq(stockLots.id, Number(recovery.target_lot_id)));
  return { set: { decidedAt: new Date() }, posting };
}

/** The lab passed it: the lot may be used. */
export async function releaseRecovery(
  tx: Tx,
  recovery: EntityRow,
  actorId: number,
): Promise<RecoveryOutcome> {
  await tx
    .update(stockLots)
    .set({ status: 'released', updatedBy: actorId })
    .where(eq(stockLots.id, Number(recovery.target_lot_id)));
  return { set: { hplcStatus: 'passed', decidedAt: new Date() } };
}

/** QA asks the lab for another sample of the recovered lot. */
export async function retestRecovery(
  tx: Tx,
  recovery: EntityRow,
  actorId: number,
): Promise<RecoveryOutcome> {
  const hplcRequestId = await raiseHplcRequestFor(
    tx,
    { recoveryId: recovery.id },
    { productId: Number(recovery.bulk_product_id), lotId: Number(recovery.target_lot_id) },
    'retest',
    actorId,
  );
  return { set: { hplcStatus: 'pending' }, hplcRequestId };
}
