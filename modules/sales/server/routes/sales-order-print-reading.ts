import { sql, type SQL } from 'drizzle-orm';
import type { DocumentTax } from '../../../general/shared/entities/document-taxes.ts';
import type {
  SalesOrderPrint,
  SalesOrderPrintLine,
} from '../../shared/entities/sales-order-print.ts';
import { salesOrderDoc } from '../../shared/entities/sales-orders.entity.ts';
import type { Db } from '../../../../server/db/client.ts';
import { readLetterhead } from '../../../../server/db/company-letterhead.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import {
  readDocument,
  type ResolvedDocument,
} from '../../../../server/http/entity/document-spec.ts';

// A sales order as its PDF shows it: the order and its lines as the order's GET reads them
// (the figures the server stored at its last save: tier prices, discounts, goods, the vaping
// duty per unit federal and provincial, taxes, total), the province whose additional duty each
// line owes (the stamp jurisdiction of the rate it was figured with), the customer billed and
// the ship-to address, and the letterhead. Nothing is figured again here.

type Address = { address: string; province: string | null; postal_code: string };

/** The address as an envelope reads it: its own lines, then 'ON  M5V 2T6'. */
const addressLines = (a: Address | undefined): string[] =>
  a
    ? [...a.address.split(/\r?\n/), [a.province, a.postal_code].filter(Boolean).join('  ')].filter(
        (l) => l !== '',
      )
    : [];

export async function readSalesOrderPrint(
  db: Db,
  orders: ResolvedDocument,
  id: number,
): Promise<SalesOrderPrint> {
  const order = salesOrderDoc(await readDocument(db, orders, id));
  const provinces = await queryRows<{ line_id: number; code: string; name: string }>(
    db,
    sql`select d.sales_order_line_id::int as line_id, j.code, j.name
          from sales_order_line_duties d
          join sales_order_lines l on l.id = d.sales_order_line_id
          join vaping_duty_rates r on r.id = d.provincial_duty_rate_id
          join parameters j on j.id = r.stamp_jurisdiction_id
         where l.sales_order_id = ${id} and d.provincial_duty > 0`,
  );
  const provinceOf = new Map(provinces.map((p) => [p.line_id, { code: p.code, name: p.name }]));
  const [customer] = await queryRows<{ code: string; name: string }>(
    db,
    sql`select c.code, c.name from customers c where c.id = ${order.customer_id}`,
  );
  const address = (where: SQL) =>
    queryRows<Address>(
      db,
      sql`select a.address, p.code as province, a.postal_code
            from customer_addresses a left join provinces p on p.id = a.province_id
           where ${where}
           order by a.is_default desc, a.id limit 1`,
    );
  // The address the order snapshotted at its last save (not one of its entity's fields).
  const [shipTo] = await address(
    sql`a.id = (select so.ship_to_address_id from sales_orders so where so.id = ${id})`,
  );
  const [billTo] = await address(sql`a.customer_id = ${order.customer_id} and a.kind = 'bill'`);
  const lines = (order.lines ?? []).map((l): SalesOrderPrintLine => ({
    product_sku: l.product_sku ?? '',
    product_name: l.product_name ?? '',
    measure_code: l.measure_code ?? null,
    qty: l.qty ?? 0,
    unit_price: l.unit_price ?? 0,
    discount_code: l.discount_code ?? null,
    discount_amount: l.discount_amount ?? 0,
    line_total: l.line_total ?? 0,
    federal_duty: l.federal_duty ?? 0,
    provincial_duty: l.provincial_duty ?? 0,
    duty_total: l.duty_total ?? 0,
    province: provinceOf.get(l.id) ?? null,
  }));
  return {
    order: {
      number: order.number ?? '',
      order_date: order.order_date,
      requested_ship_date: order.requested_ship_date || null,
      status: order.status ?? '',
      subtotal: order.subtotal ?? 0,
      discount_total: order.discount_total ?? 0,
      duty_total: order.duty_total ?? 0,
      taxes: (order.taxes as DocumentTax[] | null) ?? [],
      tax_total: order.tax_total ?? 0,
      total: order.total ?? 0,
      note: order.note || null,
    },
    customer: { code: customer?.code ?? '', name: customer?.name ?? '' },
    // A customer with no billing address of its own is billed where its goods go.
    bill_to: addressLines(billTo ?? shipTo),
    ship_to: addressLines(shipTo),
    lines,
    company: await readLetterhead(db),
  };
}
