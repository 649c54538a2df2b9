import { eq, inArray, sql } from 'drizzle-orm';
import { SALES_IMPORT_LOGS } from '../../shared/entities/sales-import-logs.entity.ts';
import type { SalesImportResult } from '../../shared/entities/sales-import-logs.entity.ts';
import { SALES_ORDERS } from '../../shared/entities/sales-orders.entity.ts';
import { importProblems } from '../../../../src/domain/imports/import-problems.ts';
import { SALES_IMPORT_COLUMNS } from '../../shared/entities/sales-import.columns.ts';
import type { SessionUser } from '../../../../server/auth/session-user.ts';
import { diffFields, writeAudit } from '../../../../server/db/audit.ts';
import type { Db, Tx } from '../../../../server/db/client.ts';
import { nextNumber } from '../../../../server/db/document-number.ts';
import { plantToday } from '../../../../server/db/plant-time.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { writeSalesOrderFigures } from '../db/sales-order-totals.ts';
import {
  salesImportLogs,
  salesOrderLines,
  salesOrders,
} from '../../../../server/db/schema/sales.ts';
import { ApiError } from '../../../../server/errors/api-error.ts';
import {
  APPLY_BATCH,
  RowApplyError,
  type Importer,
  type RowOutcome,
  type RowResult,
} from '../../../../server/imports/importer.ts';
import { RowCells } from '../../../../server/imports/row-cells.ts';
import { headerDisagreements } from '../../../../server/imports/header-disagreements.ts';

// Sales import (docs/domain/sales.md §6 and docs/domain/imports.md §12): rows grouped by their
// order reference into one draft sales order each, priced by the server as any draft (tier price,
// discounts, taxes). Idempotent on the reference, the order's `external_ref`: a new reference
// creates its draft; one seen before updates its order while it is a draft and the file says
// something else, and is skipped when the order is unchanged or no longer a draft. Every row's
// outcome goes to `sales_import_logs`, refused rows included (with their problems in words).
// **decision**: a reference whose order the server cannot write (no tier price for a product
// on the order date) is logged `error` with the server's message and leaves the rest of the
// file to be applied; its rows count as skipped on the job.

type Row = {
  ref: string;
  customerId: number;
  shipFromId: number;
  productId: number;
  qty: number;
  orderDate: string | null;
  shipBy: string | null;
};

type Context = {
  customers: Map<string, number>;
  locations: Map<string, number>;
  products: Map<string, number>;
};

type Outcome = {
  result: SalesImportResult;
  orderId: number | null;
  /** The order's number, for the job's summary. */
  number?: string;
  message: string;
};

type Existing = {
  id: number;
  number: string;
  status: string;
  version: number;
  customer_id: number;
  ship_from_location_id: number;
  order_date: string;
  requested_ship_date: string | null;
  lines: string;
};

async function prepare(db: Db | Tx): Promise<Context> {
  const codes = (rows: { code: string; id: number }[]) => new Map(rows.map((r) => [r.code, r.id]));
  const read = (query: ReturnType<typeof sql>) =>
    queryRows<{ code: string; id: number }>(db, query);
  return {
    customers: codes(
      await read(sql`select lower(code) as code, id::int as id from customers where active`),
    ),
    locations: codes(
      await read(sql`select lower(code) as code, id::int as id from locations where active`),
    ),
    products: codes(await read(sql`select lower(sku) as code, id::int as id from products`)),
  };
}

function parseRow(values: Record<string, string>, context: Context): RowResult<Row> {
  const cells = new RowCells(values);
  const ref = cells.text('order_ref', { required: true, max: 60 });
  const customerId = cells.ref('customer', context.customers);
  const shipFromId = cells.ref('ship_from', context.locations);
  const productId = cells.ref('sku', context.products);
  const qty = cells.number('qty', { required: true, above: 0 });
  const orderDate = cells.date('order_date');
  const shipBy = cells.date('ship_by');
  if (orderDate && shipBy && shipBy < orderDate)
    cells.fail('ship_by', 'Ship by is before the order date');
  if (!cells.ok || ref === null || customerId === null || shipFromId === null) {
    return { ok: false, errors: cells.errors };
  }
  return {
    ok: true,
    value: { ref, customerId, shipFromId, productId: productId!, qty: qty!, orderDate, shipBy },
  };
}

/** The rows of one reference must agree on its header: customer, ship-from and dates. */
const checkAll = (rows: readonly Row[]) =>
  headerDisagreements(rows, 'Order Ref', [
    ['customerId', 'customer'],
    ['shipFromId', 'ship_from'],
    ['orderDate', 'order_date'],
    ['shipBy', 'ship_by'],
  ]);

