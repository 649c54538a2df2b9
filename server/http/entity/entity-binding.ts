import { getTableColumns, getTableName, is, noopDecoder, sql, SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  listFields,
  type EntityDeclaration,
} from '../../../src/domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../src/domain/entity/entity-field.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import { rowDecoder, type RowDecoder } from '../../db/array-rows.ts';
import type { Db, Tx } from '../../db/client.ts';
import { columnName } from '../../db/column-name.ts';
import type { FilterColumns } from '../../db/table-filter/compile-filter.ts';
import type { TableQuery, TableSort } from '../../../src/domain/table-filter/table-query.types.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// How a declared entity maps onto its table. Most fields are columns of the same name
// (snake_case on the wire, camelCase in Drizzle); the rest (a referenced row's label, a
// derived figure) are SQL expressions the binding names in `computed`.

export type EntityTable = PgTable & {
  id: AnyPgColumn;
  version: AnyPgColumn;
  seq: AnyPgColumn;
  updatedBy: AnyPgColumn;
};

export type WriteContext = {
  tx: Tx;
  actor: SessionUser;
  /** Wire-named values about to be written (validated by the declaration's schema). */
  values: Record<string, unknown>;
  /** The row as it was, on update; null on create. */
  before: EntityRow | null;
};

export type EntityHooks = {
  /** Business checks and derived values before a write; throw ruleError to refuse. */
  beforeWrite?: (ctx: WriteContext) => Promise<Record<string, unknown> | void>;
  /**
   * Writes that belong with the row (its lines, logs), in the same transaction. `values` holds
   * everything the client sent, including the binding's `extraBody` fields.
   */
  afterWrite?: (ctx: {
    tx: Tx;
    actor: SessionUser;
    values: Record<string, unknown>;
    before: EntityRow | null;
    after: EntityRow;
  }) => Promise<void>;
  /** A refusal of its own before a delete (documents past draft → database_delete_7). */
  beforeDelete?: (ctx: { tx: Tx; actor: SessionUser; before: EntityRow }) => Promise<void>;
};

export type EntityBinding = {
  entity: EntityDeclaration;
  table: EntityTable;
  /**
   * Wire name → SQL for fields that are not columns of the table, or another column of it
   * (read-only, sorted and filtered as that column: a text column by its lower-cased value).
   */
  computed?: Readonly<Record<string, SQL | AnyPgColumn>>;
  /** A condition every read of this binding applies (a scope such as one type of row). */
  where?: SQL;
  /**
   * Fields that order rows as another field does, read through that field's indexes: a
   * report's In and Out (the two signs of the quantity) sort as the quantity, Out reversed.
   * Rows equal on the field (every Out of an In column) then follow the other field's order.
   */
  sortAs?: Readonly<Record<string, { field: string; reverse?: true }>>;
  /** Narrows picker options to one family of rows (`parameters` by parameter type code). */
  optionsOfType?: (code: string) => SQL;
  /**
   * What a picker shows beside an option's label (a product's name and stock, a reel's
   * jurisdiction and stamps left), and more text a typed search matches (a product's name).
   */
  optionDetail?: SQL;
  optionSearch?: readonly SQL[];
  hooks?: EntityHooks;
  /**
   * Payload fields beyond the declared columns (a document's `lines`), validated with the
   * rest and handed to the hooks; the hooks write them.
   */
  extraBody?: z.ZodRawShape;
  /** What GET /:id adds to the row (its lines, addresses). */
  readExtra?: (db: Db | Tx, row: EntityRow) => Promise<Record<string, unknown>>;
  /** The entity's own routes create, edit and delete it (documents: numbering, lines, drafts). */
  ownWrites?: true;
  /**
   * Only these roles of the write area (and admin) create, edit and delete rows, refused
   * before the body or the row is read (route-callers.ts).
   */
  writers?: readonly string[];
};

/** The order a list reads in: the one asked for, else the entity's default, as `sortAs` maps it. */
export function listSort(
  binding: EntityBinding,
  query: Pick<TableQuery, 'sort'>,
): TableSort | null {
  const sort = query.sort ?? binding.entity.defaultSort ?? null;
  const stand = sort ? binding.sortAs?.[sort.field] : undefined;
  if (!sort || !stand) return sort;
  const reversed = sort.direction === 'asc' ? 'desc' : 'asc';
  return { field: stand.field, direction: stand.reverse ? reversed : sort.direction };
}

