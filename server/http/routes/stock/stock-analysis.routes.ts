import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  INVENTORY_AGING,
  PRODUCTS_AVAILABILITY,
  PRODUCTS_DIFF,
} from '../../../../src/domain/entities/stock/stock-reports.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { plantDay, plantToday } from '../../../db/plant-time.ts';
import {
  brands,
  categories,
  productFamilies,
  products,
  stockLots,
} from '../../../db/schema/inventory.ts';
import { stockBalances } from '../../../db/schema/stock.ts';
import { allocatedOf } from '../../../db/stock/allocated.ts';
import { qualified, refLabel } from '../../entity/entity-binding.ts';
import { registerEntityRoutes } from '../../entity/entity-routes.ts';
import {
  binLabel,
  locationLabel,
  lotLabel,
  productLabels,
} from '../../entity/shared-field-labels.ts';
import { productFilters } from './stock-reports.routes.ts';
import { num } from '../../entity/computed-number.ts';

// Aging, availability and counted-vs-system reports: computed columns over lots, products and
// balances (reservations are 0 until that module exists). Purchase's low-stock report reads
// the same on hand, allocated and available (purchase/low-stock.routes.ts).

const p = products;
/** The names of the `products` row's category, brand and family. */
export const productNames: Record<string, SQL> = {
  category_name: refLabel(p.categoryId, categories),
  brand_name: refLabel(p.brandId, brands),
  family_name: refLabel(p.familyId, productFamilies),
};

/** Σ on hand of the product, optionally only where `extra` holds (b = balance, l = lot, loc = location). */
const productSum = (extra: SQL = sql`true`) =>
  sql`(select coalesce(sum(b.qty_on_hand), 0) from stock_balances b
        join locations loc on loc.id = b.location_id
        left join stock_lots l on l.id = b.lot_id
       where b.product_id = ${qualified(p.id)} and ${extra})`;
const held = sql`(l.status in ('quarantine', 'blocked') or loc.type = 'quarantine')`;
/** On hand of the `products` row in scope, outside transit. */
export const onHand = productSum(sql`loc.type <> 'transit'`);
/** Allocated of the `products` row in scope. */
export const allocated = allocatedOf(qualified(p.id));
/** Available of the `products` row in scope (on hand − held − allocated); low stock reads it too. */
export const available = sql`(${onHand} - ${productSum(sql`loc.type <> 'transit' and ${held}`)} - ${allocated})`;

export function registerStockAnalysisRoutes(app: FastifyInstance, deps: AppDeps): void {
  const lot = stockLots;
  const lotQty = sql`(select coalesce(sum(b.qty_on_hand), 0) from stock_balances b where b.lot_id = ${qualified(lot.id)})`;
  const age = sql`(${plantToday} - ${plantDay(qualified(lot.receivedAt))})`;
  const bucket = (from: number, to: number | null) =>
    num(
      sql`case when ${age} >= ${from} ${to === null ? sql`` : sql`and ${age} <= ${to}`} then ${lotQty} else 0 end`,
    );
  registerEntityRoutes(app, deps, {
    entity: INVENTORY_AGING,
    table: lot,
    where: sql`${lotQty} > 0`,
    computed: {
      ...productLabels(lot.productId),
      age_days: sql<number>`${age}`.mapWith(Number),
      age_bucket: sql`case when ${age} <= 30 then '0-30' when ${age} <= 60 then '31-60'
        when ${age} <= 90 then '61-90' when ${age} <= 180 then '91-180'
        when ${age} <= 365 then '181-365' else '>365' end`,
      qty_on_hand: num(lotQty),
      qty_0_30: bucket(-100000, 30),
      qty_31_60: bucket(31, 60),
      qty_61_90: bucket(61, 90),
      qty_91_180: bucket(91, 180),
      qty_181_365: bucket(181, 365),
      qty_over_365: bucket(366, null),
      value: num(
        sql`round(${lotQty} * (select pr.standard_cost from products pr where pr.id = ${qualified(lot.productId)}), 2)`,
      ),
      days_to_expiry: sql<number | null>`(${qualified(lot.expiryDate)} - ${plantToday})`.mapWith(
        Number,
      ),
      ...productFilters(lot.productId),
    },
  });

  registerEntityRoutes(app, deps, {
    entity: PRODUCTS_AVAILABILITY,
    table: p,
    where: sql`${p.status} <> 'discontinued'`,
    computed: {
      ...productNames,
      on_hand: num(onHand),
      quarantine: num(productSum(sql`loc.type <> 'transit' and ${held}`)),
      allocated: num(allocated),
      reserved: num(sql`0`),
      available: num(available),
      incoming: num(productSum(sql`loc.type = 'transit'`)),
    },
  });

  const b = stockBalances;
  const lastCount = (column: SQL) => sql`(select ${column} from stock_count_lines cl
      join stock_counts c on c.id = cl.count_id
     where c.status = 'posted' and cl.product_id = ${qualified(b.productId)}
       and c.location_id = ${qualified(b.locationId)}
       and coalesce(cl.lot_id, 0) = coalesce(${qualified(b.lotId)}, 0)
       and coalesce(cl.bin_id, 0) = coalesce(${qualified(b.binId)}, 0)
     order by c.posted_at desc, c.id desc limit 1)`;
  const counted = lastCount(sql`coalesce(cl.recount_qty, cl.counted_qty)`);
  const diff = sql`(${qualified(b.qtyOnHand)} - ${counted})`;
  registerEntityRoutes(app, deps, {
    entity: PRODUCTS_DIFF,
    table: b,
    where: sql`${counted} is not null`,
    computed: {
      ...productLabels(b.productId),
      location_name: locationLabel(b.locationId),
      lot_no: lotLabel(b.lotId),
      bin_code: binLabel(b.binId),
      system_qty: num(sql`${qualified(b.qtyOnHand)}`),
      counted_qty: num(counted),
      diff_qty: num(diff),
      diff_value: num(
        sql`round(${diff} * (select pr.standard_cost from products pr where pr.id = ${qualified(b.productId)}), 2)`,
      ),
      count_number: lastCount(sql`c.number`),
      counted_at: lastCount(sql`c.posted_at`),
      ...productFilters(b.productId),
    },
  });
}
