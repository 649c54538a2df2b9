import { and, eq, sql } from 'drizzle-orm';
import {
  closeProblems,
  monthLabel,
  nextMonth,
  type ReconciliationBody,
  type ReconciliationRow,
  type StampReconciliation,
} from '../../../src/domain/entities/production/stamp-reconciliation.ts';
import { ApiError, ruleError, validationError } from '../../errors/api-error.ts';
import { writeAudit } from '../audit.ts';
import type { Db, Tx } from '../client.ts';
import { plantToday } from '../plant-time.ts';
import { queryRows } from '../query-rows.ts';
import {
  stampReconciliationCounts,
  stampReconciliations,
} from '../schema/stamp-reconciliations.ts';
import { monthFigures, zeroFigures } from './month-figures.ts';

// One month of the stamp reconciliation: its derived figures beside what people added (counts,
// reasons, the close), and the one write that saves counts and may close the month. The month
// row is the document: every write locks it and checks the version the writer read, a closed
// month refuses every write, and a close refuses while a jurisdiction is uncounted or a
// difference has no reason (docs/domain/production.md "Monthly stamp reconciliation").

type MonthRow = {
  id: number;
  version: number;
  status: 'open' | 'closed';
  closed_at: string | null;
  closed_by_name: string | null;
  updated_at: string;
  updated_by_name: string | null;
};

type CountRow = {
  stamp_jurisdiction_id: number;
  jurisdiction_code: string;
  jurisdiction_name: string;
  counted_qty: number | null;
  reason: string | null;
  filed_closing: number | null;
};

const firstDay = (month: string) => `${month}-01`;

async function monthRow(db: Db | Tx, month: string, lock = false): Promise<MonthRow | undefined> {
  const [row] = await queryRows<MonthRow>(
    db,
    sql`select r.id::int as id, r.version, r.status, r.closed_at, r.updated_at,
          (select name from users where id = r.closed_by) as closed_by_name,
          (select name from users where id = r.updated_by) as updated_by_name
        from stamp_reconciliations r where r.month = ${firstDay(month)}::date
        ${lock ? sql`for update of r` : sql``}`,
  );
  return row;
}

async function countRows(db: Db | Tx, id: number): Promise<CountRow[]> {
  return queryRows<CountRow>(
    db,
    sql`select c.stamp_jurisdiction_id::int as stamp_jurisdiction_id, j.code as jurisdiction_code,
          j.name as jurisdiction_name, c.counted_qty, c.reason, c.filed_closing
        from stamp_reconciliation_counts c join parameters j on j.id = c.stamp_jurisdiction_id
        where c.reconciliation_id = ${id} order by j.sort, j.code`,
  );
}

const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

/** The month as the page and the exports read it. */
export async function readReconciliation(db: Db | Tx, month: string): Promise<StampReconciliation> {
  const [figures, row] = [await monthFigures(db, month), await monthRow(db, month)];
  const counts = row ? await countRows(db, row.id) : [];
  const rows: ReconciliationRow[] = figures.map((f) => {
    const count = counts.find((c) => c.stamp_jurisdiction_id === f.stamp_jurisdiction_id);
    return withCount(f, count);
  });
  for (const count of counts) {
    if (rows.some((r) => r.stamp_jurisdiction_id === count.stamp_jurisdiction_id)) continue;
    rows.push(
      withCount(
        {
          stamp_jurisdiction_id: count.stamp_jurisdiction_id,
          jurisdiction_code: count.jurisdiction_code,
          jurisdiction_name: count.jurisdiction_name,
          ...zeroFigures(),
          reels: [],
          orders: [],
        },
        count,
      ),
    );
  }
  return {
    month,
    status: row?.status ?? 'open',
    version: row?.version ?? 0,
    closed_by_name: row?.closed_by_name ?? null,
    closed_at: iso(row?.closed_at),
    updated_by_name: row?.updated_by_name ?? null,
    rows,
  };
}

function withCount(
  f: Omit<ReconciliationRow, 'counted' | 'difference' | 'reason' | 'filed_closing'>,
  count: CountRow | undefined,
): ReconciliationRow {
  const counted = count?.counted_qty ?? null;
  return {
    ...f,
    counted,
    difference: counted === null ? null : counted - f.closing,
    reason: count?.reason ?? null,
    filed_closing: count?.filed_closing ?? null,
  };
}

async function staleMonth(tx: Tx, month: string): Promise<ApiError> {
  const row = await monthRow(tx, month);
  return new ApiError(
    'stale_version',
    {
      version: 'other',
      current: row
        ? {
            version: row.version,
            updated_by_name: row.updated_by_name,
            updated_at: iso(row.updated_at),
          }
        : { version: 0, updated_by_name: null, updated_at: null },
    },
    409,
  );
}

