import { useContext, useMemo } from 'react';
import { BehaviorSubject } from 'rxjs';
import { entityApi, type EntityApi } from '../../../api/entity.api.ts';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { ColumnFilterInput } from '../../../domain/table-filter/table-query.types.ts';
import { EntityRequestContext } from '../entity-form/entity-request.context.ts';

// A report whose chart follows its grid: `api` is the grid's data provider, noting on
// `filter$` the filters of each list it reads; `base` reads the same entity for the chart.

export function useGridFilters(entity: EntityDeclaration): {
  base: EntityApi;
  api: EntityApi;
  filter$: BehaviorSubject<readonly ColumnFilterInput[]>;
} {
  const request = useContext(EntityRequestContext);
  const filter$ = useMemo(() => new BehaviorSubject<readonly ColumnFilterInput[]>([]), []);
  const base = useMemo(() => entityApi(entity, request), [entity, request]);
  const api = useMemo<EntityApi>(
    () => ({
      ...base,
      list: (query, signal) => {
        filter$.next(query.filter ?? []);
        return base.list(query, signal);
      },
    }),
    [base, filter$],
  );
  return { base, api, filter$ };
}
