import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS } from '../../shared/entities/users.entity.ts';
import { tokenFor } from '../../../../tests/support/api-client.ts';
import {
  entityClient,
  type EntityApiClient,
  type List,
  type Row,
} from '../../../../tests/support/entity-crud.ts';
import {
  backends,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server.ts';

// The users list on the entity pattern: the table filter, sort and change seq every grid
// reads, the delta poll and the export, next to the list's own role/search/active. Writes
// keep their own rules (tests/integration/users.pg.test.ts).

type UserRow = Row & { username: string; roles: string[]; modules: string[]; seq: number };

const rolesFilter = (operator: string, value: string) => ({
  filter: [{ field: 'roles', field_type: 'text', filters: [{ operator, value }] }],
});

describe.each(backends())('users list on %s', (backend) => {
  let t: TestServer;
  let api: EntityApiClient;
  beforeAll(async () => {
    t = await startTestServer({ backend });
    api = entityClient(t.url, await tokenFor(t.url, 'admin'));
  });
  afterAll(async () => t.close());

  const create = (username: string, roles: string[]) =>
    api.create(USERS, { username, password: 'password-1', name: username, roles });

  it('answers the generic list shape with roles and modules as code lists', async () => {
    const list = await api.get<List & { page: number; per_page: number }>(USERS.api, {
      sort: { field: 'username', direction: 'asc' },
      per_page: 3,
    });
    expect(list.httpStatus).toBe(200);
    expect(list.data).toMatchObject({ page: 1, per_page: 3 });
    expect(list.data.seq).toBeGreaterThan(0);
    expect(list.data.total).toBeGreaterThan(3);
    const [first] = list.data.rows as UserRow[];
    expect(first).toMatchObject({ username: 'admin', roles: ['admin'], active: 1 });
    expect(first?.modules.length).toBeGreaterThan(0);
    expect(first).not.toHaveProperty('password_hash');
    expect(first).toHaveProperty('updated_by_name');
  });

  it('filters roles as their codes joined by commas, beside the role parameter', async () => {
    const exact = await api.get<List>(USERS.api, rolesFilter('equals', 'director'));
    expect(exact.data.rows.map((r) => r.username)).toEqual(['director']);
    const containing = await api.get<List>(USERS.api, rolesFilter('contains', 'batcher'));
    expect(containing.data.rows.map((r) => r.username)).toEqual(
      expect.arrayContaining(['batcher', 'head_batcher', 'supervisor_batcher']),
    );
    const both = await api.get<List>(USERS.api, {
      ...rolesFilter('contains', 'batcher'),
      role: 'batcher',
      active: 1,
    });
    expect(both.data.rows.map((r) => r.username)).toEqual(['batcher']);
    const sorted = await api.get<List>(USERS.api, {
      sort: { field: 'roles', direction: 'desc' },
      per_page: 1,
    });
    expect(sorted.httpStatus).toBe(200);
  });

  it('answers changes since a seq, a delete included', async () => {
    const start = (await api.get<List>(USERS.api, { per_page: 1 })).data.seq;
    const kept = await create('changes.kept', ['sealer']);
    const gone = await create('changes.gone', ['sealer']);
    expect((await api.send('DELETE', `${USERS.api}/${gone.id}`)).httpStatus).toBe(200);
    const changes = await api.get<{ rows: UserRow[]; deleted: number[]; seq: number }>(
      `${USERS.api}/changes`,
      { since: start },
    );
    expect(changes.data.rows.map((r) => r.username)).toContain('changes.kept');
    expect(changes.data.rows.find((r) => r.id === kept.id)?.roles).toEqual(['sealer']);
    expect(changes.data.deleted).toContain(gone.id);
    expect(changes.data.seq).toBeGreaterThan(start);
  });

  it('exports the filtered users with their roles as codes', async () => {
    await create('export.cartoner', ['cartoner', 'sealer']);
    const query = new URLSearchParams({ format: 'csv', search: 'export.cartoner' });
    const response = await fetch(`${t.url}${USERS.api}/export?${query}`, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Username,Name,Email,Roles,Modules,Active,Last sign-in');
    expect(lines.slice(1)).toEqual([
      'export.cartoner,export.cartoner,,"cartoner, sealer",,Active,',
    ]);
  });

  it('names who saved first when a save or a delete comes with a stale version', async () => {
    const user = await create('stale.user', ['labeler']);
    await api.send('PUT', `${USERS.api}/${user.id}`, { version: user.version, name: 'First' });
    const stale = await api.send('PUT', `${USERS.api}/${user.id}`, {
      version: user.version,
      name: 'Second',
    });
    expect(stale.httpStatus).toBe(409);
    expect(stale.data).toMatchObject({
      version: 'other',
      current: { version: user.version + 1, updated_by_name: expect.any(String) as string },
    });
    const staleDelete = await api.send('DELETE', `${USERS.api}/${user.id}?version=${user.version}`);
    expect(staleDelete.httpStatus).toBe(409);
    expect(staleDelete.message).toBe('stale_version');
  });

  it('shows the roles that lock an administrator out under the roles field', async () => {
    const me = await api.get<{ id: number }>('/api/me');
    const row = await api.get<UserRow>(`${USERS.api}/${me.data.id}`);
    const reply = await api.send('PUT', `${USERS.api}/${me.data.id}`, {
      version: row.data.version,
      roles: ['director'],
    });
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toEqual({
      roles: 'You cannot remove your own admin role or deactivate yourself',
    });
  });
});
