import { sql, type SQL } from 'drizzle-orm';
import {
  projectReportRow,
  type ProjectReportFacts,
  type ProjectReportRow,
} from '../../shared/entities/project-report.ts';
import type { Db, Tx } from '../../../../server/db/client.ts';
import { plantToday } from '../../../../server/db/plant-time.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';

// The projects report's counts per project, filtered by owner, statuses and a window of days
// (projects whose start..due overlaps it); the arithmetic is the domain's (project-report.ts).

export type ProjectReportFilter = {
  owner_id?: number | undefined;
  status?: readonly string[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

export async function readProjectReport(
  db: Db | Tx,
  filter: ProjectReportFilter,
): Promise<{ today: string; rows: ProjectReportRow[] }> {
  const conditions: SQL[] = [sql`true`];
  if (filter.owner_id) conditions.push(sql`p.owner_id = ${filter.owner_id}`);
  if (filter.status?.length) {
    conditions.push(
      sql`p.status in (${sql.join(
        filter.status.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  }
  if (filter.from) conditions.push(sql`p.due_date >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`p.start_date <= ${filter.to}::date`);
  const [day] = await queryRows<{ today: string }>(
    db,
    sql`select to_char(${plantToday}, 'YYYY-MM-DD') as today`,
  );
  const today = day?.today ?? new Date().toISOString().slice(0, 10);
  const facts = await queryRows<ProjectReportFacts>(
    db,
    sql`select p.id::int as id, p.number, p.name, p.owner_id::int as owner_id,
          (select u.name from users u where u.id = p.owner_id) as owner_name, p.status,
          to_char(p.start_date, 'YYYY-MM-DD') as start_date,
          to_char(p.due_date, 'YYYY-MM-DD') as due_date,
          to_char(p.completed_on, 'YYYY-MM-DD') as completed_on,
          (select count(*)::int from pm_tasks t where t.project_id = p.id
            and t.status <> 'cancelled') as tasks_total,
          (select count(*)::int from pm_tasks t where t.project_id = p.id
            and t.status = 'done') as tasks_done,
          (select count(*)::int from pm_tasks t where t.project_id = p.id
            and t.status not in ('done', 'cancelled') and t.due_date < ${today}::date) as tasks_overdue,
          (select coalesce(sum(r.hours), 0)::float8 from pm_task_item_records r
            join pm_task_items i on i.id = r.task_item_id
            join pm_tasks t on t.id = i.task_id
            where t.project_id = p.id) as hours
        from pm_projects p
        where ${sql.join(conditions, sql` and `)}
        order by p.due_date, p.id`,
  );
  return {
    today,
    rows: facts.map((f) => projectReportRow({ ...f, hours: Number(f.hours) }, today)),
  };
}
