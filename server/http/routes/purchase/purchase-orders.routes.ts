import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEFAULT_APPROVAL_THRESHOLD,
  PURCHASE_ORDER_LINES,
  PURCHASE_ORDERS,
  purchaseOrderDoc,
} from '../../../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import {
  PURCHASE_ORDER_TRANSITIONS,
  purchaseOrderMachine,
} from '../../../../src/machines/workflows/purchase-order.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { purchaseOrderLines, purchaseOrders, suppliers } from '../../../db/schema/purchase.ts';
import { writePurchaseOrderFigures } from '../../../db/purchase/purchase-order-totals.ts';
import {
  billingStatusOf,
  receiptStatusOf,
} from '../../../../src/domain/entities/purchase/purchase-order-figures.ts';
import { supplierDayKey } from '../../../db/resource-locks.ts';
import { ruleError } from '../../../errors/api-error.ts';
import { qualified } from '../../entity/entity-binding.ts';
import { registerDocumentRoutes } from '../../entity/document-routes.ts';
import type { ResolvedDocument } from '../../entity/document-spec.ts';
import { productLabels } from '../../entity/shared-field-labels.ts';
import { mailTransportFor } from '../../../mail/mail-transport.ts';
import { addRoute } from '../../route.ts';
import { wireFlag } from '../../wire-schemas.ts';
import { sendPurchaseOrder } from './send-purchase-order.ts';
import type { EventContext } from '../../../db/document-event.ts';
import { rowFound } from '../../../db/row-found.ts';

// Purchase orders PO- (docs/domain/purchase.md §5) on the document pattern: drafts with their
// lines, the server's figures after every write, and the workflow of purchase-order.machine.ts.
// Every transition is announced as purchase.status_changed beside purchase.updated.

const po = purchaseOrders;
const threshold = sql`coalesce((select (s.value #>> '{}')::numeric from settings s
  where s.key = 'purchase.approval_threshold'), ${DEFAULT_APPROVAL_THRESHOLD})`;

// Orders of one supplier and day that went through without an admin (submitted under the
// threshold): a 9,998 purchase split into two 4,999 orders is still one purchase to approve.
const SELF_APPROVED = `('approved', 'sent', 'on_hold', 'partially_received', 'received', 'closed')`;
const sameDayUnapproved = sql`(select coalesce(sum(o.total_cad), 0) from purchase_orders o
  where o.supplier_id = ${qualified(po.supplierId)} and o.order_date = ${qualified(po.orderDate)}
    and o.id <> ${qualified(po.id)} and o.approved_by is null
    and o.status in ${sql.raw(SELF_APPROVED)})`;

/** A supplier's orders of one day submit in turn, so each counts the ones before it. */
const supplierDay = ({ doc }: EventContext) => {
  const order = purchaseOrderDoc(doc);
  return [supplierDayKey(order.supplier_id, order.order_date)];
};

const STATUS_EVENTS = Object.fromEntries(
  Object.values(PURCHASE_ORDER_TRANSITIONS)
    .flatMap((events) => Object.keys(events))
    .map((event) => [event, 'purchase.status_changed']),
);

const submitted = async ({ actor }: EventContext) => ({
  set: { submittedBy: actor.id, approvedBy: null },
});
const unheld = async () => ({ set: { heldFrom: null } });

async function close({ tx, lines }: EventContext) {
  // What was not received will not come: the remainder of each line is cancelled. The header
  // is written once, by the event (its version check), so its statuses come back as `set`.
  // The lines as the lines binding read them: its numerics are numbers.
  const quantities = lines.map((row) => {
    const line = rowOf(PURCHASE_ORDER_LINES, row);
    const qty = line.qty ?? 0;
    const received = line.qty_received ?? 0;
    return {
      id: line.id,
      qty,
      qty_received: received,
      qty_billed: line.qty_billed ?? 0,
      qty_cancelled: Math.max(0, Math.round((qty - received) * 1000) / 1000),
    };
  });
  for (const line of quantities) {
    await tx
      .update(purchaseOrderLines)
      .set({ qtyCancelled: String(line.qty_cancelled) })
      .where(eq(purchaseOrderLines.id, line.id));
  }
  return {
    set: {
      receiptStatus: receiptStatusOf(quantities),
      billingStatus: billingStatusOf(quantities),
    },
  };
}

export function registerPurchaseOrderRoutes(app: FastifyInstance, deps: AppDeps): ResolvedDocument {
  const mail = mailTransportFor(deps.config);
  addRoute(app, {
    method: 'GET',
    url: `${PURCHASE_ORDERS.api}/mail`,
    access: { area: 'purchase' },
    summary: 'Whether Send emails a purchase order (SMTP set up) and from which address',
    response: z.object({ configured: wireFlag, from: z.string().nullable() }),
    handler: async () => ({
      configured: mail.configured,
      from: mail.configured ? mail.from : null,
    }),
  });
  const resolved = registerDocumentRoutes(app, deps, {
    header: {
      entity: PURCHASE_ORDERS,
      table: po,
      computed: {
        // The labels (supplier, currency, ship-to, …, editor) are the order's own columns
        // (schema/purchase.ts), read as any column: kept by the database and indexed, so the
        // list sorts and searches by them.
        needs_approval: sql<boolean>`(${qualified(po.totalCad)} + ${sameDayUnapproved} >= ${threshold})`,
        received_any: rowFound(sql`from purchase_order_lines pl
          where pl.purchase_order_id = ${qualified(po.id)} and pl.qty_received > 0`),
      },
    },
    lines: {
      entity: PURCHASE_ORDER_LINES,
      table: purchaseOrderLines,
      computed: {
        ...productLabels(purchaseOrderLines.productId),
        measure_code: sql<string | null>`(select m.code from products p
          join measures m on m.id = p.measure_id where p.id = ${qualified(purchaseOrderLines.productId)})`,
      },
    },
    linesKey: { key: 'purchaseOrderId', column: purchaseOrderLines.purchaseOrderId },
    docType: 'purchase_order',
    workflow: { machine: purchaseOrderMachine, table: PURCHASE_ORDER_TRANSITIONS },
    checkDraft: async (tx, header) => {
      const [supplier] = await tx
        .select({ active: suppliers.active })
        .from(suppliers)
        .where(eq(suppliers.id, Number(header.supplier_id)));
      if (supplier && !supplier.active) {
        throw ruleError('supplier_id', 'This supplier is inactive');
      }
      const expected = header.expected_date as string | null | undefined;
      if (expected && expected < String(header.order_date)) {
        throw ruleError('expected_date', 'Expected must be on or after the order date');
      }
    },
    afterWrite: (tx, id, before) =>
      writePurchaseOrderFigures(tx, id, before && purchaseOrderDoc(before)),
    workflowFacts: async (_tx, doc) => ({
      needs_approval: Boolean(doc.needs_approval),
      received_any: Boolean(doc.received_any),
      held_from: purchaseOrderDoc(doc).held_from ?? null,
    }),
    effects: {
      submit: submitted,
      submit_for_approval: submitted,
      approve: async ({ actor }) => ({ set: { approvedBy: actor.id } }),
      reject: async () => ({ set: { submittedBy: null } }),
      revise: async () => ({ set: { submittedBy: null, approvedBy: null } }),
      hold: async ({ doc }) => ({ set: { heldFrom: purchaseOrderDoc(doc).status } }),
      resume: unheld,
      resume_as_sent: unheld,
      close,
      send: sendPurchaseOrder(mail, () => resolved),
    },
    resources: { submit: supplierDay, submit_for_approval: supplierDay },
    announce: STATUS_EVENTS,
  });
  return resolved;
}
