import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  SALES_ORDER_LINES,
  SALES_ORDERS,
  salesOrderDoc,
  type SalesOrderRow,
} from '../../shared/entities/sales-orders.entity.ts';
import {
  SALES_ORDER_TRANSITIONS,
  salesOrderMachine,
  type SalesOrderFacts,
} from '../../shared/machines/sales-order.machine.ts';
import type { WorkflowDoc } from '../../../../src/machines/workflows/document-workflow.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { customers } from '../../../../server/db/schema/customers.ts';
import { salesOrderLines, salesOrders } from '../../../../server/db/schema/sales.ts';
import { writeSalesOrderFigures } from '../db/sales-order-totals.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import { qualified } from '../../../../server/http/entity/entity-binding.ts';
import { registerDocumentRoutes } from '../../../../server/http/entity/document-routes.ts';
import type { ResolvedDocument } from '../../../../server/http/entity/document-spec.ts';
import { shipFromStock } from '../../../../server/http/routes/stock/held-stock.ts';
import { customerCreditKey } from '../../../../server/db/resource-locks.ts';
import { productLabels } from '../../../../server/http/entity/shared-field-labels.ts';
import { allocate, cancel, close, ship } from '../db/sales-order-stock.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { noRowFound, rowFound } from '../../../../server/db/row-found.ts';
import { lineDutyColumns } from './line-duty-columns.ts';
import { allocationTold, type ToldLine } from '../../shared/entities/sales-order-backorder.ts';
import type { EventContext } from '../../../../server/db/document-event.ts';
import { announcingPostings } from '../../../../server/http/routes/stock/posting-effects.ts';

// Sales orders SO- (docs/domain/sales.md §6) on the document pattern: drafts with their lines, the
// server's figures after every write (sales-order-totals.ts), and the workflow of
// sales-order.machine.ts, whose facts (credit, customer, what is left to allocate or ship)
// are computed here beside the row so the browser's buttons and the server agree.

const so = salesOrders;
const id = qualified(so.id);

// The customer's confirmed orders but this one: their total is kept per customer (a trigger,
// schema/sales.ts customerOrderTotals), so a row reads it instead of summing the others.
const openOrdersTotal = sql<number>`(coalesce((select t.confirmed_total from customer_order_totals t
  where t.customer_id = ${qualified(so.customerId)}), 0)
  - case when ${qualified(so.status)} = 'confirmed' then ${qualified(so.total)} else 0 end)::float8`;
const creditLimit = sql<number>`(select c.credit_limit::float8 from customers c
  where c.id = ${qualified(so.customerId)})`;
const lineWhere = (condition: string) =>
  sql`from sales_order_lines l where l.sales_order_id = ${id} and ${sql.raw(condition)}`;
const anyLine = (condition: string) => rowFound(lineWhere(condition));

const STATUS_EVENTS = Object.fromEntries(
  Object.values(SALES_ORDER_TRANSITIONS)
    .flatMap((events) => Object.keys(events))
    .map((event) => [event, event === 'allocate' ? 'allocation.updated' : 'sale.status_changed']),
);

// A fact's row type allows 1/0 and null (row-of.ts): Boolean() makes it the flag a guard reads.
const factsOf = (doc: SalesOrderRow): Partial<WorkflowDoc> & SalesOrderFacts => ({
  customer_active: Boolean(doc.customer_active),
  over_credit_limit: Boolean(doc.over_credit_limit),
  shipped_any: Boolean(doc.shipped_any),
  ships_in_full: Boolean(doc.ships_in_full),
  to_allocate: Boolean(doc.to_allocate),
  to_ship: Boolean(doc.to_ship),
});

/**
 * Allocates, then says on the timeline how much the stock covered: an order of 240 that got
 * 23 reads "23 of 240 allocated, 217 on backorder", not a bare confirmed → confirmed.
 */
