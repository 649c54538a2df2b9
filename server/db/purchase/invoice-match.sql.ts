import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_PRICE_VARIANCE_PCT } from '../../../src/domain/entities/purchase/purchase-invoices.entity.ts';

// The three-way match of a supplier invoice line in SQL, one declaration for the line's
// columns, the flags the server writes and the match-exceptions report. `line` is the
// purchase_invoice_lines row in scope, `poLine` its purchase_order_lines row.

/** Posted and paid invoices bill; drafts and cancelled ones do not. */
export const BILLING_STATUSES_SQL = sql.raw(`('posted', 'paid')`);

export const allowBillBeforeReceipt = sql`coalesce((select (s.value #>> '{}')::boolean
  from settings s where s.key = 'purchase.allow_bill_before_receipt'), false)`;

export const priceVarianceTolerance = sql`coalesce((select (s.value #>> '{}')::numeric
  from settings s where s.key = 'purchase.price_variance_pct'), ${DEFAULT_PRICE_VARIANCE_PCT})`;

/** What other posted or paid invoices billed of the line's PO line. */
export function billedOther(line: { invoiceId: SQL; poLineId: SQL }): SQL {
  return sql`(select coalesce(sum(ol.qty), 0) from purchase_invoice_lines ol
      join purchase_invoices oi on oi.id = ol.purchase_invoice_id
     where ol.purchase_order_line_id = ${line.poLineId} and oi.id <> ${line.invoiceId}
       and oi.status in ${BILLING_STATUSES_SQL})`;
}

/** Billed in all (others and this line) beyond what was received; 0 when within it. */
export function qtyOver(line: { invoiceId: SQL; poLineId: SQL; qty: SQL }, received: SQL): SQL {
  return sql`greatest(0, ${billedOther(line)} + ${line.qty} - ${received})`;
}

/** The unit price's distance from the PO's, in % of it (100 when the PO gave it free). */
export function priceVariancePct(unitPrice: SQL, poPrice: SQL): SQL {
  return sql`(case when ${poPrice} = 0 then (case when ${unitPrice} = 0 then 0 else 100 end)
    else least(99999, greatest(-99999, round((${unitPrice} - ${poPrice}) * 100 / ${poPrice}, 4))) end)`;
}
