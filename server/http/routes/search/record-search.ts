import { and, asc, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  searchHitPath,
  type EntityDeclaration,
  type EntitySearchable,
} from '../../../../src/domain/entity/entity-declaration.ts';
import { MATCH_RANKS, type RecordHit } from '../../../../src/domain/record-search.ts';
import type { Db } from '../../../db/client.ts';
import type { ResolvedBinding } from '../../entity/entity-binding.ts';

// One entity's part of the Ctrl+K record search: rows whose searchable fields hold the typed
// text, the ones that equal it first, then the ones that start with it.

export type SearchHit = RecordHit;

/** `%`, `_` and `\` as plain characters of a LIKE pattern. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The columns of `fields` as text; a field the binding does not know fails at once. */
function columnsOf(binding: ResolvedBinding, fields: readonly string[]): SQL[] {
  return fields.map((name) => {
    const column = binding.filterColumns[name];
    if (!column) throw new Error(`${binding.entity.name}.${name}: searchable field is not a field`);
    return sql`(${column})::text`;
  });
}

/** At most `limit` rows of the binding matching `text`, best match first. */
export async function searchEntity(
  db: Db,
  binding: ResolvedBinding & { entity: EntityDeclaration & { searchable: EntitySearchable } },
  text: string,
  limit: number,
): Promise<SearchHit[]> {
  const { entity } = binding;
  const fields = entity.searchable.fields;
  const columns = columnsOf(binding, fields);
  const lowered = text.toLowerCase();
  const contains = `%${likeEscaped(text)}%`;
  const startsWith = `${likeEscaped(text)}%`;
  const anyOf = (test: (column: SQL) => SQL) => or(...columns.map(test)) ?? sql`false`;
  const rank = sql<number>`case
      when ${anyOf((c) => sql`lower(${c}) = ${lowered}`)} then 0
      when ${anyOf((c) => sql`${c} ilike ${startsWith}`)} then 1
      else 2 end`.mapWith(Number);
  const [first] = columns;
  const table: PgTable = binding.table;
  const rows = await db
    .select({
      id: sql<number>`${binding.table.id}`.mapWith(Number),
      rank,
      ...Object.fromEntries(fields.map((name) => [name, binding.selection[name] ?? sql`null`])),
    })
    .from(table)
    .where(
      and(
        binding.where,
        anyOf((c) => sql`${c} ilike ${contains}`),
      ),
    )
    .orderBy(asc(rank), asc(first ?? binding.table.id), asc(binding.table.id))
    .limit(limit);

  return rows.map((row) => {
    const values = fields.map((name) => textOf((row as Record<string, unknown>)[name]));
    const [label = '', ...rest] = values;
    return {
      entity: entity.name,
      title: entity.label,
      id: row.id,
      label,
      detail: [...new Set(rest.filter((v) => v !== '' && v !== label))].join(' · '),
      path: searchHitPath(entity.searchable, row),
      match: MATCH_RANKS[row.rank] ?? 'partial',
    };
  });
}
