import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { fieldSchema } from '../../../../src/domain/entity/field-schema.ts';
import {
  COUNTED_QTY,
  STOCK_COUNT_LINES,
  STOCK_COUNTS,
  stockCountDoc,
} from '../../../../src/domain/entities/stock/stock-counts.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import {
  sheetColumnOf,
  STOCK_COUNT_TRANSITIONS,
  stockCountMachine,
} from '../../../../src/machines/workflows/stock-count.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { countOverTolerance } from '../../../db/stock/count-tolerance.ts';
import type { Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { stockBalances, stockCountLines, stockCounts } from '../../../db/schema/stock.ts';
import { postMovements } from '../../../db/stock/post-movements.ts';
import { ruleError } from '../../../errors/api-error.ts';
import { qualified } from '../../entity/entity-binding.ts';
import { readOrFail, staleVersion } from '../../entity/entity-routes.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { registerDocumentRoutes } from '../../entity/document-routes.ts';
import { documentSchema, readLines, shownLines } from '../../entity/document-spec.ts';
import {
  binLabel,
  createdLabels,
  locationLabel,
  lotLabel,
  productLabels,
} from '../../entity/shared-field-labels.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';
import type { EventContext } from '../../../db/document-event.ts';
import { announcingPostings } from './posting-effects.ts';

// Stock counts SC- (docs/domain/inventory.md §2). `start` snapshots the balances in scope (one line
// per balance row) and, by its status, locks their bins (see db/stock/bin-locks.ts); the sheet
// records counted (or recounted) quantities; `approve` (inventory, not the submitter) posts
// count_variance = counted − snapshot for every line and unlocks.

const userName = (column: AnyPgColumn) =>
  sql<string | null>`(select u.name from users u where u.id = ${qualified(column)})`;

async function start({ tx, actor, doc: row, lines: rows }: EventContext) {
  const doc = stockCountDoc(row);
  const lines = rows.map((l) => rowOf(STOCK_COUNT_LINES, l));
  const scopeBins = lines.map((l) => l.bin_id).filter((b): b is number => typeof b === 'number');
  const scopeProducts = lines
    .map((l) => l.product_id)
    .filter((p): p is number => typeof p === 'number');
  if (doc.scope === 'bins' && scopeBins.length === 0) {
    throw ruleError('lines', 'Name the bins to count');
  }
  if (doc.scope === 'products' && scopeProducts.length === 0) {
    throw ruleError('lines', 'Name the products to count');
  }
  const b = stockBalances;
  const inScope =
    doc.scope === 'bins'
      ? inArray(b.binId, scopeBins)
      : doc.scope === 'products'
        ? inArray(b.productId, scopeProducts)
        : undefined;
  const balances = await tx
    .select()
    .from(b)
    .where(and(eq(b.locationId, doc.location_id), sql`${b.qtyOnHand} <> 0`, inScope))
    .orderBy(b.productId, b.lotId, b.binId);
  await tx.delete(stockCountLines).where(eq(stockCountLines.countId, doc.id));
  if (balances.length > 0) {
    await tx.insert(stockCountLines).values(
      balances.map((row) => ({
        countId: doc.id,
        productId: row.productId,
        lotId: row.lotId,
        binId: row.binId,
        snapshotQty: row.qtyOnHand,
        createdBy: actor.id,
        updatedBy: actor.id,
      })),
    );
  }
}

function submit({ actor, lines }: EventContext) {
  lines.forEach((line, index) => {
    if (line.counted_qty === null || line.counted_qty === undefined) {
      throw ruleError(`lines.${index}.counted_qty`, 'required');
    }
  });
  return Promise.resolve({ set: { submittedBy: actor.id } });
}

async function approve({ tx, actor, doc: row, lines: rows }: EventContext) {
  const doc = stockCountDoc(row);
  const lines = rows.map((l) => rowOf(STOCK_COUNT_LINES, l));
  const moves = lines.map((line, index) => {
    const counted = line.recount_qty ?? line.counted_qty ?? 0;
    const variance = Math.round((counted - (line.snapshot_qty ?? 0)) * 1000) / 1000;
    return {
      productId: line.product_id ?? 0,
      locationId: doc.location_id,
      lotId: line.lot_id,
      binId: line.bin_id,
      qty: variance,
      movementType: 'count_variance' as const,
      sourceType: 'stock_counts' as const,
      sourceId: doc.id,
      sourceLineId: line.id,
      line: index,
    };
  });
  const posting = await postMovements(tx, moves, { actorId: actor.id });
  await tx.execute(sql`update stock_count_lines l
      set variance_value = round(l.variance_qty * p.standard_cost, 2)
     from products p where p.id = l.product_id and l.count_id = ${doc.id}`);
  return { set: { approvedBy: actor.id, postedAt: new Date() }, posting };
}

const countId = qualified(stockCounts.id);
/**
 * Whether some counted line differs from its snapshot by more than the tolerance: the header
 * says it, so the browser offers review or approve as the server will decide it.
 */
const overToleranceSql = countOverTolerance(countId);

/** A line's variance in CAD: as posted, or at standard cost while it is reviewed. */
const lineVarianceValue = sql<number | null>`coalesce(${qualified(stockCountLines.varianceValue)},
    round(${qualified(stockCountLines.varianceQty)}
      * (select p.standard_cost from products p where p.id = ${qualified(stockCountLines.productId)}), 2))::float8`;

const countVarianceValue = sql<number | null>`(select sum(coalesce(l.variance_value,
    round(l.variance_qty * p.standard_cost, 2)))::float8
    from stock_count_lines l join products p on p.id = l.product_id
   where l.count_id = ${countId})`;

function countFacts(_tx: Tx, doc: EntityRow) {
  return Promise.resolve({ over_tolerance: Boolean(doc.over_tolerance) });
}

export function registerStockCountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const document = registerDocumentRoutes(app, deps, {
    header: {
      entity: STOCK_COUNTS,
      table: stockCounts,
      computed: {
        location_name: locationLabel(stockCounts.locationId),
        submitted_by_name: userName(stockCounts.submittedBy),
        approved_by_name: userName(stockCounts.approvedBy),
        over_tolerance: overToleranceSql,
        variance_value: countVarianceValue,
        ...createdLabels(stockCounts.createdBy),
      },
    },
    lines: {
      entity: STOCK_COUNT_LINES,
      table: stockCountLines,
      computed: {
        ...productLabels(stockCountLines.productId),
        lot_no: lotLabel(stockCountLines.lotId),
        bin_code: binLabel(stockCountLines.binId),
        counted_by_name: userName(stockCountLines.countedBy),
        variance_value: lineVarianceValue,
      },
    },
    linesKey: { key: 'countId', column: stockCountLines.countId },
    docType: 'stock_count',
    linesOptional: true,
    workflow: { machine: stockCountMachine, table: STOCK_COUNT_TRANSITIONS },
    effects: announcingPostings(deps, { start, submit, approve }),
    workflowFacts: countFacts,
    // A blind count shows counters no system quantity until the count is submitted.
    shownLines: (doc, lines) =>
      doc.blind && (doc.status === 'in_progress' || doc.status === 'recount')
        ? lines.map((l) => ({ ...l, snapshot_qty: null, variance_qty: null, variance_value: null }))
        : lines,
  });
  const binding = document.binding;

  addRoute(app, {
    method: 'PUT',
    url: `${STOCK_COUNTS.api}/:id/sheet`,
    access: { area: STOCK_COUNTS.area },
    summary: 'Counting sheet: record counted quantities (recounts in recount); send the version',
    params: idParams,
    body: z.object({
      version: versionField,
      lines: z
        .array(
          z.object({
            id: z.coerce.number().int().positive(),
            // As the line declares it: at least 0, 3 decimals, what numeric(14, 3) holds.
            qty: fieldSchema(COUNTED_QTY) as z.ZodType<number | null>,
          }),
        )
        .min(1),
    }),
    response: documentSchema(document),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const row = await deps.database.db.transaction(async (tx) => {
        await queryRows(tx, sql`select 1 from stock_counts where id = ${params.id} for update`);
        const doc = await readOrFail(tx, binding, params.id);
        if (doc.version !== body.version) throw await staleVersion(tx, binding, params.id);
        const column = sheetColumnOf(String(doc.status));
        if (!column) throw ruleError('status', `A ${String(doc.status)} count cannot be counted`);
        const known = new Set((await readLines(tx, document, params.id)).map((l) => l.id));
        for (const [index, line] of body.lines.entries()) {
          if (!known.has(line.id)) throw ruleError(`lines.${index}.id`, 'exists');
          const qty = line.qty === null ? null : String(line.qty);
          await tx
            .update(stockCountLines)
            .set(
              column === 'counted'
                ? { countedQty: qty, countedBy: actor.id }
                : { recountQty: qty, countedBy: actor.id },
            )
            .where(eq(stockCountLines.id, line.id));
        }
        await tx
          .update(stockCounts)
          .set({ updatedBy: actor.id })
          .where(eq(stockCounts.id, params.id));
        const after: EntityRow = await readOrFail(tx, binding, params.id);
        return { ...after, lines: await shownLines(tx, document, after) };
      });
      await publishChange(deps, STOCK_COUNTS, 'updated', row);
      return row;
    },
  });
}
