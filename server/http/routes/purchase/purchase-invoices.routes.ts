import type { FastifyInstance } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { invoiceMatchFacts } from '../../../../src/domain/entities/purchase/invoice-match.ts';
import {
  PURCHASE_INVOICE_LINES,
  PURCHASE_INVOICES,
  purchaseInvoiceDoc,
} from '../../../../src/domain/entities/purchase/purchase-invoices.entity.ts';
import {
  ownVariance,
  PURCHASE_INVOICE_TRANSITIONS,
  purchaseInvoiceMachine,
} from '../../../../src/machines/workflows/purchase-invoice.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Tx } from '../../../db/client.ts';
import {
  applyBilled,
  refreshInvoiceMatch,
  writePurchaseInvoiceFigures,
} from '../../../db/purchase/purchase-invoice-figures.ts';
import { currencies } from '../../../db/schema/general.ts';
import { purchaseInvoiceLines, purchaseInvoices } from '../../../db/schema/purchase-invoices.ts';
import { purchaseOrderLines, purchaseOrders, suppliers } from '../../../db/schema/purchase.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { qualified, refLabel } from '../../entity/entity-binding.ts';
import { ApiError, ruleError, validationError } from '../../../errors/api-error.ts';
import { registerDocumentRoutes } from '../../entity/document-routes.ts';
import { readDocument, type ResolvedDocument } from '../../entity/document-spec.ts';
import { createdLabels } from '../../entity/shared-field-labels.ts';
import { registerInvoiceFileRoutes } from './purchase-invoice-files.routes.ts';
import { invoiceLineColumns, registerInvoicePrefillRoute } from './purchase-invoice-lines.ts';
import type { EventContext } from '../../../db/document-event.ts';

// Supplier invoices PI- (docs/domain/purchase.md §5) on the document pattern: drafts entered from a
// PO with its lines, the server's figures and match flags after every write, and the workflow of
// purchase-invoice.machine.ts. Posting and cancelling a posted invoice write the PO lines'
// billed quantities and the PO's billing status in the same transaction, and the PO's
// readers hear of it once committed.

const inv = purchaseInvoices;
const line = purchaseInvoiceLines;

/** Purchase orders in these statuses were never committed to a supplier: nothing to bill. */
const UNBILLABLE = new Set(['draft', 'pending_approval', 'cancelled']);

async function checkDraft(
  tx: Tx,
  header: Record<string, unknown>,
  lines: Record<string, unknown>[],
): Promise<void> {
  const orderId = Number(header.purchase_order_id);
  const [order] = await tx
    .select({ status: purchaseOrders.status, supplierId: purchaseOrders.supplierId })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, orderId));
  if (!order) throw validationError({ purchase_order_id: 'exists' });
  if (UNBILLABLE.has(order.status)) {
    throw ruleError(
      'purchase_order_id',
      `A ${order.status.replaceAll('_', ' ')} purchase order cannot be invoiced`,
    );
  }
  const number = (
    typeof header.supplier_invoice_no === 'string' ? header.supplier_invoice_no : ''
  ).trim();
  const id = typeof header.id === 'number' ? header.id : 0;
  const [taken] = await tx
    .select({ id: inv.id })
    .from(inv)
    .where(
      and(eq(inv.supplierId, order.supplierId), eq(inv.supplierInvoiceNo, number), ne(inv.id, id)),
    );
  if (taken) throw validationError({ supplier_invoice_no: 'unique' });
  const onOrder = new Set(
    (
      await tx
        .select({ id: purchaseOrderLines.id })
        .from(purchaseOrderLines)
        .where(eq(purchaseOrderLines.purchaseOrderId, orderId))
    ).map((r) => r.id),
  );
  const seen = new Set<number>();
  for (const [i, row] of lines.entries()) {
    const poLine = Number(row.purchase_order_line_id);
    if (!onOrder.has(poLine)) {
      throw ruleError(
        `lines.${i}.purchase_order_line_id`,
        'This line is not on the purchase order',
      );
    }
    if (seen.has(poLine))
      throw validationError({ [`lines.${i}.purchase_order_line_id`]: 'unique' });
    seen.add(poLine);
  }
}

const paySchema = z.object({
  paid_date: z.iso.date(),
  payment_reference: z.string().trim().min(1).max(60),
});

