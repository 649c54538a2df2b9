import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { projectReportSchema } from '../../shared/entities/project-report.ts';
import { PROJECT_STATUSES } from '../../shared/entities/project-values.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { readProjectReport } from '../db/project-report.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import { addRoute } from '../../../../server/http/route.ts';

// GET /api/projects/report (docs/domain/projects.md §9 /projects_report): per project its tasks
// total, done and overdue, % complete, hours logged and days late, filtered by owner, statuses and
// days.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export function registerProjectReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'GET',
    url: '/api/projects/report',
    access: { area: 'projects' },
    summary:
      'Per project: tasks total, done and overdue, % complete, hours and days late (filters owner_id, status[], from, to)',
    query: z.object({
      owner_id: z.coerce.number().int().positive().optional(),
      status: z.array(z.enum(PROJECT_STATUSES)).max(5).optional(),
      from: day.optional(),
      to: day.optional(),
    }),
    response: projectReportSchema,
    handler: async ({ query }) => {
      if (query.from && query.to && query.to < query.from) {
        throw ruleError('to', 'The window ends on or after its start');
      }
      return readProjectReport(db, query);
    },
  });
}