export function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * The label of the row a foreign key points at, as a correlated subquery. The referenced table
 * is aliased, so a self-reference (a location's parent) still reads the outer row's key.
 */
export function refLabel(
  fk: AnyPgColumn,
  refTable: PgTable,
  labelColumn = 'name',
): SQL<string | null> {
  return sql<
    string | null
  >`(select r.${sql.identifier(labelColumn)} from ${sql.identifier(getTableName(refTable))} r where r.id = ${qualified(fk)})`;
}

/**
 * A column named with its table. Drizzle leaves columns of a single-table select bare, and a
 * bare name inside a subquery would bind to the subquery's own table.
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(columnName(column))}`;
}

export type ResolvedBinding = EntityBinding & {
  /** Wire name → raw column or expression, for filtering and sorting (exact values). */
  filterColumns: FilterColumns;
  /** Wire name → what a row carries (numerics as numbers). */
  selection: Record<string, AnyPgColumn | SQL>;
  /** Wire name → Drizzle key of the table's writable columns. */
  columnKeys: Record<string, string>;
  /** The selection's decoders, looked up once (array-rows.ts). */
  rowDecoder: RowDecoder;
};

function isNumericColumn(column: AnyPgColumn | SQL): column is AnyPgColumn {
  return 'columnType' in column && column.columnType === 'PgNumeric';
}

function selected(field: EntityField, column: AnyPgColumn | SQL): AnyPgColumn | SQL {
  if (field.kind === 'date' && 'columnType' in column)
    return sql<string>`to_char(${column}, 'YYYY-MM-DD')`;
  // numeric arrives as text from both drivers; rows carry numbers (exact to 15 digits, and
  // every declared precision fits), filters keep comparing exact decimals.
  if (isNumericColumn(column)) return sql<number>`${column}::float8`.mapWith(Number);
  // A computed id or amount: node-postgres hands bigint over as text where PGlite gives a
  // number, so an expression without its own decoder says it is a number here, on both.
  if (is(column, SQL) && decoderOf(column) === noopDecoder && NUMBER_KINDS.has(field.kind))
    return column.mapWith(Number);
  return column;
}

/** Drizzle keeps an expression's `mapWith` decoder on the SQL object without declaring it. */
const decoderOf = (expression: SQL) => (expression as unknown as { decoder?: unknown }).decoder;

/** Field kinds that travel as numbers. */
const NUMBER_KINDS: ReadonlySet<EntityField['kind']> = new Set(['number', 'money', 'ref']);

/** Checks a binding against its table once, at registration, so a typo fails the start. */
export function resolveBinding(binding: EntityBinding): ResolvedBinding {
  const columns = getTableColumns(binding.table) as Record<string, AnyPgColumn>;
  const updatedByName = sql<
    string | null
  >`(select u.name from users u where u.id = ${qualified(binding.table.updatedBy)})`;
  const filterColumns: Record<string, AnyPgColumn | SQL> = {};
  const selection: Record<string, AnyPgColumn | SQL> = {
    seq: sql<number>`${binding.table.seq}`.mapWith(Number),
  };
  const columnKeys: Record<string, string> = {};
  for (const field of listFields(binding.entity)) {
    // The last editor's name: a copy the row keeps (the orders' updated_by_name), else looked up.
    const computed =
      binding.computed?.[field.name] ??
      (field.name === 'updated_by_name' ? (columns.updatedByName ?? updatedByName) : undefined);
    const column = computed ?? columns[camelCase(field.name)];
    if (!column) {
      throw new Error(
        `${binding.entity.name}.${field.name}: no column "${camelCase(field.name)}" and nothing computed`,
      );
    }
    // A list of codes is filtered and sorted as its text (filterTypeOf: `multi` is text).
    filterColumns[field.name] =
      field.kind === 'multi' ? sql<string>`array_to_string(${column}, ',')` : column;
    selection[field.name] = selected(field, column);
    if (!computed && !field.readOnly && !field.listOnly)
      columnKeys[field.name] = camelCase(field.name);
  }
  return { ...binding, filterColumns, selection, columnKeys, rowDecoder: rowDecoder(selection) };
}

/** Wire-named values as the table's insert/update values (numerics as exact text). */
export function toColumnValues(
  binding: ResolvedBinding,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const columns = getTableColumns(binding.table) as Record<string, AnyPgColumn>;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const key = binding.columnKeys[name];
    if (!key) continue;
    const column = columns[key];
    out[key] =
      column && isNumericColumn(column) && typeof value === 'number' ? String(value) : value;
  }
  return out;
}
