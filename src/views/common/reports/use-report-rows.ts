import { useEffect, useState } from 'react';
import {
  type BehaviorSubject,
  auditTime,
  catchError,
  distinctUntilChanged,
  from,
  map,
  of,
  switchMap,
  timer,
} from 'rxjs';
import type { EntityApi } from '../../../api/entity.api.ts';
import type { ColumnFilterInput } from '../../../domain/table-filter/table-query.types.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// The rows a report's chart draws: the grid's filters (noted by the grid's data provider on
// `filter$`, use-grid-filters.ts), read again every REFRESH_MS like the grid's own poll and
// redrawn at most REDRAWS_PER_S times a second. A failed read keeps the last picture; the
// grid reports the failure.

const REFRESH_MS = 60_000;
const REDRAWS_PER_S = 2;

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
        auditTime(1000 / REDRAWS_PER_S),
      )
      .subscribe((next) => next && setRows(next));
    return () => subscription.unsubscribe();
  }, [api, filter$, field, direction, limit]);
  return rows;
}
