import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { formatDate } from '../../../../src/domain/formats/date.format.ts';
import { arrayParam } from '../../../../server/db/array-param.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { pmTaskDependencies } from '../db/projects.schema.ts';
import { ruleError, validationError } from '../../../../server/errors/api-error.ts';

// Finish-to-start dependencies between the tasks of one project (docs/domain/projects.md §9): a
// task lists the tasks it waits for in its own versioned update (`depends_on`), and every write
// of a task's dates or links is checked here, in its transaction: the predecessors are tasks of
// the same project, the links never form a cycle, and no task starts before the day any of its
// predecessors is due, whichever end moved. The caller holds the project's lock, so two writes
// cannot each add half of a cycle.

/** At most this many predecessors per task: a chart of arrows, not a network plan. */
export const MAX_PREDECESSORS = 20;

export const dependsOnBody = {
  depends_on: z.array(z.number().int().positive()).max(MAX_PREDECESSORS).optional(),
};

type TaskDates = {
  id: number;
  title: string;
  project_id: number;
  start_date: string;
  due_date: string;
};

const quoted = (t: TaskDates) => `"${t.title}"`;

async function tasksOf(tx: Tx, ids: readonly number[]): Promise<TaskDates[]> {
  if (ids.length === 0) return [];
  return queryRows<TaskDates>(
    tx,
    sql`select id::int, title, project_id::int, to_char(start_date, 'YYYY-MM-DD') as start_date,
          to_char(due_date, 'YYYY-MM-DD') as due_date
        from pm_tasks where id = any(${arrayParam(ids, 'bigint')})`,
  );
}

async function predecessorIds(tx: Tx, taskId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select predecessor_id::int as id from pm_task_dependencies where task_id = ${taskId}`,
  );
  return rows.map((r) => r.id);
}

/** Whether `taskId` is reached by following predecessors from `from` (a link would close a loop). */
async function reaches(tx: Tx, from: readonly number[], taskId: number): Promise<boolean> {
  if (from.length === 0) return false;
  const [row] = await queryRows<{ found: boolean }>(
    tx,
    sql`with recursive up(id) as (
          select unnest(${arrayParam(from, 'bigint')})
          union
          select d.predecessor_id from pm_task_dependencies d join up on d.task_id = up.id
        ) select exists (select 1 from up where id = ${taskId}) as found`,
  );
  return Boolean(row?.found);
}

export type DependencyCheck = {
  /** The task's id; null while it is being created (nothing can wait for it yet). */
  id: number | null;
  projectId: number;
  start_date: string;
  due_date: string;
  /** The predecessors sent with this write, or undefined to keep the stored ones. */
  dependsOn: readonly number[] | undefined;
  /** Whether this write moves the task's dates (the refusal names the field that moved). */
  datesMoved: boolean;
};

/** Refuses (422 validation_error) a write that breaks a rule; returns the predecessors to keep. */
export async function checkDependencies(tx: Tx, c: DependencyCheck): Promise<number[]> {
  const ids = c.dependsOn ? [...new Set(c.dependsOn)] : c.id ? await predecessorIds(tx, c.id) : [];
  const field = c.dependsOn !== undefined && !c.datesMoved ? 'depends_on' : 'start_date';
  if (c.dependsOn) {
    if (c.id !== null && ids.includes(c.id)) {
      throw ruleError('depends_on', 'A task cannot depend on itself');
    }
    const found = await tasksOf(tx, ids);
    if (found.length !== ids.length) throw validationError({ depends_on: 'exists' });
    const foreign = found.find((t) => t.project_id !== c.projectId);
    if (foreign) {
      throw ruleError('depends_on', `${quoted(foreign)} belongs to another project`);
    }
    if (c.id !== null && (await reaches(tx, ids, c.id))) {
      throw ruleError(
        'depends_on',
        'These dependencies would form a loop: a task would wait for itself',
      );
    }
  }
  const predecessors = await tasksOf(tx, ids);
  const blocking = predecessors
    .filter((p) => c.start_date < p.due_date)
    .sort((a, b) => (a.due_date < b.due_date ? 1 : -1))[0];
  if (blocking) {
    throw ruleError(
      field,
      `Cannot start before ${quoted(blocking)} is due on ${formatDate(blocking.due_date)}`,
    );
  }
  if (c.id !== null && c.datesMoved) {
    const [dependent] = await queryRows<TaskDates>(
      tx,
      sql`select t.id::int, t.title, t.project_id::int,
            to_char(t.start_date, 'YYYY-MM-DD') as start_date, to_char(t.due_date, 'YYYY-MM-DD') as due_date
          from pm_task_dependencies d join pm_tasks t on t.id = d.task_id
          where d.predecessor_id = ${c.id} and t.start_date < ${c.due_date}
          order by t.start_date limit 1`,
    );
    if (dependent) {
      throw ruleError(
        'due_date',
        `${quoted(dependent)} waits for this task and starts on ${formatDate(dependent.start_date)}: due no later than that`,
      );
    }
  }
  return ids;
}

/** Replaces a task's predecessors with `ids` (already checked). */
export async function writeDependencies(tx: Tx, taskId: number, ids: readonly number[]) {
  await tx.execute(sql`delete from pm_task_dependencies where task_id = ${taskId}`);
  if (ids.length === 0) return;
  await tx
    .insert(pmTaskDependencies)
    .values(ids.map((predecessorId) => ({ taskId, predecessorId })));
}

/** The row's `depends_on`: its predecessors' ids, in id order. */
export const dependsOnSql = (taskId: SQL) =>
  sql<
    number[]
  >`coalesce((select array_agg(d.predecessor_id::int order by d.predecessor_id) from pm_task_dependencies d where d.task_id = ${taskId}), '{}')`;
