import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { requiredWhenHolds, type EntityField } from '../../../src/domain/entity/entity-field.ts';
import type { Db, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { validationError } from '../../errors/api-error.ts';

// The checks a declaration's references and conditional rules imply, derived for every write:
// a `ref` must name a row of the entity it points at (and, for `parameters` and `products`,
// of the family the field names), else `exists`; a field whose `requiredWhen` holds must have a value, else
// `requiredif`. Foreign keys catch a missing row too, but not a stamp type sent where a
// jurisdiction belongs, nor a column that has no foreign key yet (a product's recipe).

const tables = new Map<string, PgTable>();

/** Makes an entity's table known to the reference checks (done as its routes register). */
export function registerRefTarget(entity: string, table: PgTable): void {
  if (!tables.has(entity)) tables.set(entity, table);
}

const present = (value: unknown) => value !== null && value !== undefined && value !== '';

async function refExists(tx: Db | Tx, field: EntityField, value: unknown): Promise<boolean> {
  const ref = field.ref;
  if (!ref) return true;
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  if (ref.parameterType) {
    const rows = await queryRows<{ id: number }>(
      tx,
      ref.entity === 'products'
        ? // A product picker may name several types (the sellable goods), comma-separated.
          sql`select id from products
               where id = ${id} and type = any(string_to_array(${ref.parameterType}, ','))`
        : ref.entity === 'training_documents'
          ? // A training document picker names the status it offers (the revision in force).
            sql`select id from training_documents where id = ${id} and status = ${ref.parameterType}`
          : ref.entity === 'users'
            ? // A people picker names the role its people hold (a sample's flavorist).
              sql`select ur.user_id as id from user_roles ur join roles r on r.id = ur.role_id
                   where ur.user_id = ${id} and r.code = ${ref.parameterType}`
            : sql`select p.id from parameters p join parameter_types t on t.id = p.parameter_type_id
               where p.id = ${id} and t.code = ${ref.parameterType}`,
    );
    return rows.length > 0;
  }
  const table = tables.get(ref.entity);
  if (!table) return true; // not served by this server (yet): the foreign key decides
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from ${sql.identifier(getTableName(table))} where id = ${id}`,
  );
  return rows.length > 0;
}

/**
 * Field (with `prefix`) → `exists` or `requiredif` for the values about to be written.
 * `values` holds what is sent; `record` the record as it will be saved (for `requiredWhen`).
 */
export async function refErrors(
  tx: Db | Tx,
  fields: readonly EntityField[],
  values: Readonly<Record<string, unknown>>,
  options: { prefix?: string; record?: Readonly<Record<string, unknown>> } = {},
): Promise<Record<string, string>> {
  const prefix = options.prefix ?? '';
  const record = options.record ?? values;
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (field.requiredWhen && requiredWhenHolds(field.requiredWhen, record)) {
      if (!present(record[field.name])) errors[`${prefix}${field.name}`] = 'requiredif';
    }
    if (field.kind !== 'ref' || !(field.name in values) || !present(values[field.name])) continue;
    if (!(await refExists(tx, field, values[field.name]))) {
      errors[`${prefix}${field.name}`] = 'exists';
    }
  }
  return errors;
}

/** Refuses the write (422) when any reference or conditional rule fails. */
export async function assertRefs(
  tx: Db | Tx,
  fields: readonly EntityField[],
  values: Readonly<Record<string, unknown>>,
  options: { prefix?: string; record?: Readonly<Record<string, unknown>> } = {},
): Promise<void> {
  const errors = await refErrors(tx, fields, values, options);
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** The same checks over a document's lines, as `lines.3.reason_id`. */
export async function assertLineRefs(
  tx: Db | Tx,
  fields: readonly EntityField[],
  lines: readonly Readonly<Record<string, unknown>>[],
  name = 'lines',
): Promise<void> {
  const errors: Record<string, string> = {};
  for (const [index, line] of lines.entries()) {
    Object.assign(errors, await refErrors(tx, fields, line, { prefix: `${name}.${index}.` }));
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}
