import { type ClientRequest, get } from 'node:http';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toQueryString } from '../../src/api/query-string.ts';
import { listFields } from '../../src/domain/entity/entity-declaration.ts';
import type { EntityField } from '../../src/domain/entity/entity-field.ts';
import { USERS } from '../../modules/general/shared/entities/users.entity.ts';
import type { TableQuery } from '../../src/domain/table-filter/table-query.types.ts';
import type { Db } from '../../server/db/client.ts';
import { resolveBinding, type ResolvedBinding } from '../../server/http/entity/entity-binding.ts';
import { csvChunks, csvHeader, exportColumns } from '../../server/http/entity/entity-export.ts';
import { countRows } from '../../server/http/entity/entity-queries.ts';
import { usersBinding } from '../../modules/general/server/routes/users.binding.ts';
import { copyCellSql } from '../../server/http/entity/export-copy-cells.ts';
import { copyCsvChunks, copyCsvPlan } from '../../server/http/entity/export-copy.ts';
import { exportRows, postgresPool } from '../../server/http/entity/export-rows.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { lacks } from '../support/services.ts';

// CSV exports on PostgreSQL are one COPY … TO STDOUT. The file must be
// byte for byte what the JS writer (csvChunks over the decoded rows) makes of the same rows,
// for every entity, its awkward values included; filters written into the COPY as literals
// must select the same rows and never run as SQL; a download given up must give its pooled
// connection back and end the COPY.

// PostgreSQL only; `backends()` is also how CI's PostgreSQL pass finds the suites it runs.
const ON_POSTGRES = backends().includes('postgres');

type Query = Pick<TableQuery, 'filter' | 'sort'>;
const NO_QUERY: Query = { filter: [], sort: null };

const textFilter = (field: string, value: string): Query['filter'] => [
  {
    field,
    field_type: 'text',
    filters: [{ logic_operator: 'and', operator: 'contains', value_type: 'value', value }],
  },
];

/** Every field an export may write (hidden ones too), in declaration order. */
function everyColumn(binding: ResolvedBinding): EntityField[] {
  const names = listFields(binding.entity)
    .filter((f) => f.kind !== 'json')
    .map((f) => f.name);
  return exportColumns(binding, names);
}

const text = (bytes: Buffer) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

/** Data rows of a CSV file: line ends outside quotes, less the header's. */
function rowCount(csv: string): number {
  let quoted = false;
  let ends = 0;
  for (let i = 0; i < csv.length; i += 1) {
    if (csv[i] === '"') quoted = !quoted;
    else if (!quoted && csv[i] === '\r' && csv[i + 1] === '\n') ends += 1;
  }
  return ends - 1;
}