/** The month row, locked, after the version check; created by the first save (version 0). */
async function lockMonth(tx: Tx, month: string, version: number, actorId: number) {
  const row = await monthRow(tx, month, true);
  if (!row) {
    if (version !== 0) throw await staleMonth(tx, month);
    const [created] = await tx
      .insert(stampReconciliations)
      .values({ month: firstDay(month), createdBy: actorId, updatedBy: actorId })
      .onConflictDoNothing({ target: stampReconciliations.month })
      .returning({ id: stampReconciliations.id });
    // Someone created it in between: they saved first.
    if (!created) throw await staleMonth(tx, month);
    return { id: created.id, created: true };
  }
  if (row.status === 'closed') {
    throw ruleError('status', `${monthLabel(month)} is closed: its reconciliation is read-only`);
  }
  if (row.version !== version) throw await staleMonth(tx, month);
  return { id: row.id, created: false };
}

async function checkJurisdictions(tx: Tx, body: ReconciliationBody): Promise<void> {
  const ids = body.counts.map((c) => c.stamp_jurisdiction_id);
  if (ids.length === 0) return;
  const known = await queryRows<{ id: number }>(
    tx,
    sql`select p.id::int as id from parameters p join parameter_types t on t.id = p.parameter_type_id
        where t.code = 'stamp_jurisdiction'
          and p.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  const problems: Record<string, string> = {};
  body.counts.forEach((c, i) => {
    if (!known.some((k) => k.id === c.stamp_jurisdiction_id)) {
      problems[`counts.${i}.stamp_jurisdiction_id`] = 'exists';
    }
    if (ids.indexOf(c.stamp_jurisdiction_id) !== i)
      problems[`counts.${i}.stamp_jurisdiction_id`] = 'distinct';
  });
  if (Object.keys(problems).length > 0) throw validationError(problems);
}

/**
 * Saves the counts and reasons of `body` for `month` and, with `close`, closes it, in the
 * caller's transaction. Answers the month's new version.
 */
export async function saveReconciliation(
  tx: Tx,
  month: string,
  body: ReconciliationBody,
  actorId: number,
  close: boolean,
): Promise<number> {
  await checkJurisdictions(tx, body);
  const { id, created } = await lockMonth(tx, month, body.version, actorId);
  for (const line of body.counts) {
    const values = {
      countedQty: line.counted,
      reason: line.reason?.trim() ? line.reason.trim() : null,
      updatedBy: actorId,
    };
    await tx
      .insert(stampReconciliationCounts)
      .values({
        reconciliationId: id,
        stampJurisdictionId: line.stamp_jurisdiction_id,
        createdBy: actorId,
        ...values,
      })
      .onConflictDoUpdate({
        target: [
          stampReconciliationCounts.reconciliationId,
          stampReconciliationCounts.stampJurisdictionId,
        ],
        set: values,
      });
  }
  const closing = close ? await closeMonth(tx, month, id, actorId) : {};
  // The month row carries the version of the whole sheet: a save of its counts moves it too.
  const [saved] = await tx
    .update(stampReconciliations)
    .set({ updatedBy: actorId, ...closing })
    .where(eq(stampReconciliations.id, id))
    .returning({ version: stampReconciliations.version });
  await writeAudit(tx, {
    entityType: 'stamp_reconciliations',
    entityId: id,
    action: created ? 'create' : 'update',
    changes: {
      month: [null, month],
      counts: [null, body.counts],
      ...(close ? { status: ['open', 'closed'] } : {}),
    },
    userId: actorId,
  });
  return saved!.version;
}

/** Checks the month may close and files its book closings; answers the month row's close. */
async function closeMonth(tx: Tx, month: string, id: number, actorId: number) {
  const [ended] = await queryRows<{ ended: boolean }>(
    tx,
    sql`select ${firstDay(nextMonth(month))}::date <= ${plantToday} as ended`,
  );
  if (!ended?.ended) {
    throw ruleError('month', `${monthLabel(month)} has not ended: a month closes once it is over`);
  }
  const reading = await readReconciliation(tx, month);
  const problems = closeProblems(reading.rows);
  if (Object.keys(problems).length > 0) throw validationError(problems);
  for (const row of reading.rows) {
    await tx
      .update(stampReconciliationCounts)
      .set({ filedClosing: row.closing, updatedBy: actorId })
      .where(
        and(
          eq(stampReconciliationCounts.reconciliationId, id),
          eq(stampReconciliationCounts.stampJurisdictionId, row.stamp_jurisdiction_id),
        ),
      );
  }
  return { status: 'closed' as const, closedBy: actorId, closedAt: new Date() };
}