/** An order's lines as text to compare: product and quantity, in the order given. */
const linesKey = (lines: readonly { productId: number; qty: number }[]) =>
  lines.map((l) => `${l.productId}:${Number(l.qty)}`).join(',');

async function existingOrder(tx: Tx, ref: string): Promise<Existing | undefined> {
  const [row] = await queryRows<Existing>(
    tx,
    sql`select so.id::int, so.number, so.status, so.version::int, so.customer_id::int,
               so.ship_from_location_id::int, so.order_date::text,
               so.requested_ship_date::text,
               coalesce((select string_agg(l.product_id || ':' || (l.qty::float8)::text, ',' order by l.id)
                           from sales_order_lines l where l.sales_order_id = so.id), '') as lines
          from sales_orders so where so.external_ref = ${ref}`,
  );
  return row;
}

async function writeLines(tx: Tx, orderId: number, group: readonly Row[], actor: SessionUser) {
  await tx.insert(salesOrderLines).values(
    group.map((row) => ({
      salesOrderId: orderId,
      productId: row.productId,
      qty: String(row.qty),
      createdBy: actor.id,
      updatedBy: actor.id,
    })),
  );
  await writeSalesOrderFigures(tx, orderId);
}

type OrderHeader = {
  customerId: number;
  shipFromLocationId: number;
  orderDate: string;
  requestedShipDate: string | null;
};

/**
 * Creates, updates or leaves the order of one reference, from all its rows in the file
 * (`rowNo`: the first of them, which a refusal names).
 */
async function applyOrder(
  tx: Tx,
  ref: string,
  group: readonly Row[],
  today: string,
  job: { id: number; actor: SessionUser },
  rowNo: number,
): Promise<Outcome> {
  const head = group[0]!;
  const before = await existingOrder(tx, ref);
  const header: OrderHeader = {
    customerId: head.customerId,
    shipFromLocationId: head.shipFromId,
    orderDate: head.orderDate ?? before?.order_date ?? today,
    requestedShipDate: head.shipBy,
  };
  if (before && before.status !== 'draft') {
    return {
      result: 'skipped',
      orderId: before.id,
      number: before.number,
      message: `${before.number} is ${before.status}, no longer a draft: left as it is`,
    };
  }
  if (
    before &&
    before.customer_id === header.customerId &&
    before.ship_from_location_id === header.shipFromLocationId &&
    before.order_date === header.orderDate &&
    before.requested_ship_date === header.requestedShipDate &&
    before.lines === linesKey(group)
  ) {
    return {
      result: 'skipped',
      orderId: before.id,
      number: before.number,
      message: `${before.number} is unchanged`,
    };
  }
  // An order the server refuses (no price) refuses the file: nothing of it is applied.
  try {
    return await writeOrder(tx, ref, group, before, header, job);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const [field, said] = Object.entries((error.data ?? {}) as Record<string, string>)[0] ?? [];
    throw new RowApplyError(rowNo, {
      [field ?? 'order_ref']: `Order ${ref}: ${said ?? 'refused'}`,
    });
  }
}

async function writeOrder(
  tx: Tx,
  ref: string,
  group: readonly Row[],
  before: Awaited<ReturnType<typeof existingOrder>>,
  header: OrderHeader,
  job: { id: number; actor: SessionUser },
): Promise<Outcome> {
  if (before) {
    await tx
      .update(salesOrders)
      .set({ ...header, updatedBy: job.actor.id })
      .where(eq(salesOrders.id, before.id));
    await tx.delete(salesOrderLines).where(eq(salesOrderLines.salesOrderId, before.id));
    await writeLines(tx, before.id, group, job.actor);
    await writeAudit(tx, {
      entityType: SALES_ORDERS.name,
      entityId: before.id,
      action: 'update',
      changes: diffFields(
        {
          customerId: before.customer_id,
          shipFromLocationId: before.ship_from_location_id,
          orderDate: before.order_date,
          requestedShipDate: before.requested_ship_date,
          lines: before.lines,
        },
        { ...header, lines: linesKey(group) },
      ),
      userId: job.actor.id,
    });
    return {
      result: 'updated',
      orderId: before.id,
      number: before.number,
      message: `${before.number} updated`,
    };
  }
  const number = await nextNumber(tx, 'sales_order');
  const values = {
    ...header,
    number,
    source: 'import',
    externalRef: ref,
    note: `Imported from ${ref} (job ${job.id})`,
  };
  const [inserted] = await tx
    .insert(salesOrders)
    .values({ ...values, createdBy: job.actor.id, updatedBy: job.actor.id })
    .returning({ id: salesOrders.id });
  if (!inserted) throw new Error('sales_orders: insert returned no row');
  await writeLines(tx, inserted.id, group, job.actor);
  await writeAudit(tx, {
    entityType: SALES_ORDERS.name,
    entityId: inserted.id,
    action: 'create',
    changes: diffFields({}, values),
    userId: job.actor.id,
  });
  return { result: 'created', orderId: inserted.id, number, message: `${number} created` };
}

