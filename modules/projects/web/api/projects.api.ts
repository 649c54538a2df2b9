import type { ProjectReportRow } from '../../shared/entities/project-report.ts';
import type { EntityDeclaration } from '../../../../src/domain/entity/entity-declaration.ts';
import { entityApi, type EntityApi } from '../../../../src/api/entity.api.ts';
import type { Request } from '../../../../src/api/request.ts';

// Project Management's calls beyond the entity routes: one parent's rows of a child list (a
// project's tasks, a task's items, an item's time records) and the projects report.

/**
 * The entity's data provider narrowed to the rows whose `field` is `parentId`: its list and
 * export filtered, the live poll's rows of other parents left out.
 */
export function childrenApi(
  entity: Pick<EntityDeclaration, 'api'>,
  field: string,
  parentId: number,
  request: Request,
): EntityApi {
  const base = entityApi(entity, request);
  const ofParent = {
    field,
    field_type: 'number' as const,
    filters: [{ operator: 'equals' as const, value: parentId }],
  };
  return {
    ...base,
    list: (query, signal) =>
      base.list({ ...query, filter: [...(query.filter ?? []), ofParent] }, signal),
    changes: async (since, signal) => {
      const set = await base.changes(since, signal);
      return { ...set, rows: set.rows.filter((r) => r[field] === parentId) };
    },
    exportQuery: (format, query, columns) =>
      base.exportQuery(format, { ...query, filter: [...(query.filter ?? []), ofParent] }, columns),
  };
}

export type ProjectReportQuery = {
  owner_id?: number | null;
  status?: readonly string[];
  from?: string | null;
  to?: string | null;
};

export type ProjectReport = { today: string; rows: ProjectReportRow[] };

export async function fetchProjectReport(
  request: Request,
  query: ProjectReportQuery,
): Promise<ProjectReport> {
  const params: Record<string, string | number | string[]> = {};
  if (query.owner_id) params.owner_id = query.owner_id;
  if (query.status?.length) params.status = [...query.status];
  if (query.from) params.from = query.from;
  if (query.to) params.to = query.to;
  const answer = await request<ProjectReport>({ url: 'projects/report', params });
  return answer.data;
}
