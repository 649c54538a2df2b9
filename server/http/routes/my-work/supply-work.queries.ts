import { sql } from 'drizzle-orm';
import type { QueueQuery } from './queue-query.ts';
import { rowIn } from './row-in.ts';

// The rows of the supply and demand queues (src/machines/workflows/supply-work-queues.ts):
// each reads one table's rows at the step the queue waits for, as my-work.queries.ts does.

const PO_FROM = 'purchase_orders r join suppliers s on s.id = r.supplier_id';
const PO_DETAIL = `s.name || ' · ' || to_char(r.total_cad, 'FM999,999,990.00') || ' CAD'`;

const poAt = (...statuses: string[]): QueueQuery => ({
  from: PO_FROM,
  where: () => rowIn('status', statuses),
  label: 'r.number',
  detail: PO_DETAIL,
  order: 'r.expected_date nulls last, r.id',
});

/** Why the three-way match holds an invoice, in the words its page uses. */
const INVOICE_HOLDS = `concat_ws(' · ', s.name, r.supplier_invoice_no,
  case when exists (select 1 from purchase_invoice_lines l
    where l.purchase_invoice_id = r.id and l.qty_mismatch) then 'bills more than was received' end,
  case when r.variance_accepted_by is null and exists (select 1 from purchase_invoice_lines l
    where l.purchase_invoice_id = r.id and l.price_variance) then 'price variance to accept' end)`;

/** Confirmed sales orders with a line where `lineWaits` holds (alias `l`). */
const salesWhere = (lineWaits: string): QueueQuery => ({
  from: 'sales_orders r join customers c on c.id = r.customer_id',
  where: () => sql`r.status = 'confirmed' and exists (select 1 from sales_order_lines l
    where l.sales_order_id = r.id and ${sql.raw(lineWaits)})`,
  label: 'r.number',
  detail: `c.name || coalesce(' · ship by ' || to_char(r.requested_ship_date, 'MM/DD/YYYY'), '')`,
  order: 'r.requested_ship_date nulls last, r.id',
});

export const SUPPLY_QUEUE_QUERIES: Readonly<Record<string, QueueQuery>> = {
  po_drafts: { ...poAt('draft'), order: 'r.order_date, r.id' },
  po_to_send: poAt('approved'),
  invoice_mismatches: {
    from: 'purchase_invoices r join suppliers s on s.id = r.supplier_id',
    // A draft the match holds: a line bills more than was received, or a price variance over
    // tolerance is not accepted yet (purchase-invoice.machine.ts, `post`'s guard).
    where: () => sql`r.status = 'draft' and exists (select 1 from purchase_invoice_lines l
      where l.purchase_invoice_id = r.id
        and (l.qty_mismatch or (l.price_variance and r.variance_accepted_by is null)))`,
    label: 'r.number',
    detail: INVOICE_HOLDS,
    order: 'r.invoice_date, r.id',
  },
  po_to_receive: poAt('sent', 'partially_received'),
  sales_to_allocate: salesWhere('l.qty - l.qty_cancelled - l.qty_allocated > 0'),
  sales_to_ship: salesWhere('l.qty_allocated > l.qty_shipped'),
};
