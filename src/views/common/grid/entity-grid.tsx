import './ag-grid-setup.ts';
import { Box } from '@mantine/core';
import type {
  CellKeyDownEvent,
  ColumnMovedEvent,
  ColumnResizedEvent,
  GridApi,
  GridReadyEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useRef } from 'react';
import type { Observable } from 'rxjs';
import type { EntityRow } from '../../../api/entity.api.ts';
import type { LiveListEvent } from '../../../streams/live-list.store.ts';
import { GRID_THEMES } from './ag-grid-setup.ts';
import type { ColumnLayout } from './column-layout.ts';
import { gridColumns } from './grid-columns.tsx';
import { GridQueryContext, type GridQueryState } from './grid-query.context.ts';

// The grid of an entity list: one page of rows from the live store (a snapshot replaces the
// rows, deltas are async transactions), columns from the declaration and the person's layout,
// headers that sort and filter through the list query. Double-click or Enter opens a row.

export interface EntityGridProps {
  query: GridQueryState;
  layout: ColumnLayout;
  /** Column moves and resizes, to be remembered. */
  onLayout: (layout: ColumnLayout) => void;
  events$: Observable<LiveListEvent>;
  onOpen?: (row: EntityRow) => void;
  /** CSS height of the grid; the page gives it the room left under its toolbar. */
  height?: string | number;
  /** Renders every row and column (tests without layout, printing). */
  renderAll?: boolean;
}

export function EntityGrid({
  query,
  layout,
  onLayout,
  events$,
  onOpen,
  height = 'calc(100vh - 230px)',
  renderAll = false,
}: EntityGridProps) {
  const api = useRef<GridApi<EntityRow> | null>(null);
  // Events that came before the grid was ready, played once it is.
  const pending = useRef<LiveListEvent[]>([]);
  const columnDefs = useMemo(() => gridColumns(query.fields, layout), [query.fields, layout]);
  const latest = useRef({ layout, onLayout, onOpen });
  latest.current = { layout, onLayout, onOpen };

  useEffect(() => {
    const subscription = events$.subscribe((event) => {
      if (api.current) apply(api.current, event);
      else pending.current.push(event);
    });
    return () => subscription.unsubscribe();
  }, [events$]);

  const onGridReady = (event: GridReadyEvent<EntityRow>) => {
    api.current = event.api;
    for (const queued of pending.current.splice(0)) apply(event.api, queued);
  };

  const saveLayout = (gridApi: GridApi<EntityRow>) => {
    const current = latest.current.layout;
    const state = gridApi.getColumnState();
    const placed = state.map((c) => c.colId);
    const order = [...placed, ...current.order.filter((n) => !placed.includes(n))];
    const widths = { ...current.widths };
    for (const c of state) if (typeof c.width === 'number') widths[c.colId] = c.width;
    const same =
      order.join() === current.order.join() &&
      Object.keys(widths).every((k) => widths[k] === current.widths[k]);
    if (!same) latest.current.onLayout({ ...current, order, widths });
  };

  return (
    <GridQueryContext value={query}>
      <Box h={height} data-testid="entity-grid">
        <AgGridReact<EntityRow>
          theme={GRID_THEMES[layout.density]}
          columnDefs={columnDefs}
          getRowId={({ data }) => String(data.id)}
          onGridReady={onGridReady}
          onRowDoubleClicked={({ data }) => data && latest.current.onOpen?.(data)}
          onCellKeyDown={(event: CellKeyDownEvent<EntityRow>) => {
            const key = (event.event as KeyboardEvent | null | undefined)?.key;
            if (key === 'Enter' && event.data) latest.current.onOpen?.(event.data);
          }}
          onColumnMoved={(event: ColumnMovedEvent<EntityRow>) => {
            if (event.finished) saveLayout(event.api);
          }}
          onColumnResized={(event: ColumnResizedEvent<EntityRow>) => {
            if (event.finished && event.source === 'uiColumnResized') saveLayout(event.api);
          }}
          suppressDragLeaveHidesColumns
          ensureDomOrder
          suppressColumnVirtualisation={renderAll}
          suppressRowVirtualisation={renderAll}
          overlayNoRowsTemplate="No rows match"
        />
      </Box>
    </GridQueryContext>
  );
}

function apply(api: GridApi<EntityRow>, event: LiveListEvent): void {
  if (event.type === 'snapshot') {
    api.setGridOption('rowData', event.rows);
    return;
  }
  if (event.type !== 'changes') return;
  if (event.update.length === 0 && event.remove.length === 0) return;
  api.applyTransactionAsync({
    update: event.update,
    // Rows are found by getRowId, so an id is enough to remove one.
    remove: event.remove.map((id) => ({ id }) as EntityRow),
  });
}