describe.skipIf(lacks('DATABASE_URL') || !ON_POSTGRES)('CSV exports by COPY on PostgreSQL', () => {
  let t: TestServer;
  let db: Db;
  let pool: pg.Pool;
  let token: string;
  // Users have routes of their own (not in the registry) that export through the same writer.
  let usersList: ResolvedBinding;

  beforeAll(async () => {
    t = await startTestServer({ backend: 'postgres' });
    usersList = resolveBinding(usersBinding);
    db = t.server.database.db;
    const found = postgresPool(db);
    if (!found) throw new Error('the PostgreSQL server has no pg.Pool');
    pool = found;
    token = await tokenFor(t.url, 'admin');
    await insertAwkwardUsers(pool);
  }, 120_000);
  afterAll(async () => t.close());

  async function jsCsv(binding: ResolvedBinding, query: Query, columns: EntityField[]) {
    const names = columns.map((c) => c.name);
    let out = '';
    for await (const chunk of csvChunks(columns, exportRows(db, binding, query, names)))
      out += chunk;
    return Buffer.from(out);
  }

  async function copyCsv(binding: ResolvedBinding, query: Query, columns: EntityField[]) {
    const plan = await copyCsvPlan(pool, db, binding, query, columns);
    if (!plan) throw new Error(`${binding.entity.name}: no COPY plan for its columns`);
    const chunks: Buffer[] = [];
    for await (const chunk of copyCsvChunks(pool, plan, csvHeader(columns)))
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return Buffer.concat(chunks);
  }

  it('writes every entity byte for byte as the JS writer does', async () => {
    const bindings = [...t.server.app.entityBindings.values(), usersList];
    expect(bindings.length).toBeGreaterThan(30);
    let rows = 0;
    for (const binding of bindings) {
      const columns = everyColumn(binding);
      const expected = await jsCsv(binding, NO_QUERY, columns);
      const copied = await copyCsv(binding, NO_QUERY, columns);
      // Text first: a difference reads as a diff of lines, not of bytes.
      expect(text(copied), binding.entity.name).toBe(text(expected));
      expect(copied.equals(expected), binding.entity.name).toBe(true);
      rows += rowCount(text(expected));
    }
    // The demo data gives the comparison rows to compare.
    expect(rows).toBeGreaterThan(500);
  });

  it('writes awkward values alike: quotes, commas, line breaks, formulas, blanks, unicode', async () => {
    const binding = usersList;
    const columns = everyColumn(binding);
    const query: Query = {
      filter: textFilter('username', 'awkward'),
      sort: { field: 'username', direction: 'asc' },
    };
    const expected = await jsCsv(binding, query, columns);
    const copied = await copyCsv(binding, query, columns);
    expect(text(copied)).toBe(text(expected));
    expect(copied.equals(expected)).toBe(true);
    const body = text(copied);
    // The cases are really in the file: quoted line breaks, the formula guard, both booleans.
    expect(body).toContain('"line one\nline two\r\nline three"');
    expect(body).toContain(`'=SUM(A1:A2)`);
    expect(body).toContain(`'@cmd`);
    expect(body).toContain('"say ""hi"", then go"');
    expect(body).toContain('Ünïcødé 名前 🌿');
    expect(body).toContain('Active');
    expect(body).toContain('Inactive');
    expect(body).toContain('2024-02-29 23:59:59');
    expect(rowCount(body)).toBe(AWKWARD.length);
  });

  it('writes numbers as String(n) does, at every magnitude', async () => {
    const values = [
      0,
      -0,
      1,
      -2.5,
      0.1 + 0.2,
      123.456,
      1e-7,
      1.5e-7,
      1e-6,
      0.00001234,
      0.0001,
      1e14,
      1e15,
      123456789012345680000,
      1e21,
      1.5e300,
      -1.7976931348623157e308,
      5e-324,
      Infinity,
      -Infinity,
    ];
    const field: EntityField = { name: 'n', label: 'N', kind: 'number' };
    const cell = copyCellSql(field, 701, (v) => v, 'v.x');
    expect(cell).not.toBeNull();
    const result = await pool.query<{ cell: string }>(
      `select ${cell} as cell from unnest($1::float8[]) with ordinality as v(x, i) order by i`,
      [values.map((v) => (Number.isFinite(v) ? String(v) : v > 0 ? 'Infinity' : '-Infinity'))],
    );
    expect(result.rows.map((r) => r.cell)).toEqual(values.map((v) => String(v)));
  });

  it('honours the filter and sort, and the binding scope, as the list does', async () => {
    const binding = usersList;
    const columns = everyColumn(binding);
    const query: Query = {
      filter: textFilter('name', 'a'),
      sort: { field: 'name', direction: 'desc' },
    };
    const copied = text(await copyCsv(binding, query, columns));
    expect(copied).toBe(text(await jsCsv(binding, query, columns)));
    expect(rowCount(copied)).toBe(await countRows(db, binding, query));
    expect(rowCount(copied)).toBeGreaterThan(2);
    // Scoped bindings (a `where` with a bound value of its own) export only their scope.
    const scoped = [...t.server.app.entityBindings.values()].filter((b) => b.where);
    expect(scoped.length).toBeGreaterThan(0);
    for (const b of scoped) {
      const lines = rowCount(text(await copyCsv(b, NO_QUERY, everyColumn(b))));
      expect(lines, b.entity.name).toBe(await countRows(db, b, NO_QUERY));
    }
  });

  it('reads a filter value with quotes, backslashes and $1 as a value, never as SQL', async () => {
    const binding = usersList;
    const columns = everyColumn(binding);
    const hostile = `O'Hara \\ $1 $$`;
    const found = text(
      await copyCsv(binding, { filter: textFilter('name', hostile), sort: null }, columns),
    );
    expect(rowCount(found)).toBe(1);
    expect(found).toContain(`Mr O'Hara \\ $1 $$ tail`);
    for (const injection of [
      `x' or '1'='1`,
      `x\\' or 1=1 --`,
      `$1') or true --`,
      `'); drop table users; --`,
    ]) {
      const none = text(
        await copyCsv(binding, { filter: textFilter('name', injection), sort: null }, columns),
      );
      expect(none, injection).toBe(
        text(await jsCsv(binding, { filter: textFilter('name', injection), sort: null }, columns)),
      );
      expect(rowCount(none), injection).toBe(0);
    }
    const users = await pool.query<{ n: string }>('select count(*)::text as n from users');
    expect(Number(users.rows[0]?.n)).toBeGreaterThan(AWKWARD.length);
  });

  it('writes a one-column file with the JS writer (COPY would quote a lone \\.)', async () => {
    const binding = usersList;
    const columns = exportColumns(binding, ['name']);
    const query: Query = { filter: textFilter('username', 'awkward'), sort: null };
    expect(await copyCsvPlan(pool, db, binding, query, columns)).toBeNull();
    const response = await fetch(
      `${t.url}${USERS.api}/export?${toQueryString({ format: 'csv', ...query, sort: undefined, columns: ['name'] })}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const body = text(Buffer.from(await response.arrayBuffer()));
    expect(body).toBe(text(await jsCsv(binding, query, columns)));
    expect(body).toContain('\r\n\\.\r\n');
  });

  it('serves the COPY through the export route', async () => {
    const binding = usersList;
    const columns = exportColumns(binding, undefined);
    const query: Query = {
      filter: textFilter('username', 'awkward'),
      sort: { field: 'username', direction: 'asc' },
    };
    const response = await fetch(
      `${t.url}${USERS.api}/export?${toQueryString({ format: 'csv', ...query, sort: query.sort ?? undefined })}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(text(body)).toBe(text(await jsCsv(binding, query, columns)));
  });

  it('gives the connection back and ends the COPY when the browser hangs up', async () => {
    // Far more than the socket buffers hold, so the COPY is still writing when the reader stops.
    await pool.query(
      `insert into users (username, password_hash, name, company)
       select 'bulk_' || g, 'x', 'bulk ' || g || repeat(' x', 50), repeat('y', 120)
         from generate_series(1, 60000) g`,
    );
    const busyBefore = pool.totalCount - pool.idleCount;
    const request = await someBytesThenHold(`${t.url}${USERS.api}/export?format=csv`, token);
    // While it is held, the COPY is running on a connection of its own.
    expect(await copiesRunning(pool)).toBe(1);
    expect(pool.totalCount - pool.idleCount).toBe(busyBefore + 1);
    request.destroy();
    await until(
      async () =>
        (await copiesRunning(pool)) === 0 && pool.totalCount - pool.idleCount === busyBefore,
    );
    expect(await copiesRunning(pool)).toBe(0);
    expect(pool.totalCount - pool.idleCount).toBe(busyBefore);
    // The pool still answers: the connection it dropped is replaced on demand.
    const after = await call(t.url, 'GET', '/api/me', { token });
    expect(after.httpStatus).toBe(200);
  });
});

/** Users whose text holds what a CSV writer gets wrong; their usernames all hold "awkward". */
const AWKWARD: Array<{ name: string; email: string | null; company: string; active: boolean }> = [
  { name: 'line one\nline two\r\nline three', email: null, company: '', active: true },
  { name: '=SUM(A1:A2)', email: '+1 555 0100', company: '-minus', active: false },
  { name: '@cmd', email: '\ttabbed', company: '\rreturned', active: true },
  { name: 'say "hi", then go', email: 'a,b@example.com', company: '"', active: false },
  { name: 'Ünïcødé 名前 🌿', email: '', company: ' padded ', active: true },
  { name: `Mr O'Hara \\ $1 $$ tail`, email: null, company: 'back\\slash', active: false },
  { name: '', email: null, company: ',', active: true },
  { name: '\\.', email: '\\.', company: '\\', active: false },
];

async function insertAwkwardUsers(pool: pg.Pool) {
  for (const [i, u] of AWKWARD.entries()) {
    await pool.query(
      `insert into users (username, password_hash, name, email, company, active, is_demo, updated_at)
       values ($1, 'x', $2, $3, $4, $5, $6, '2024-02-29 23:59:59.987654+00')`,
      [`awkward_${i}`, u.name, u.email, u.company, u.active, i % 2 === 0],
    );
  }
  // Roles and modules (lists written joined with ', '): two for some, none for others.
  await pool.query(
    `insert into user_roles (user_id, role_id)
     select u.id, r.id from users u, roles r
      where u.username in ('awkward_0', 'awkward_3') and r.code in ('admin', 'batcher')`,
  );
}

async function copiesRunning(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ n: string }>(
    `select count(*)::text as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'copy (%'
        and state = 'active'`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts a download, reads a few KB, then stops reading; destroy() hangs up. */
function someBytesThenHold(url: string, token: string): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= 4096) {
          response.pause();
          response.removeAllListeners('data');
          resolve(request);
        }
      });
    });
    request.on('error', reject);
  });
}
