import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { purchaseOrderDoc } from '../../../../src/domain/entities/purchase/purchase-orders.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { plantToday } from '../../../db/plant-time.ts';
import { billedOther, qtyOver } from '../../../db/purchase/invoice-match.sql.ts';
import { queryRows } from '../../../db/query-rows.ts';
import type { purchaseInvoiceLines } from '../../../db/schema/purchase-invoices.ts';
import { qualified } from '../../entity/entity-binding.ts';
import { addRoute } from '../../route.ts';
import { idParams } from '../common-fields.ts';
import { readDocument, type ResolvedDocument } from '../../entity/document-spec.ts';
import { num } from '../../entity/computed-number.ts';

// What an invoice line shows beside what it bills: its PO line's product, ordered and
// received quantities and price, what other posted invoices billed of it and how far the
// total goes past what was received. Read live; the match flags are the stored ones.

const poLine = (line: typeof purchaseInvoiceLines, column: string): SQL =>
  sql`(select pl.${sql.identifier(column)} from purchase_order_lines pl
    where pl.id = ${qualified(line.purchaseOrderLineId)})`;

const product = (line: typeof purchaseInvoiceLines, expr: SQL): SQL<string | null> =>
  sql`(select ${expr} from purchase_order_lines pl join products p on p.id = pl.product_id
    left join measures m on m.id = p.measure_id where pl.id = ${qualified(line.purchaseOrderLineId)})`;

/** The computed columns of an invoice line (the document's lines and the report alike). */
export function invoiceLineColumns(line: typeof purchaseInvoiceLines): Record<string, SQL> {
  const refs = {
    invoiceId: qualified(line.purchaseInvoiceId),
    poLineId: qualified(line.purchaseOrderLineId),
    qty: qualified(line.qty),
  };
  return {
    product_sku: product(line, sql`p.sku`),
    product_name: product(line, sql`p.name`),
    measure_code: product(line, sql`m.code`),
    po_qty: num(poLine(line, 'qty')),
    po_unit_price: num(poLine(line, 'unit_price')),
    qty_received: num(poLine(line, 'qty_received')),
    billed_other: num(billedOther(refs)),
    qty_over: num(qtyOver(refs, poLine(line, 'qty_received'))),
  };
}

/** The prefill as the route answers it: the order's parts the form shows, and its lines. */
const invoicePrefillSchema = z.object({
  purchase_order_id: z.number().int(),
  purchase_order_number: z.string().nullable(),
  purchase_order_status: z.string(),
  supplier_id: z.number().int(),
  supplier_name: z.string().nullable(),
  currency_code: z.string().nullable(),
  invoice_date: z.string().nullable(),
  lines: z.array(
    z.object({
      purchase_order_line_id: z.number().int(),
      product_sku: z.string(),
      product_name: z.string(),
      measure_code: z.string().nullable(),
      po_qty: z.number(),
      po_unit_price: z.number(),
      qty_received: z.number(),
      billed_other: z.number(),
      qty: z.number(),
      unit_price: z.number(),
    }),
  ),
});

type PrefillLine = {
  purchase_order_line_id: number;
  product_sku: string;
  product_name: string;
  measure_code: string | null;
  po_qty: number;
  po_unit_price: number;
  qty_received: number;
  billed_other: number;
  qty: number;
  unit_price: number;
};

/**
 * GET /purchase_orders/:id/invoice: the draft of the order's next invoice as the form starts
 * it, one line per PO line received and not yet billed on a posted invoice, at the PO price.
 */
export function registerInvoicePrefillRoute(
  app: FastifyInstance,
  deps: AppDeps,
  orders: ResolvedDocument,
): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'GET',
    url: `${orders.binding.entity.api}/:id/invoice`,
    access: { area: 'purchase' },
    summary:
      "A purchase order's next supplier invoice, prefilled with what was received and not billed",
    params: idParams,
    response: invoicePrefillSchema,
    handler: async ({ params }) => {
      const order = purchaseOrderDoc(await readDocument(db, orders, params.id));
      const billed = sql`(select coalesce(sum(ol.qty), 0) from purchase_invoice_lines ol
          join purchase_invoices oi on oi.id = ol.purchase_invoice_id
         where ol.purchase_order_line_id = pl.id and oi.status in ('posted', 'paid'))`;
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select pl.id as purchase_order_line_id, p.sku as product_sku, p.name as product_name,
              m.code as measure_code, pl.qty::float8 as po_qty,
              pl.unit_price::float8 as po_unit_price, pl.qty_received::float8 as qty_received,
              ${billed}::float8 as billed_other,
              greatest(0, pl.qty_received - ${billed})::float8 as qty
             from purchase_order_lines pl join products p on p.id = pl.product_id
             left join measures m on m.id = p.measure_id
            where pl.purchase_order_id = ${params.id}
            order by pl.id`,
      );
      const lines: PrefillLine[] = rows
        .map((r) => ({
          ...(r as unknown as PrefillLine),
          purchase_order_line_id: Number(r.purchase_order_line_id),
          unit_price: Number(r.po_unit_price),
        }))
        .filter((r) => r.qty > 0);
      const [today] = await queryRows<{ today: string }>(
        db,
        sql`select to_char(${plantToday}, 'YYYY-MM-DD') as today`,
      );
      return {
        purchase_order_id: order.id,
        purchase_order_number: order.number,
        purchase_order_status: order.status,
        supplier_id: order.supplier_id,
        supplier_name: order.supplier_name,
        currency_code: order.currency_code,
        invoice_date: today?.today ?? null,
        lines,
      };
    },
  });
}
