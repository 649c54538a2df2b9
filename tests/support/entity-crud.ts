import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDeclaration } from '../../src/domain/entity/entity-declaration.ts';
import { toQueryString, type QueryParams } from '../../src/api/query-string.ts';
import { call, tokenFor, type Reply } from './api-client.ts';
import { backends, startTestServer, type Backend, type TestServer } from './test-server.ts';

// The behaviour every entity on the generic routes owes its users, run
// through HTTP against a real server: create, read, filter, sort, update with version, stale
// version refused, delete of a referenced row refused, a role outside the area refused.

export type Row = Record<string, unknown> & { id: number; version: number };
export type List = { rows: Row[]; total: number; seq: number };

export type EntityApiClient = {
  url: string;
  token: string;
  get<T = unknown>(path: string, params?: QueryParams): Promise<Reply<T>>;
  send<T = unknown>(method: string, path: string, body?: unknown): Promise<Reply<T>>;
  /** Creates a row of `entity` and returns it, failing loudly when refused. */
  create(entity: EntityDeclaration, body: Record<string, unknown>): Promise<Row>;
};

export function entityClient(url: string, token: string): EntityApiClient {
  const client: EntityApiClient = {
    url,
    token,
    get: (path, params) =>
      call(url, 'GET', params ? `${path}?${toQueryString(params)}` : path, { token }),
    send: (method, path, body) => call(url, method, path, { token, body }),
    create: async (entity, body) => {
      const reply = await client.send<Row>('POST', entity.api, body);
      if (reply.httpStatus !== 201) {
        throw new Error(
          `create ${entity.name}: ${reply.httpStatus} ${reply.message} ${JSON.stringify(reply.data)}`,
        );
      }
      return reply.data;
    },
  };
  return client;
}

export type EntityCase = {
  entity: EntityDeclaration;
  /** A valid create payload; `n` makes unique fields unique. */
  valid(
    n: number,
    api: EntityApiClient,
  ): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** A change an update applies. */
  change: Record<string, unknown>;
  /** A payload the server must refuse, and the codes it must name (a subset). */
  invalid: { body: Record<string, unknown>; codes: Record<string, string> };
  /** A user whose roles are outside the entity's area. */
  outsider: string;
  /** A user inside the area (defaults to admin). */
  insider?: string;
  /** Makes a row of this entity that another row references; returns its id. */
  referenced?(api: EntityApiClient): Promise<number>;
};

// The entities of one test file share a server per backend: starting one (a database,
// migrations, demo data) costs seconds, and each entity's checks touch only its own rows.
const servers = new Map<Backend, Promise<TestServer>>();
let closing = false;

function sharedServer(backend: Backend): Promise<TestServer> {
  let server = servers.get(backend);
  if (!server) {
    server = startTestServer({ backend });
    servers.set(backend, server);
  }
  return server;
}

/**
 * Closes the file's servers after its last entity; registered at the file's top level, once a
 * file. Files of a worker share this module (isolate: false), so the flag is cleared once the
 * file's servers are closed, for the next file to register its own.
 */
function closeServersAfterFile(): void {
  if (closing) return;
  closing = true;
  afterAll(async () => {
    const started = [...servers.values()];
    servers.clear();
    for (const server of started) await (await server).close();
    closing = false;
  });
}