async function pay({ body, doc }: EventContext) {
  const parsed = paySchema.safeParse(body);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'body');
      errors[field] = body[field] === undefined || body[field] === '' ? 'required' : 'in';
    }
    throw validationError(errors);
  }
  if (parsed.data.paid_date < purchaseInvoiceDoc(doc).invoice_date) {
    throw ruleError('paid_date', 'Paid on must be on or after the invoice date');
  }
  return {
    set: { paidDate: parsed.data.paid_date, paymentReference: parsed.data.payment_reference },
  };
}

export function registerPurchaseInvoiceRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  orders: ResolvedDocument,
): ResolvedDocument {
  const { db } = deps.database;
  /** The PO's readers hear of its billed quantities once the invoice's event commits. */
  const billed = async (tx: Tx, invoiceId: number, sign: 1 | -1) => {
    const orderId = await applyBilled(tx, invoiceId, sign);
    return {
      afterCommit: async () => {
        const row = await readDocument(db, orders, orderId);
        await publishChange(deps, orders.binding.entity, 'updated', row);
      },
    };
  };
  const matchCount = (flag: 'qty_mismatch' | 'price_variance') =>
    sql<number>`(select count(*) from purchase_invoice_lines ml
      where ml.purchase_invoice_id = ${qualified(inv.id)} and ml.${sql.identifier(flag)})::int`.mapWith(
      Number,
    );
  const resolved = registerDocumentRoutes(app, deps, {
    header: {
      entity: PURCHASE_INVOICES,
      table: inv,
      computed: {
        supplier_name: refLabel(inv.supplierId, suppliers),
        purchase_order_number: refLabel(inv.purchaseOrderId, purchaseOrders, 'number'),
        currency_code: refLabel(inv.currencyId, currencies, 'code'),
        variance_accepted_by_name: sql<string | null>`(select u.name from users u
          where u.id = ${qualified(inv.varianceAcceptedBy)})`,
        qty_mismatches: matchCount('qty_mismatch'),
        price_variances: matchCount('price_variance'),
        ...createdLabels(inv.createdBy),
      },
    },
    lines: {
      entity: PURCHASE_INVOICE_LINES,
      table: line,
      computed: invoiceLineColumns(line),
    },
    linesKey: { key: 'purchaseInvoiceId', column: line.purchaseInvoiceId },
    docType: 'purchase_invoice',
    workflow: { machine: purchaseInvoiceMachine, table: PURCHASE_INVOICE_TRANSITIONS },
    checkDraft,
    afterWrite: writePurchaseInvoiceFigures,
    workflowFacts: async (tx, doc) => {
      const invoice = purchaseInvoiceDoc(doc);
      // One event at a time per purchase order: two invoices posting against the same lines
      // queue here, and the second sees what the first billed.
      await tx.execute(
        sql`select id from purchase_orders where id = ${invoice.purchase_order_id} for update`,
      );
      // A draft's flags are checked again now (receipts may have come since it was saved);
      // only its lines are written here, the header is the event's to write.
      if (invoice.status === 'draft') await refreshInvoiceMatch(tx, invoice.id);
      const lines = await tx
        .select({
          product_sku: sql<string | null>`(select p.sku from purchase_order_lines pl
            join products p on p.id = pl.product_id where pl.id = ${qualified(line.purchaseOrderLineId)})`,
          qty: line.qty,
          qty_received: sql<string>`(select pl.qty_received from purchase_order_lines pl
            where pl.id = ${qualified(line.purchaseOrderLineId)})`,
          billed_other: invoiceLineColumns(line).billed_other!,
          qty_mismatch: line.qtyMismatch,
          price_variance: line.priceVariance,
        })
        .from(line)
        .where(eq(line.purchaseInvoiceId, doc.id))
        .orderBy(line.id);
      // Read here as the table holds them (numerics as text): invoiceMatchFacts reads both.
      return invoiceMatchFacts(lines, invoice.variance_accepted_by);
    },
    effects: {
      accept_variance: async ({ tx, actor, doc, reason }) => {
        const [entered] = await tx
          .select({ by: inv.createdBy })
          .from(inv)
          .where(eq(inv.id, doc.id));
        const own = ownVariance(actor, {
          status: purchaseInvoiceDoc(doc).status ?? '',
          created_by: entered?.by,
        });
        if (own) throw new ApiError(own, null, 403);
        return { set: { varianceReason: reason, varianceAcceptedBy: actor.id } };
      },
      post: async ({ tx, doc }) => billed(tx, doc.id, 1),
      cancel: async ({ tx, doc }) => (doc.status === 'posted' ? billed(tx, doc.id, -1) : {}),
      pay,
    },
  });
  registerInvoicePrefillRoute(app, deps, orders);
  registerInvoiceFileRoutes(app, deps, resolved);
  return resolved;
}
