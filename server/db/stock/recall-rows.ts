import { sql } from 'drizzle-orm';
import type { RecallRow, Trace } from '../../../src/domain/entities/stock/lot-trace.ts';
import type { Db, Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { idArray } from './lot-trace-walk.ts';

// The recall report's customer rows: for every lot → packing list edge of a trace, the customer,
// its sales order, the ship date and the quantity of that lot on it, shipped or still on its way.
// Read from the packing list lines, so a partial shipment reads as what left, not what was asked
// for.

export async function recallRows(db: Db | Tx, trace: Trace): Promise<RecallRow[]> {
  const pairs = trace.edges.flatMap((e) => {
    const [fromKind, fromId] = e.from.split(':');
    const [toKind, toId] = e.to.split(':');
    return fromKind === 'lot' && toKind === 'packing_list' ? [[Number(fromId), Number(toId)]] : [];
  });
  if (pairs.length === 0) return [];
  return queryRows<RecallRow>(
    db,
    sql`select coalesce(c.code || ' ' || c.name, '—') as customer,
               coalesce(s.number, '—') as sales_order, a.number as packing_list,
               coalesce(a.ship_date::text, s.requested_ship_date::text) as ship_date,
               lt.lot_no as lot, p.sku || ' ' || p.name as product,
               sum(case when l.qty_shipped > 0 then l.qty_shipped else l.qty_allocated end)::float8 as qty,
               a.status
          from unnest(${idArray(pairs.map((p) => p[0]!))}, ${idArray(pairs.map((p) => p[1]!))}) x(lot, list)
          join allocation_lines l on l.allocation_id = x.list and l.lot_id = x.lot
          join allocations a on a.id = l.allocation_id
          left join sales_orders s on s.id = a.sales_order_id
          left join customers c on c.id = coalesce(s.customer_id, a.customer_id)
          join stock_lots lt on lt.id = l.lot_id
          join products p on p.id = l.product_id
         group by c.code, c.name, s.number, a.number, a.ship_date, s.requested_ship_date, lt.lot_no,
                  p.sku, p.name, a.status
         order by 1, 4 nulls last, 3, 5`,
  );
}
