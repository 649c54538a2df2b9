import { useEffect, useState } from 'react';
import {
  type BehaviorSubject,
  catchError,
  distinctUntilChanged,
  from,
  map,
  of,
  switchMap,
  timer,
} from 'rxjs';
import type { EntityApi, EntityRow } from '../../../../api/entity.api.ts';
import type { ColumnFilterInput } from '../../../../domain/table-filter/table-query.types.ts';

// The rows a report's chart draws: the grid's filters (noted by the grid's data provider on
// `filter$`), read again every REFRESH_MS like the grid's own poll. A failed read keeps the
// last picture; the grid reports the failure.

const REFRESH_MS = 60_000;

export function useReportRows(
  api: EntityApi,
  filter$: BehaviorSubject<readonly ColumnFilterInput[]>,
  sort: { field: string; direction: 'asc' | 'desc' },
  limit: number,
): readonly EntityRow[] {
  const [rows, setRows] = useState<readonly EntityRow[]>([]);
  const { field, direction } = sort;
  useEffect(() => {
    const subscription = filter$
      .pipe(
        distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
        switchMap((filter) =>
          timer(0, REFRESH_MS).pipe(
            switchMap(() =>
              from(api.list({ filter, sort: { field, direction }, per_page: limit })).pipe(
                map((page) => page.rows),
                catchError(() => of(null)),
              ),
            ),
          ),
        ),
      )
      .subscribe((next) => next && setRows(next));
    return () => subscription.unsubscribe();
  }, [api, filter$, field, direction, limit]);
  return rows;
}
