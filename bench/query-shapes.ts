import {
  type EntityDeclaration,
  filterableFields,
  listFields,
} from '../src/domain/entity/entity-declaration.ts';
import { isFilterable, isSortable } from '../src/domain/table-filter/filterable-field.ts';
import { gridFields, sortFieldOf } from '../src/views/common/grid/column-layout.ts';
import type {
  ColumnFilterInput as ColumnFilter,
  TableQueryInput,
} from '../src/domain/table-filter/table-query.types.ts';

// Every query shape a list's grid can send, derived from its entity declaration rather than
// picked by hand: each column the grid sorts, both ways (a reference column sorts by its
// label, as the grid's header asks, never by the hidden id), `contains` on each filterable text field,
// equals on each reference, a deep page and a 500-row page; then each of those again combined
// with the list's common filters (its first enum narrowed to half its values, and the last
// 90 days when the default order is a date). Filter values come from rows of the list itself
// (a sample page), so each filter matches something real.

export type Shape = { name: string; query: TableQueryInput };

/** What the shapes need from the data: a page of real rows and how many rows the list holds. */
export type ShapeSample = { rows: readonly Record<string, unknown>[]; total: number };

const PER_PAGE = 100;
const BIG_PAGE = 500;
/** The deep page of the figures: page 2,000 of 100, or the list's last page if sooner. */
const DEEP_PAGE = 2_000;
const RECENT_DAYS = 90;

/** At most `limit` shapes, spread evenly over the full list (a smoke run's handful). */
export function spread<T>(items: readonly T[], limit: number): T[] {
  if (items.length <= limit) return [...items];
  return Array.from({ length: limit }, (_, i) => items[Math.floor((i * items.length) / limit)]!);
}

export function shapesOf(entity: EntityDeclaration, sample: ShapeSample): Shape[] {
  const fields = filterableFields(entity);
  const kinds = new Map(listFields(entity).map((f) => [f.name, f.kind]));
  const plain: Shape[] = [{ name: 'default page 1', query: {} }];
  for (const field of gridSorts(entity))
    for (const direction of ['asc', 'desc'] as const)
      plain.push({
        name: `sort ${field} ${direction}`,
        query: { sort: { field, direction } },
      });
  for (const field of fields.filter((f) => isFilterable(f) && f.type === 'text')) {
    const value = containsValue(sample.rows, field.name);
    if (value !== undefined)
      plain.push({
        name: `${field.name} contains "${value}"`,
        query: { filter: [textFilter(field.name, value)] },
      });
  }
  for (const field of fields.filter((f) => isFilterable(f) && kinds.get(f.name) === 'ref')) {
    const value = sample.rows.map((r) => r[field.name]).find((v) => typeof v === 'number');
    if (typeof value === 'number')
      plain.push({
        name: `${field.name} = ${value}`,
        query: {
          filter: [
            { field: field.name, field_type: 'number', filters: [{ operator: 'equals', value }] },
          ],
        },
      });
  }
  const lastPage = Math.max(1, Math.floor(sample.total / PER_PAGE));
  plain.push({
    name: `page ${Math.min(DEEP_PAGE, lastPage)}`,
    query: { page: Math.min(DEEP_PAGE, lastPage) },
  });
  plain.push({ name: `${BIG_PAGE}-row page`, query: { per_page: BIG_PAGE } });
  const quantities = fields.filter((f) => {
    const kind = kinds.get(f.name);
    return isSortable(f) && (kind === 'number' || kind === 'money') && f.name !== 'version';
  });
  for (const field of quantities)
    plain.push({
      name: `${BIG_PAGE}-row page by ${field.name} desc`,
      query: { per_page: BIG_PAGE, sort: { field: field.name, direction: 'desc' } },
    });
  const common = commonFilters(entity, sample);
  const withPage = (s: Shape): Shape => ({
    name: s.name,
    query: { page: 1, per_page: PER_PAGE, ...s.query },
  });
  if (common.length === 0) return plain.map(withPage);
  const combined = plain.map((s) => ({
    name: `${s.name} + common`,
    query: { ...s.query, filter: [...common, ...(s.query.filter ?? [])] },
  }));
  return [...plain, ...combined].map(withPage);
}

/** The fields the grid's column headers sort by (grid-header.tsx), each once. */
function gridSorts(entity: EntityDeclaration): string[] {
  const sortable = new Set(filterableFields(entity).filter(isSortable).map((f) => f.name));
  const targets = gridFields(entity)
    .filter((f) => f.sortable !== false)
    .map(sortFieldOf)
    .filter((name) => sortable.has(name));
  return [...new Set(targets)];
}

function textFilter(field: string, value: string): ColumnFilter {
  return { field, field_type: 'text', filters: [{ operator: 'contains', value }] };
}

/**
 * Part of a value the list really holds, from the middle of the most common one among the
 * sample's (a SKU's family prefix, a word of a name): 4 characters, fewer for short values.
 */
function containsValue(
  rows: readonly Record<string, unknown>[],
  field: string,
): string | undefined {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const v = row[field];
    if (typeof v === 'string' && v.trim().length > 0) counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (!best) return undefined;
  const text = best[0].trim();
  const length = Math.min(4, text.length);
  return text.slice(0, length);
}

/** The list's common filters: its first enum to half its values, recent rows by its date order. */
export function commonFilters(entity: EntityDeclaration, sample: ShapeSample): ColumnFilter[] {
  const fields = filterableFields(entity).filter(isFilterable);
  const filters: ColumnFilter[] = [];
  const enumField = fields.find((f) => f.type === 'enum' && (f.enumValues?.length ?? 0) > 1);
  if (enumField?.enumValues) {
    const seen = new Set(sample.rows.map((r) => r[enumField.name]));
    const values = enumField.enumValues.filter((v) => seen.has(v));
    const half = (values.length > 1 ? values : enumField.enumValues).slice(
      0,
      Math.max(1, Math.ceil(values.length / 2)),
    );
    filters.push({
      field: enumField.name,
      field_type: 'enum',
      filters: [{ operator: 'in', value: [...half] }],
    });
  }
  const order = entity.defaultSort;
  const dated = order && fields.find((f) => f.name === order.field);
  if (dated && (dated.type === 'date' || dated.type === 'datetime')) {
    const newest = sample.rows
      .map((r) => r[dated.name])
      .filter((v): v is string => typeof v === 'string')
      .sort()
      .at(-1);
    if (newest) {
      const from = new Date(new Date(newest).getTime() - RECENT_DAYS * 86_400_000);
      filters.push({
        field: dated.name,
        field_type: dated.type,
        filters: [
          {
            operator: 'greater_or_equal',
            value: dated.type === 'date' ? from.toISOString().slice(0, 10) : from.toISOString(),
          },
        ],
      });
    }
  }
  return filters;
}
