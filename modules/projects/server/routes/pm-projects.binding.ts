import { eq, sql } from 'drizzle-orm';
import { PM_PROJECTS } from '../../shared/entities/pm-projects.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import { CLOSED_PROJECT_STATUSES } from '../../shared/entities/project-values.ts';
import { nextNumber } from '../../../../server/db/document-number.ts';
import { pmProjects } from '../db/projects.schema.ts';
import { ApiError, ruleError } from '../../../../server/errors/api-error.ts';
import { qualified, type EntityBinding } from '../../../../server/http/entity/entity-binding.ts';
import { aStatus } from '../../../../src/domain/status-tags.ts';

// Projects on the entity pattern: numbered by the server, edited until completed or cancelled,
// deleted only while planned. Task counts leave cancelled tasks out: they are not work to do.

const id = qualified(pmProjects.id);
const live = sql.raw(`status <> 'cancelled'`);

export const pmProjectsBinding: EntityBinding = {
  entity: PM_PROJECTS,
  table: pmProjects,
  computed: {
    owner_name: sql<string>`(select u.name from users u where u.id = ${qualified(pmProjects.ownerId)})`,
    tasks_total: sql<number>`(select count(*)::int from pm_tasks x where x.project_id = ${id} and x.${live})`,
    progress_pct: sql<number>`(select coalesce(round(100.0 * count(*) filter (where x.status = 'done')
      / nullif(count(*), 0)), 0)::int from pm_tasks x where x.project_id = ${id} and x.${live})`,
    open_tasks: sql<number>`(select count(*)::int from pm_tasks x where x.project_id = ${id}
      and x.status not in ('done', 'cancelled'))`,
  },
  hooks: {
    beforeWrite: async ({ values, before }) => {
      const status = before && rowOf(PM_PROJECTS, before).status;
      if (status && CLOSED_PROJECT_STATUSES.includes(status)) {
        throw ruleError('status', `${aStatus(status)} project cannot be edited`);
      }
      const merged = { ...(before ?? {}), ...values };
      if (String(merged.due_date) < String(merged.start_date)) {
        throw ruleError('due_date', 'The project is due on or after its start');
      }
    },
    // The number is the server's: written after the row, in its transaction.
    afterWrite: async ({ tx, before, after }) => {
      if (before) return;
      await tx
        .update(pmProjects)
        .set({ number: await nextNumber(tx, 'pm_project') })
        .where(eq(pmProjects.id, after.id));
    },
    beforeDelete: async ({ before }) => {
      if (before.status !== 'planned') throw new ApiError('database_delete_7', null, 409);
    },
  },
};
