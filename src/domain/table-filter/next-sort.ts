import type { TableSort } from './table-query.types.ts';

/**
 * The sort after a click on a column header (docs/product.md §4): none → asc → desc → none. A click
 * on another column starts that column at asc, since only one column is sorted at a time.
 */
export function nextSort(current: TableSort | null, field: string): TableSort | null {
  if (current?.field !== field) return { field, direction: 'asc' };
  return current.direction === 'asc' ? { field, direction: 'desc' } : null;
}
