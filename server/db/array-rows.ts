import { createHash } from 'node:crypto';
import { Column, is, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

// A select's rows as arrays, each cell mapped by its column's (or expression's) own decoder,
// looked up once per selection. Drizzle's select looks every cell's decoder up again
// (`is(field, Column)` walks the class chain, per cell): for a list page of 100 rows and 40
// columns that was about a fifth of the request. Values come out exactly as Drizzle's select would
// give them: the same driver settings, the same decoders.

/** Named columns or expressions, as a Drizzle select takes them. */
export type Selection = Record<string, AnyPgColumn | SQL>;

export type Decode = (value: unknown) => unknown;

/** Each selected name with its decoder, in select order. */
export type RowDecoder = ReadonlyArray<readonly [string, Decode]>;

export function rowDecoder(selection: Selection): RowDecoder {
  return Object.entries(selection).map(([name, field]): [string, Decode] => {
    if (is(field, Column)) return [name, (value) => field.mapFromDriverValue(value)];
    // Drizzle keeps an expression's `mapWith` decoder on the SQL object without declaring it.
    const decoder = (field as unknown as { decoder?: { mapFromDriverValue: Decode } }).decoder;
    if (!decoder) throw new Error(`${name}: no decoder on the selected expression`);
    return [name, (value) => decoder.mapFromDriverValue(value)];
  });
}

/**
 * The first `decoder.length` cells of a driver row as a named row; `then` maps each decoded
 * value on the way (a list page's wire form), so the row is built once.
 */
export function decodeRow(
  decoder: RowDecoder,
  values: readonly unknown[],
  then?: (value: unknown) => unknown,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < decoder.length; i += 1) {
    const [name, decode] = decoder[i] as readonly [string, Decode];
    const value = values[i];
    const decoded = value === null || value === undefined ? null : decode(value);
    row[name] = then ? then(decoded) : decoded;
  }
  return row;
}

/**
 * Runs a built statement through the database's own session (PGlite or the pool, or the
 * transaction's connection) in array mode, with Drizzle's driver settings, and hands the raw
 * rows to `map`. A `name` makes it a prepared statement on PostgreSQL (each connection parses
 * and plans it once, then reuses the plan); PGlite ignores it.
 */
export async function selectArrays<T>(
  db: Db | Tx,
  query: { sql: string; params: unknown[] },
  map: (rows: unknown[][]) => T,
  name?: string,
): Promise<T> {
  const prepared = db._.session.prepareQuery<{
    execute: T;
    all: unknown;
    values: unknown;
  }>(query, undefined, name, true, (rows) => map(rows));
  return prepared.execute();
}

/**
 * A prepared statement's name from its text: the same text always gets the same name, and
 * another text another (PostgreSQL keeps 63 bytes of a name; this is 32).
 */
export function statementName(text: string): string {
  return `s_${createHash('sha256').update(text).digest('base64url').slice(0, 30)}`;
}
