import { pipeline } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { EntityField } from '../../../src/domain/entity/entity-field.ts';
import type { TableQuery } from '../../../src/domain/table-filter/table-query.types.ts';
import type { Selection } from '../../db/array-rows.ts';
import type { Db } from '../../db/client.ts';
import { copyCsvLineEnds } from '../../db/copy-csv-line-ends.ts';
import { inlineParams } from '../../db/inline-params.ts';
import type { ResolvedBinding } from './entity-binding.ts';
import { copyCellSql } from './export-copy-cells.ts';
import { statement } from './export-rows.ts';
import { exportConnection, releaseExportConnection } from './export-slots.ts';

// A CSV export on PostgreSQL is one `COPY (…) TO STDOUT WITH (FORMAT csv)`: the database
// formats and quotes every cell, and the bytes go to the browser as they come, instead of
// every cell being decoded and written in JavaScript (3× the time of the COPY, and the
// memory of the rows in flight). The inner select is the list's own (filter, scope, sort);
// the outer one writes each of its columns as the JS writer would (export-copy-cells.ts).

export type CopyCsvPlan = {
  /** The list's select of the exported columns, with placeholders. */
  select: { sql: string; params: unknown[] };
  /** Per exported column, the SQL that writes it from `r.<column>`. */
  cells: string[];
};

// A column's type does not change with the query: each binding's are read once (a `limit 0`
// run of the select) and kept.
const typesOf = new WeakMap<ResolvedBinding, Map<string, number>>();

async function columnTypes(
  pool: pg.Pool,
  db: Db,
  binding: ResolvedBinding,
  selection: Selection,
): Promise<Map<string, number>> {
  const known = typesOf.get(binding) ?? new Map<string, number>();
  typesOf.set(binding, known);
  const missing = Object.keys(selection).filter((name) => !known.has(name));
  if (missing.length === 0) return known;
  const table: PgTable = binding.table;
  const probe = db
    .select(Object.fromEntries(missing.map((name) => [name, selection[name]])) as Selection)
    .from(table)
    .limit(0)
    .toSQL();
  const result = await pool.query({ text: probe.sql, values: probe.params, rowMode: 'array' });
  result.fields.forEach((f, i) => known.set(missing[i] as string, f.dataTypeID));
  return known;
}

const alias = (i: number) => `__export_${i}`;

/** The COPY for these columns, or null when a column's cells cannot be written in SQL alike. */
export async function copyCsvPlan(
  pool: pg.Pool,
  db: Db,
  binding: ResolvedBinding,
  query: Pick<TableQuery, 'filter' | 'sort'>,
  columns: readonly EntityField[],
): Promise<CopyCsvPlan | null> {
  // COPY quotes a lone `\.` in a one-column file (the old end-of-data mark), which the JS
  // writer does not: such files keep the JS path.
  if (columns.length < 2) return null;
  const selection: Selection = {};
  for (const c of columns) {
    const field = binding.selection[c.name];
    if (!field) return null;
    selection[c.name] = field;
  }
  const types = await columnTypes(pool, db, binding, selection);
  const decode = new Map(binding.rowDecoder);
  const cells: string[] = [];
  const aliased: Record<string, SQL.Aliased> = {};
  for (const [i, c] of columns.entries()) {
    const oid = types.get(c.name);
    const decoder = decode.get(c.name);
    if (oid === undefined || !decoder) return null;
    const cell = copyCellSql(c, oid, decoder, `r.${alias(i)}`);
    if (cell === null) return null;
    cells.push(cell);
    // Output names of our own: a bare name in ORDER BY would otherwise bind to an output
    // column of the same name instead of the table's column.
    aliased[alias(i)] = sql`${selection[c.name]}`.as(alias(i));
  }
  return { select: statement(db, binding, query, aliased).toSQL(), cells };
}

/** The COPY statement, with the select's parameters written in as literals. */
function copyCsvStatement(plan: CopyCsvPlan, escapeLiteral: (v: string) => string) {
  const select = inlineParams(escapeLiteral, plan.select.sql, plan.select.params);
  // A subquery with ORDER BY is not merged into the outer select, so its rows keep their order.
  return `copy (select ${plan.cells.join(', ')} from (${select}) as r) to stdout with (format csv)`;
}

/**
 * The CSV file: our header line, then the COPY's rows with CRLF line ends. The COPY runs on a
 * pooled connection of its own (one of the export slots) and reads only as fast as the reply
 * takes it. Stopped early (the browser went away, the download stalled) or failed, the
 * connection is released with an error, so the pool drops it and the server ends the COPY.
 */
export async function* copyCsvChunks(
  pool: pg.Pool,
  plan: CopyCsvPlan,
  header: string,
): AsyncGenerator<string | Buffer> {
  yield header;
  const client = await exportConnection(pool);
  let ended = false;
  let broken: Error | undefined;
  try {
    const copy = client.query(copyTo(copyCsvStatement(plan, (v) => client.escapeLiteral(v))));
    // pipeline passes a failed COPY on to the line ends (and so to this loop) and destroys
    // the COPY when the line ends are destroyed.
    const rows = pipeline(copy, copyCsvLineEnds(), () => undefined);
    for await (const chunk of rows) yield chunk as Buffer;
    ended = true;
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    if (!ended) broken ??= new Error('the CSV export ended before its COPY did');
    releaseExportConnection(client, broken);
  }
}