async function allocateAndTell(ctx: EventContext) {
  const outcome = await allocate(ctx);
  const lines = await queryRows<ToldLine>(
    ctx.tx,
    sql`select l.qty::float8, l.qty_allocated::float8, l.qty_shipped::float8,
               l.qty_cancelled::float8, p.sku as product_sku, m.code as measure_code
          from sales_order_lines l join products p on p.id = l.product_id
          join measures m on m.id = p.measure_id
         where l.sales_order_id = ${ctx.doc.id} order by l.id`,
  );
  return { ...outcome, reason: allocationTold(lines) };
}

export function registerSalesOrderRoutes(app: FastifyInstance, deps: AppDeps): ResolvedDocument {
  return registerDocumentRoutes(app, deps, {
    header: {
      entity: SALES_ORDERS,
      table: so,
      computed: {
        // The labels (customer, ship-to, tier, …, editor) and the duty total are the order's
        // own columns (schema/sales.ts), read as any column: kept by the database and indexed,
        // so the list sorts and searches 40,000 orders by them.
        taxes: sql<unknown>`(select coalesce(json_agg(json_build_object('tax_code', t.tax_code,
            'rate', t.rate::float8, 'base', t.base::float8, 'amount', t.amount::float8) order by t.id), '[]'::json)
          from sales_order_taxes t where t.sales_order_id = ${id})`,
        credit_limit: creditLimit,
        open_orders_total: openOrdersTotal,
        over_credit_limit: sql<boolean>`(${openOrdersTotal} + ${qualified(so.total)} > ${creditLimit})`,
        customer_active: sql<boolean>`(select c.active from customers c where c.id = ${qualified(so.customerId)})`,
        shipped_any: anyLine('l.qty_shipped > 0'),
        ships_in_full: noRowFound(lineWhere('l.qty_allocated < l.qty - l.qty_cancelled')),
        to_allocate: anyLine('l.qty - l.qty_cancelled - l.qty_allocated > 0'),
        to_ship: anyLine('l.qty_allocated > l.qty_shipped'),
      },
    },
    lines: {
      entity: SALES_ORDER_LINES,
      table: salesOrderLines,
      computed: {
        ...productLabels(salesOrderLines.productId),
        discount_code: sql<string | null>`(select d.code from discounts d
          where d.id = ${qualified(salesOrderLines.discountId)})`,
        ...lineDutyColumns(qualified(salesOrderLines.id)),
      },
    },
    linesKey: { key: 'salesOrderId', column: salesOrderLines.salesOrderId },
    docType: 'sales_order',
    workflow: { machine: salesOrderMachine, table: SALES_ORDER_TRANSITIONS },
    checkDraft: async (tx, header) => {
      const [customer] = await tx
        .select({ active: customers.active })
        .from(customers)
        .where(eq(customers.id, Number(header.customer_id)));
      if (customer && !customer.active) {
        throw ruleError('customer_id', 'This customer is inactive');
      }
      const shipBy = header.requested_ship_date as string | null | undefined;
      if (shipBy && shipBy < String(header.order_date)) {
        throw ruleError('requested_ship_date', 'Ship by must be on or after the order date');
      }
    },
    afterWrite: (tx, orderId) => writeSalesOrderFigures(tx, orderId),
    workflowFacts: async (_tx, doc) => factsOf(salesOrderDoc(doc)),
    effects: announcingPostings(deps, {
      allocate: allocateAndTell,
      ship,
      ship_partial: ship,
      close,
      cancel,
    }),
    resources: {
      allocate: shipFromStock,
      ship: shipFromStock,
      ship_partial: shipFromStock,
      close: shipFromStock,
      cancel: shipFromStock,
      // The open total the credit guard reads: two orders of one customer confirm in turn.
      confirm: ({ doc }) => [customerCreditKey(salesOrderDoc(doc).customer_id)],
      override_credit: ({ doc }) => [customerCreditKey(salesOrderDoc(doc).customer_id)],
    },
    announce: STATUS_EVENTS,
  });
}
