import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Db } from '../../server/db/client.ts';
import type { FilterColumns } from '../../server/db/table-filter/compile-filter.ts';
import type { FilterableField } from '../../src/domain/table-filter/filterable-field.ts';

// A throwaway table with a column of every filterable type, for the table filter suites. Its
// name is unique per run so suites sharing one PostgreSQL database never meet.

export function probeTable() {
  const name = `table_filter_probe_${randomBytes(4).toString('hex')}`;
  const table = pgTable(name, {
    id: integer('id').primaryKey(),
    name: text('name'),
    code: varchar('code', { length: 20 }),
    qty: integer('qty'),
    price: numeric('price', { precision: 10, scale: 2 }),
    madeOn: date('made_on', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }),
    active: boolean('active'),
    status: text('status'),
    kind: smallint('kind'),
  });

  const fields: readonly FilterableField[] = [
    { name: 'id', type: 'number' },
    { name: 'name', type: 'text' },
    { name: 'code', type: 'text' },
    { name: 'qty', type: 'number' },
    { name: 'price', type: 'number' },
    { name: 'made_on', type: 'date' },
    { name: 'updated_at', type: 'datetime' },
    { name: 'active', type: 'boolean' },
    { name: 'status', type: 'enum', enumValues: ['open', 'done', 'hold'] },
    { name: 'kind', type: 'enum', enumValues: [1, 2] },
  ];

  const columns: FilterColumns = {
    id: table.id,
    name: table.name,
    code: table.code,
    qty: table.qty,
    price: table.price,
    made_on: table.madeOn,
    updated_at: table.updatedAt,
    active: table.active,
    status: table.status,
    kind: table.kind,
  };

  async function create(db: Db): Promise<void> {
    await db.execute(
      sql.raw(`create table ${name} (
        id integer primary key, name text, code varchar(20), qty integer, price numeric(10, 2),
        made_on date, updated_at timestamp with time zone, active boolean, status text,
        kind smallint)`),
    );
  }

  async function drop(db: Db): Promise<void> {
    await db.execute(sql.raw(`drop table if exists ${name}`));
  }

  return { name, table, fields, columns, create, drop };
}
