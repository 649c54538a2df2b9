import { createContext, useContext } from 'react';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import type { FilterableField } from '../../../domain/table-filter/filterable-field.ts';
import type {
  ColumnFilterInput,
  TableSort,
} from '../../../domain/table-filter/table-query.types.ts';
import type { ChecklistOption } from './value-checklist.tsx';

// What a grid's column headers read and change: the one sorted column and the column filters
// of the list query. Headers are rendered by ag-grid inside the grid's React tree, so they
// reach it through context instead of column definitions that would rebuild on every click.

export type GridQueryState = {
  /** Every field the grid can show (for column comparisons and labels). */
  fields: readonly EntityField[];
  /** The server's whitelist, for validating a filter before it is applied. */
  filterable: readonly FilterableField[];
  sort: TableSort | null;
  /** Header click: the next sort of nextSort (none → asc → desc → none). */
  onSort: (field: string) => void;
  filters: ReadonlyMap<string, ColumnFilterInput>;
  /** null clears the column's filter. */
  onFilter: (field: string, filter: ColumnFilterInput | null) => void;
  /** The checkbox list of a reference field: rows of the referenced entity. */
  loadOptions: (field: EntityField, search: string) => Promise<ChecklistOption[]>;
};

export const GridQueryContext = createContext<GridQueryState | null>(null);

export function useGridQuery(): GridQueryState {
  const state = useContext(GridQueryContext);
  if (!state) throw new Error('useGridQuery needs a <GridQueryContext> provider');
  return state;
}