/** A refused row's problems as its log message: `No active customer NOPE-1; customer codes…`. */
const problemsOf = (row: { errors?: Record<string, string>; values?: Record<string, string> }) =>
  importProblems(row.errors, row.values, SALES_IMPORT_COLUMNS).slice(0, 500);

export const salesImporter: Importer<Row, Context> = {
  type: 'sales',
  area: 'sale',
  channel: SALES_IMPORT_LOGS.channel,
  columns: SALES_IMPORT_COLUMNS,
  prepare,
  parseRow,
  checkAll,
  async logRefused(db, jobId, actor, rows) {
    if (rows.length === 0) return;
    await db.insert(salesImportLogs).values(
      rows.map((row) => ({
        importJobId: jobId,
        rowNo: row.rowNo,
        externalRef: row.values?.order_ref?.slice(0, 60) || null,
        result: 'error' as const,
        message: problemsOf(row),
        createdBy: actor.id,
      })),
    );
  },
  // Each reference is applied whole at its first row (its rows may fall in two batches); its
  // later rows share its outcome.
  async apply(rows, job) {
    const groups = new Map<string, Row[]>();
    for (const row of rows) groups.set(row.ref, [...(groups.get(row.ref) ?? []), row]);
    const outcomes = new Map<string, Outcome>();
    await job.inBatches(APPLY_BATCH, async (tx, batch, _start, rowNos) => {
      const [today] = await queryRows<{ day: string }>(
        tx,
        sql`select to_char(${plantToday}, 'YYYY-MM-DD') as day`,
      );
      const written = new Map<number, SalesImportResult>();
      const results: RowOutcome[] = [];
      const entityIds: (number | null)[] = [];
      const logs: (typeof salesImportLogs.$inferInsert)[] = [];
      for (const [i, row] of batch.entries()) {
        let outcome = outcomes.get(row.ref);
        if (!outcome) {
          const group = groups.get(row.ref)!;
          outcome = await applyOrder(tx, row.ref, group, today?.day ?? '', job, rowNos[i]!);
          outcomes.set(row.ref, outcome);
          if (
            outcome.orderId !== null &&
            (outcome.result === 'created' || outcome.result === 'updated')
          )
            written.set(outcome.orderId, outcome.result);
        }
        const applied = outcome.result === 'created' || outcome.result === 'updated';
        results.push(applied ? 'ok' : 'skipped');
        entityIds.push(outcome.orderId);
        logs.push({
          importJobId: job.id,
          rowNo: rowNos[i]!,
          externalRef: row.ref,
          result: outcome.result,
          salesOrderId: outcome.orderId,
          message: outcome.message,
          createdBy: job.actor.id,
        });
      }
      if (logs.length > 0) await tx.insert(salesImportLogs).values(logs);
      const changed =
        written.size === 0
          ? []
          : await tx
              .select({ id: salesOrders.id, version: salesOrders.version, seq: salesOrders.seq })
              .from(salesOrders)
              .where(inArray(salesOrders.id, [...written.keys()]));
      return {
        entityIds,
        results,
        afterCommit: async (deps) => {
          for (const row of changed) {
            await deps.realtime.publisher.publish({
              channels: [SALES_ORDERS.channel],
              event: `${SALES_ORDERS.event}.${written.get(row.id) === 'created' ? 'created' : 'updated'}`,
              // The row is left for the list to read: the store refetches on a null `data`.
              data: { id: row.id, seq: row.seq, version: row.version, data: null },
            });
          }
        },
      };
    });
    const count = (result: SalesImportResult) =>
      [...outcomes.values()].filter((o) => o.result === result).length;
    return {
      result: {
        orders_created: count('created'),
        orders_updated: count('updated'),
        orders_skipped: count('skipped'),
        // The orders the file created or changed, linked from the job's summary.
        orders: [...outcomes.values()].flatMap((o) =>
          (o.result === 'created' || o.result === 'updated') && o.orderId !== null && o.number
            ? [{ id: o.orderId, number: o.number }]
            : [],
        ),
      },
    };
  },
};
