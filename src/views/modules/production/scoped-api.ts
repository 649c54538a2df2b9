import { entityApi, type EntityApi } from '../../../api/entity.api.ts';
import type { QueryParams } from '../../../api/query-string.ts';
import type { Request } from '../../../api/request.ts';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { ColumnFilterInput } from '../../../domain/table-filter/table-query.types.ts';

// An entity's data provider narrowed for one screen: a fixed column filter (one product's
// locations) and query parameters of the report's own (a stamps inventory's as-of date), sent
// with every list, delta poll and export, so the export is exactly what the screen shows.

export function scopedApi(
  entity: Pick<EntityDeclaration, 'api'>,
  request: Request,
  scope: { filter?: ColumnFilterInput; params?: QueryParams },
): EntityApi {
  const params = scope.params ?? {};
  const withParams: Request = (options) =>
    request({ ...options, params: { ...options.params, ...params } });
  const base = entityApi(entity, withParams);
  const filtered = <Q extends { filter?: readonly ColumnFilterInput[] }>(query: Q): Q =>
    scope.filter ? { ...query, filter: [...(query.filter ?? []), scope.filter] } : query;
  return {
    ...base,
    list: (query, signal) => base.list(filtered(query), signal),
    exportQuery: (format, query, columns) => {
      const target = base.exportQuery(format, filtered(query), columns);
      return { ...target, params: { ...target.params, ...params } };
    },
  };
}

/** The filter of one column equal to `value`. */
export function equalsFilter(field: string, value: number): ColumnFilterInput {
  return { field, field_type: 'number', filters: [{ operator: 'equals', value }] };
}
