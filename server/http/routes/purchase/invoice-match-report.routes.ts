import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { INVOICE_MATCH_EXCEPTIONS } from '../../../../src/domain/entities/purchase/purchase-invoices.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { purchaseInvoiceLines } from '../../../db/schema/purchase-invoices.ts';
import { qualified } from '../../entity/entity-binding.ts';
import { registerEntityRoutes } from '../../entity/entity-routes.ts';
import { num } from '../../entity/computed-number.ts';
import { invoiceLineColumns } from './purchase-invoice-lines.ts';

// Invoice match exceptions: every line of a live invoice (draft, posted, paid) that bills more than
// was received or whose price is off the PO's past tolerance, one row per line, filterable and
// exportable like every grid. Cancelled invoices bill nothing.

const l = purchaseInvoiceLines;
const header = (column: string) =>
  sql`(select i.${sql.identifier(column)} from purchase_invoices i where i.id = ${qualified(l.purchaseInvoiceId)})`;

export function registerInvoiceMatchReport(app: FastifyInstance, deps: AppDeps): void {
  const columns = invoiceLineColumns(l);
  const qtyOver = columns.qty_over!;
  const overQty = sql`(${qtyOver} > 0)`;
  registerEntityRoutes(app, deps, {
    entity: INVOICE_MATCH_EXCEPTIONS,
    table: l,
    where: sql`${header('status')} <> 'cancelled' and (${overQty} or ${qualified(l.priceVariance)})`,
    computed: {
      ...columns,
      invoice_number: header('number'),
      supplier_invoice_no: header('supplier_invoice_no'),
      invoice_status: header('status'),
      invoice_date: sql<string>`to_char(${header('invoice_date')}, 'YYYY-MM-DD')`,
      supplier_name: sql<string | null>`(select s.name from purchase_invoices i
        join suppliers s on s.id = i.supplier_id where i.id = ${qualified(l.purchaseInvoiceId)})`,
      purchase_order_number: sql<string | null>`(select po.number from purchase_invoices i
        join purchase_orders po on po.id = i.purchase_order_id
        where i.id = ${qualified(l.purchaseInvoiceId)})`,
      exception: sql<string>`(case when ${overQty} and ${qualified(l.priceVariance)} then 'both'
        when ${overQty} then 'quantity' else 'price' end)::varchar`,
      variance_accepted: sql<boolean>`(${header('variance_accepted_by')} is not null)`,
      variance_reason: header('variance_reason'),
      qty_over: qtyOver,
      price_variance_pct: num(sql`coalesce(${qualified(l.priceVariancePct)}, 0)`),
    },
  });
}
