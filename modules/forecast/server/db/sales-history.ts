import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../../server/db/client.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';

// A forecast's sales history (docs/domain/forecast.md §11): units shipped per product and the
// location they shipped from, on the sales orders dated in the history window. The one aggregate a
// forecast is generated from; the bench times generation against this query alone.

export type HistoryRow = {
  readonly product_id: number;
  readonly location_id: number;
  readonly units: number;
};

/** Confirmed orders ship in part, closed ones shipped what they shipped; others shipped none. */
export function salesHistoryQuery(from: string, to: string): SQL {
  return sql`select l.product_id::int as product_id,
      o.ship_from_location_id::int as location_id,
      sum(l.qty_shipped)::float8 as units
    from sales_orders o join sales_order_lines l on l.sales_order_id = o.id
    where o.order_date between ${from}::date and ${to}::date
      and o.status in ('confirmed', 'closed') and l.qty_shipped > 0
    group by l.product_id, o.ship_from_location_id
    order by l.product_id, o.ship_from_location_id`;
}

export async function salesHistory(db: Db | Tx, from: string, to: string): Promise<HistoryRow[]> {
  return queryRows<HistoryRow>(db, salesHistoryQuery(from, to));
}
