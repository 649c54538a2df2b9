import { eq, sql } from 'drizzle-orm';
import type {
  OrderedLine,
  PackingSlip,
  PackingSlipLine,
  ShippedPackingList,
} from '../../shared/entities/packing-slip.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import {
  readDocument,
  type ResolvedDocument,
} from '../../../../server/http/entity/document-spec.ts';
import type { Db } from '../../../../server/db/client.ts';
import { readLetterhead } from '../../../../server/db/company-letterhead.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { customers } from '../../../../server/db/schema/customers.ts';
import { locations } from '../../../../server/db/schema/general.ts';
import { plantDay } from '../../../../server/db/plant-time.ts';
import { unshippedOf } from '../../shared/entities/sales-order-backorder.ts';
import { salesOrderDoc, type SalesOrderDoc } from '../../shared/entities/sales-orders.entity.ts';

// One reading of a shipped order for its packing slip page and its two PDFs (packing slip,
// bill of lading), so paper and screen say the same: what left, lot by lot, on which packing
// lists and carriers, from where, to whom, and per order line what was ordered, shipped and
// is still on backorder (a partial shipment says what follows). Days are the plant's
// (COMPANY_TIMEZONE): goods that left at 19:24 in Toronto left that day, not UTC's next one.
// An order with nothing shipped has no slip.

export type ShippedOrder = PackingSlip<SalesOrderDoc>;

export async function readPackingSlip(
  db: Db,
  orders: ResolvedDocument,
  id: number,
): Promise<ShippedOrder> {
  const order = salesOrderDoc(await readDocument(db, orders, id));
  const shipped = await queryRows<PackingSlipLine>(
    db,
    sql`select a.number as packing_list, p.sku as product_sku, p.name as product_name,
               l.lot_no, l.expiry_date::text, m.code as measure_code,
               sum(al.qty_shipped)::float8 as qty_shipped, p.nicotine_mg::float8 as nicotine_mg
          from allocation_lines al join allocations a on a.id = al.allocation_id
          join products p on p.id = al.product_id
          join measures m on m.id = p.measure_id
          left join stock_lots l on l.id = al.lot_id
         where a.sales_order_id = ${id} and al.qty_shipped > 0
         group by a.number, p.sku, p.name, l.lot_no, l.expiry_date, m.code, p.nicotine_mg
         order by a.number, p.sku, l.expiry_date nulls last, l.lot_no`,
  );
  if (shipped.length === 0) throw ruleError('status', 'Nothing was shipped on this order yet');
  const packingLists = await queryRows<ShippedPackingList>(
    db,
    // The day its stock left (the ship movements), else the day it was planned to.
    sql`select a.number, a.carrier, a.tracking_no,
               coalesce((select ${plantDay(sql`max(m.moved_at)`)} from stock_movements m
                          where m.source_type = 'allocations' and m.source_id = a.id
                            and m.movement_type = 'ship'), a.ship_date)::text as ship_date
          from allocations a
         where a.sales_order_id = ${id}
           and exists (select 1 from allocation_lines al
                        where al.allocation_id = a.id and al.qty_shipped > 0)
         order by a.number`,
  );
  const ordered = await queryRows<Omit<OrderedLine, 'qty_backordered'> & { qty_cancelled: number }>(
    db,
    sql`select p.sku as product_sku, p.name as product_name, m.code as measure_code,
               l.qty::float8 as qty_ordered, l.qty_shipped::float8, l.qty_cancelled::float8
          from sales_order_lines l join products p on p.id = l.product_id
          join measures m on m.id = p.measure_id
         where l.sales_order_id = ${id} order by l.id`,
  );
  const [customer] = await db
    .select({ code: customers.code, name: customers.name })
    .from(customers)
    .where(eq(customers.id, order.customer_id));
  const [from] = await db
    .select({ name: locations.name, address: locations.address })
    .from(locations)
    .where(eq(locations.id, order.ship_from_location_id));
  return {
    order,
    customer: {
      code: customer?.code ?? '',
      name: customer?.name ?? '',
      ship_to: order.ship_to ?? null,
      ship_to_province: order.ship_to_province ?? null,
    },
    ship_from: { name: from?.name ?? '', address: from?.address ?? null },
    packing_lists: packingLists,
    shipped: shipped.map((s) => ({
      ...s,
      qty_shipped: Number(s.qty_shipped),
      nicotine_mg: s.nicotine_mg === null ? null : Number(s.nicotine_mg),
    })),
    ordered: ordered.map(({ qty_cancelled, ...line }) => {
      const quantities = {
        qty: Number(line.qty_ordered),
        qty_allocated: Number(line.qty_shipped),
        qty_shipped: Number(line.qty_shipped),
        qty_cancelled: Number(qty_cancelled),
      };
      return {
        ...line,
        qty_ordered: quantities.qty - quantities.qty_cancelled,
        qty_shipped: quantities.qty_shipped,
        qty_backordered: unshippedOf(quantities),
      };
    }),
    company: await readLetterhead(db),
  };
}
