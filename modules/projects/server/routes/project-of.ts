import { sql, type SQL } from 'drizzle-orm';
import { CLOSED_PROJECT_STATUSES } from '../../shared/entities/project-values.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { ruleError, validationError } from '../../../../server/errors/api-error.ts';
import { statusWords } from '../../../../src/domain/status-tags.ts';

// The parents a task, item or time record is written under, read once per write and refused
// when they are closed: a finished project or task takes no more work.

export type Parents = {
  project_id: number;
  project_status: string;
  task_id: number | null;
  task_status: string | null;
};

/** The project a new or edited row hangs under; `field` is the wire name the refusal names. */
export async function openParents(
  tx: Tx,
  of: { task?: number; project?: number; item?: number },
  field: string,
): Promise<Parents> {
  // The parent is the page's, sent without an input of its own: the form cannot require it.
  const id = of.item ?? of.task ?? of.project;
  if (!Number.isSafeInteger(id) || Number(id) <= 0) throw validationError({ [field]: 'required' });
  const where = of.item
    ? sql`t.id = (select task_id from pm_task_items where id = ${of.item})`
    : of.task
      ? sql`t.id = ${of.task}`
      : null;
  const [row] = where
    ? await queryRows<Parents>(
        tx,
        sql`select p.id::int as project_id, p.status as project_status, t.id::int as task_id,
              t.status as task_status
            from pm_tasks t join pm_projects p on p.id = t.project_id where ${where}`,
      )
    : await queryRows<Parents>(
        tx,
        sql`select p.id::int as project_id, p.status as project_status, null as task_id,
              null as task_status from pm_projects p where p.id = ${of.project ?? 0}`,
      );
  if (!row) throw ruleError(field, 'exists');
  if (CLOSED_PROJECT_STATUSES.includes(row.project_status)) {
    throw ruleError(
      field,
      `The project is ${statusWords(row.project_status)}: it takes no more changes`,
    );
  }
  return row;
}

/** Whether the project `projectId` names is finished (a list's `project_closed` fact). */
export function projectClosed(projectId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from pm_projects p where p.id = ${projectId}
    and p.status in (${sql.join(
      CLOSED_PROJECT_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )}))`;
}
