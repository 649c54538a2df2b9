import { sql } from 'drizzle-orm';
import { roundUpToMoq } from '../../../../src/domain/entities/purchase/purchase-order-figures.ts';
import type { LowStockSuggestion } from '../../../../src/domain/entities/purchase/low-stock-suggestions.ts';
import { available } from '../stock/stock-analysis.routes.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { plantToday } from '../../../db/plant-time.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { isBought } from '../../../db/purchase/bought-product.ts';
import { openPoQty } from '../../../db/purchase/open-po-qty.ts';

// The low-stock report's rows (stock-analysis.routes.ts, the same `available`) with the
// preferred supplier of each product: the row marked preferred, else the cheapest, among
// active suppliers. Goods the plant makes are left out unless some supplier sells them.

type Row = Omit<LowStockSuggestion, 'order_qty'>;

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export async function lowStockSuggestions(db: Db | Tx): Promise<LowStockSuggestion[]> {
  const open = openPoQty(sql`"products"."id"`);
  const rows = await queryRows<Row>(
    db,
    sql`select "products"."id" as product_id, "products"."sku" as sku,
               "products"."name" as product_name,
               ${available}::float8 as available,
               "products"."reorder_point"::float8 as reorder_point,
               ${open}::float8 as open_po_qty,
               greatest(0, "products"."reorder_point" + "products"."reorder_qty"
                 - ${available} - ${open})::float8 as suggested,
               sp.supplier_id, sp.supplier_name, sp.supplier_sku,
               sp.unit_price::float8 as unit_price, sp.moq::float8 as moq, sp.lead_time_days,
               to_char(${plantToday} + coalesce(sp.lead_time_days, 0), 'YYYY-MM-DD')
                 as expected_date
          from "products"
          left join lateral (
            select sp.supplier_id, s.name as supplier_name, sp.supplier_sku, sp.unit_price,
                   sp.moq, coalesce(sp.lead_time_days, s.lead_time_days) as lead_time_days
              from supplier_products sp join suppliers s on s.id = sp.supplier_id
             where sp.product_id = "products"."id" and s.active
             order by sp.preferred desc, sp.unit_price asc, sp.id asc limit 1) sp on true
         where "products"."status" = 'active' and "products"."reorder_point" > 0
           and ${available} <= "products"."reorder_point"
           and ${isBought(sql`"products"."id"`, sql`"products"."type"`)}
         order by "products"."sku"`,
  );
  return rows.map((r) => {
    const suggested = Number(r.suggested);
    const moq = n(r.moq);
    return {
      ...r,
      product_id: Number(r.product_id),
      supplier_id: n(r.supplier_id),
      lead_time_days: n(r.lead_time_days),
      expected_date: r.supplier_id === null ? null : r.expected_date,
      order_qty: suggested > 0 ? roundUpToMoq(suggested, moq ?? 0) : 0,
    };
  });
}
