import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  rdProjectsReportSchema,
  rdSamplesReportSchema,
  type RdProjectsReport,
  type RdSamplesReport,
} from '../../shared/entities/rd-report-rows.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { addRoute } from '../../../../server/http/route.ts';

// The R&D reports (docs/domain/rd.md §7, /rd/reports/samples and /rd/reports/projects). Samples:
// their status by flavorist, the lab results each was specified with (HPLC category, nicotine,
// density, flashpoint) and its latest HPLC test, and the R&D HPLC pass rate per category. Projects: iterations to the first approved sample, and cycle time in
// days from the project's creation to its completion (to today while it is open), read from
// status_transitions.

export function registerRdReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  addRoute(app, {
    method: 'GET',
    url: '/api/rd/reports/samples',
    access: { area: 'rd_reports' },
    summary:
      'R&D samples: status by flavorist, each sample’s specified lab results and HPLC result, the pass rate per HPLC category',
    response: rdSamplesReportSchema,
    handler: async (): Promise<RdSamplesReport> => ({
      by_flavorist: await queryRows(
        db,
        sql`select coalesce(u.name, 'Unassigned') as flavorist, s.status, count(*)::int as samples
          from rd_samples s left join users u on u.id = s.flavorist_id
          group by 1, 2 order by 1, 2`,
      ),
      results: await queryRows(
        db,
        sql`select s.id::int, s.number, p.number as project_number, p.title as project_title,
            s.iteration, s.status, h.name as hplc_category, sp.nicotine_mg::float8 as nicotine_mg,
            sp.density_g_ml::float8 as density_g_ml, sp.flashpoint_c::float8 as flashpoint_c,
            (select round(avg(e.score), 1)::float8 from rd_sample_evaluations e
              where e.rd_sample_id = s.id) as avg_score,
            hr.id::int as hplc_request_id, hr.number as hplc_number, hr.status as hplc_status,
            res.measured_mg::float8 as hplc_measured_mg,
            res.percent_of_claim::float8 as hplc_percent_of_claim, res.passed as hplc_passed
          from rd_samples s
            join rd_projects p on p.id = s.rd_project_id
            join rd_sample_specifications sp on sp.rd_sample_id = s.id
            left join hplc_categories h on h.id = sp.hplc_category_id
            left join lateral (select r.id, r.number, r.status from hplc_requests r
              where r.rd_sample_id = s.id order by r.sample_no desc limit 1) hr on true
            left join hplc_results res on res.hplc_request_id = hr.id
          order by s.id desc limit 500`,
      ),
      // Every tested R&D sample counts once per result, judged against its category's ranges.
      hplc_pass_rate: await queryRows(
        db,
        sql`select coalesce(h.name, 'No category') as category, count(*)::int as tested,
            (count(*) filter (where res.passed))::int as passed,
            round(100.0 * count(*) filter (where res.passed) / count(*), 1)::float8
              as pass_rate_pct
          from hplc_results res
            join hplc_requests r on r.id = res.hplc_request_id
            left join hplc_categories h on h.id = res.hplc_category_id
          where r.rd_sample_id is not null
          group by 1 order by 1`,
      ),
    }),
  });

  addRoute(app, {
    method: 'GET',
    url: '/api/rd/reports/projects',
    access: { area: 'rd_reports' },
    summary: 'R&D projects: samples, iterations to the first approval and cycle time in days',
    response: rdProjectsReportSchema,
    handler: async (): Promise<RdProjectsReport> => ({
      rows: await queryRows(
        db,
        sql`select p.id::int, p.number, p.title, p.status,
            (select count(*)::int from rd_samples s where s.rd_project_id = p.id) as samples,
            (select min(s.iteration)::int from rd_samples s
              where s.rd_project_id = p.id and s.status = 'approved') as iterations_to_approval,
            round(extract(epoch from (
              coalesce((select max(t.created_at) from status_transitions t
                 where t.entity_type = 'rd_projects' and t.entity_id = p.id
                   and t.to_status = 'completed'), now()) - p.created_at)) / 86400.0, 1)::float8
              as cycle_days
          from rd_projects p
          where p.status not in ('draft', 'cancelled', 'rejected')
          order by p.id desc limit 500`,
      ),
    }),
  });
}
