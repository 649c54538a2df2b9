import './ag-grid-setup.ts';
import { Box } from '@mantine/core';
import type {
  CellKeyDownEvent,
  ColumnMovedEvent,
  ColumnResizedEvent,
  GridApi,
  GridReadyEvent,
  SelectionChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { Observable } from 'rxjs';
import type { LiveListEvent } from '../../../streams/live-list.store.ts';
import { GRID_THEMES } from './ag-grid-setup.ts';
import type { ColumnLayout } from './column-layout.ts';
import { gridColumns } from './grid-columns.tsx';
import { GridQueryContext, type GridQueryState } from './grid-query.context.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

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
  /** Checkbox rows (Space toggles the focused one): the list acts on the rows selected. */
  selection?: GridSelection;
}

export type GridSelection = {
  onChange: (rows: EntityRow[]) => void;
  /** Filled with the grid's "select none", for the list to call once it has acted. */
  clearRef: RefObject<(() => void) | null>;
};

const MULTI_ROW = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: true,
  // A click opens or focuses a row as before; the checkbox (or Space) selects it.
  enableClickSelection: false,
} as const;

export function EntityGrid({
  query,
  layout,
  onLayout,
  events$,
  onOpen,
  height = 'calc(100vh - 230px)',
  renderAll = false,
  selection,
}: EntityGridProps) {
  const api = useRef<GridApi<EntityRow> | null>(null);
  // Events that came before the grid was ready, played once it is.
  const pending = useRef<LiveListEvent[]>([]);
  const columnDefs = useMemo(() => gridColumns(query.fields, layout), [query.fields, layout]);
  const latest = useRef({ layout, onLayout, onOpen, selection });
  latest.current = { layout, onLayout, onOpen, selection };

  useEffect(() => {
    const subscription = events$.subscribe((event) => {
      if (api.current) apply(api.current, event);
      else pending.current.push(event);
    });
    return () => subscription.unsubscribe();
  }, [events$]);

  const onGridReady = (event: GridReadyEvent<EntityRow>) => {
    api.current = event.api;
    if (selection) selection.clearRef.current = () => event.api.deselectAll();
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
          {...(selection && {
            rowSelection: MULTI_ROW,
            onSelectionChanged: (event: SelectionChangedEvent<EntityRow>) =>
              latest.current.selection?.onChange(event.api.getSelectedRows()),
          })}
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