export function describeEntityCrud(testCase: EntityCase): void {
  const { entity } = testCase;
  closeServersAfterFile();
  describe.each(backends())(`${entity.name} on %s`, (backend) => {
    let t: TestServer;
    let api: EntityApiClient;
    let n = 0;
    beforeAll(async () => {
      t = await sharedServer(backend);
      api = entityClient(t.url, await tokenFor(t.url, testCase.insider ?? 'admin'));
    });

    const fresh = async () => api.create(entity, await testCase.valid(++n, api));

    it('creates a row and reads it back with version 1', async () => {
      const created = await fresh();
      expect(created.version).toBe(1);
      const read = await api.get<Row>(`${entity.api}/${created.id}`);
      expect(read.httpStatus).toBe(200);
      expect(read.data).toEqual(created);
    });

    it('filters by its label and sorts both ways', async () => {
      const a = await fresh();
      await fresh();
      const label = String(a[entity.labelField]);
      const filtered = await api.get<List>(entity.api, {
        filter: [
          {
            field: entity.labelField,
            field_type: 'text',
            filters: [{ operator: 'equals', value: label }],
          },
        ],
      });
      expect(filtered.httpStatus).toBe(200);
      expect(filtered.data.rows.map((r) => r.id)).toContain(a.id);
      expect(
        filtered.data.rows.every(
          (r) => String(r[entity.labelField]).toLowerCase() === label.toLowerCase(),
        ),
      ).toBe(true);
      const asc = await api.get<List>(entity.api, {
        sort: { field: 'id', direction: 'asc' },
        per_page: 500,
      });
      const desc = await api.get<List>(entity.api, {
        sort: { field: 'id', direction: 'desc' },
        per_page: 500,
      });
      expect(asc.data.rows.map((r) => r.id)).toEqual(desc.data.rows.map((r) => r.id).reverse());
      expect(asc.data.total).toBe(desc.data.total);
    });

    it('refuses an unknown filter field with a validation error, not a 500', async () => {
      const reply = await api.get(entity.api, {
        filter: [
          {
            field: 'no_such_field',
            field_type: 'text',
            filters: [{ operator: 'equals', value: 'x' }],
          },
        ],
      });
      expect(reply.httpStatus).toBe(422);
      expect(reply.message).toBe('validation_error');
    });

    it('updates with the version read, and refuses a stale version naming who saved first', async () => {
      const row = await fresh();
      const saved = await api.send<Row>('PUT', `${entity.api}/${row.id}`, {
        ...testCase.change,
        version: row.version,
      });
      expect(saved.httpStatus, JSON.stringify(saved.data)).toBe(200);
      expect(saved.data.version).toBe(row.version + 1);
      const stale = await api.send<{
        version: string;
        current: { version: number; updated_by_name: string };
      }>('PUT', `${entity.api}/${row.id}`, { ...testCase.change, version: row.version });
      expect(stale.httpStatus).toBe(409);
      expect(stale.message).toBe('stale_version');
      expect(stale.data.current.version).toBe(row.version + 1);
      expect(stale.data.current.updated_by_name).toEqual(expect.any(String));
      const read = await api.get<Row>(`${entity.api}/${row.id}`);
      expect(read.data.version).toBe(row.version + 1);
    });

    it('refuses invalid input with the spec codes and writes nothing', async () => {
      const before = await api.get<List>(entity.api);
      const reply = await api.send('POST', entity.api, testCase.invalid.body);
      expect(reply.httpStatus).toBe(422);
      expect(reply.data).toMatchObject(testCase.invalid.codes);
      const after = await api.get<List>(entity.api);
      expect(after.data.total).toBe(before.data.total);
    });

    it('deletes an unreferenced row', async () => {
      const row = await fresh();
      const deleted = await api.send('DELETE', `${entity.api}/${row.id}?version=${row.version}`);
      expect(deleted.httpStatus).toBe(200);
      expect((await api.get(`${entity.api}/${row.id}`)).httpStatus).toBe(404);
      const changes = await api.get<{ deleted: number[] }>(`${entity.api}/changes`, { since: 0 });
      expect(changes.data.deleted).toContain(row.id);
    });

    if (testCase.referenced) {
      it('refuses to delete a referenced row with database_delete_1451', async () => {
        const id = await testCase.referenced!(api);
        const reply = await api.send('DELETE', `${entity.api}/${id}`);
        expect(reply.httpStatus).toBe(409);
        expect(reply.message).toBe('database_delete_1451');
        expect((await api.get(`${entity.api}/${id}`)).httpStatus).toBe(200);
      });
    }

    it('refuses a role outside its area on read and write', async () => {
      const outsider = entityClient(t.url, await tokenFor(t.url, testCase.outsider));
      expect((await outsider.get(entity.api)).httpStatus).toBe(403);
      expect(
        (await outsider.send('POST', entity.api, await testCase.valid(++n, api))).httpStatus,
      ).toBe(403);
    });

    it('exports the filtered rows as CSV', async () => {
      const row = await fresh();
      const label = String(row[entity.labelField]);
      const response = await fetch(
        `${t.url}${entity.api}/export?${toQueryString({
          format: 'csv',
          filter: [
            {
              field: entity.labelField,
              field_type: 'text',
              filters: [{ operator: 'equals', value: label }],
            },
          ],
        })}`,
        { headers: { authorization: `Bearer ${api.token}` } },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('x-total-rows')).toBe('1');
      const lines = (await response.text()).trim().split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(label);
    });
  });
}
