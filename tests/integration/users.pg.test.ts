import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/query-rows.ts';
import { call, login, tokenFor } from '../support/api-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

type User = { id: number; username: string; name: string; roles: string[]; modules: string[]; version: number; active: number };

describe.each(backends())('users on %s', (backend) => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer({ backend });
    admin = await tokenFor(t.url, 'admin');
  });
  afterAll(async () => t.close());

  const create = (body: Record<string, unknown>) =>
    call<User>(t.url, 'POST', '/api/general/users', { token: admin, body });

  it('creates a user who can then sign in with the granted roles', async () => {
    const created = await create({
      username: 'n.ortiz', password: 'batching-2026', name: 'Nora Ortiz',
      roles: ['batcher', 'head_batcher'], modules: ['production', 'rd'],
    });
    expect(created.httpStatus).toBe(201);
    expect(created.data).toMatchObject({ username: 'n.ortiz', roles: ['batcher', 'head_batcher'], version: 1, active: 1 });
    const token = await tokenFor(t.url, 'n.ortiz', 'batching-2026');
    const me = await call<{ roles: string[]; modules: string[] }>(t.url, 'GET', '/api/me', { token });
    expect(me.data.modules).toEqual(['production', 'rd']);
  });

  it('filters the list by role', async () => {
    const list = await call<{ rows: User[]; total: number }>(t.url, 'GET', '/api/general/users?role=director', { token: admin });
    expect(list.data.rows.map((u) => u.username)).toEqual(['director']);
    expect(list.data.total).toBe(1);
    const refused = await call(t.url, 'GET', '/api/general/users?role=stamper', { token: admin });
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toEqual({ 'query.role': 'in' });
  });

  it('refuses a duplicate username as unique and writes nothing', async () => {
    const before = await call<{ total: number }>(t.url, 'GET', '/api/general/users', { token: admin });
    const reply = await create({ username: 'Batcher', password: 'whatever-1', name: 'Dup', roles: ['batcher'] });
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toEqual({ username: 'unique' });
    const after = await call<{ total: number }>(t.url, 'GET', '/api/general/users', { token: admin });
    expect(after.data.total).toBe(before.data.total);
  });

  it('updates with the current version, audits the change, and refuses the stale version', async () => {
    const created = await create({ username: 'p.lee', password: 'password-9', name: 'Pat Lee', roles: ['labeler'] });
    const id = created.data.id;
    const updated = await call<User>(t.url, 'PUT', `/api/general/users/${id}`, {
      token: admin, body: { version: 1, name: 'Pat Lee-Moreau', roles: ['labeler', 'bottler'] },
    });
    expect(updated.httpStatus).toBe(200);
    expect(updated.data).toMatchObject({ name: 'Pat Lee-Moreau', roles: ['bottler', 'labeler'], version: 2 });

    const stale = await call(t.url, 'PUT', `/api/general/users/${id}`, { token: admin, body: { version: 1, name: 'Lost' } });
    expect(stale.httpStatus).toBe(409);
    expect(stale).toMatchObject({ status: false, message: 'stale_version', data: { version: 'other' } });
    const current = await call<User>(t.url, 'GET', `/api/general/users/${id}`, { token: admin });
    expect(current.data.name).toBe('Pat Lee-Moreau');

    const audit = await queryRows<{ action: string; changes: Record<string, unknown> }>(
      t.server.database.db,
      sql`select action, changes from audit_logs where entity_type = 'users' and entity_id = ${id} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]?.changes).toMatchObject({ name: ['Pat Lee', 'Pat Lee-Moreau'] });
    expect(JSON.stringify(audit)).not.toContain('password-9');
  });

  it('stamps every write with a growing global sequence', async () => {
    const a = await create({ username: 'seq.a', password: 'password-1', name: 'Seq A', roles: ['sealer'] });
    const b = await create({ username: 'seq.b', password: 'password-1', name: 'Seq B', roles: ['sealer'] });
    const [rowA, rowB] = await Promise.all(
      [a.data.id, b.data.id].map((id) => call<{ seq: number }>(t.url, 'GET', `/api/general/users/${id}`, { token: admin })),
    );
    expect(rowB?.data.seq).toBeGreaterThan(rowA?.data.seq ?? Infinity);
  });

  it('deactivating a user ends their sessions', async () => {
    const created = await create({ username: 'leaving', password: 'password-1', name: 'Leaving Soon', roles: ['sealer'] });
    const token = await tokenFor(t.url, 'leaving', 'password-1');
    await call(t.url, 'PUT', `/api/general/users/${created.data.id}`, { token: admin, body: { version: 1, active: 0 } });
    expect((await call(t.url, 'GET', '/api/me', { token })).httpStatus).toBe(401);
    expect((await login(t.url, 'leaving', 'password-1')).httpStatus).toBe(401);
  });

  it('deletes an unreferenced user and refuses a referenced one with database_delete_1451', async () => {
    const free = await create({ username: 'temp', password: 'password-1', name: 'Temp', roles: ['sealer'] });
    const deleted = await call(t.url, 'DELETE', `/api/general/users/${free.data.id}`, { token: admin });
    expect(deleted.httpStatus).toBe(200);
    expect((await call(t.url, 'GET', `/api/general/users/${free.data.id}`, { token: admin })).httpStatus).toBe(404);

    // The demo planner has punched in: the punch references them, so they cannot be deleted.
    const planner = await tokenFor(t.url, 'planning');
    await call(t.url, 'POST', '/api/general/punch_in', { token: planner, body: { kind: 'in' } });
    const me = await call<{ id: number }>(t.url, 'GET', '/api/me', { token: planner });
    const refused = await call(t.url, 'DELETE', `/api/general/users/${me.data.id}`, { token: admin });
    expect(refused.httpStatus).toBe(409);
    expect(refused).toMatchObject({ status: false, message: 'database_delete_1451' });
    expect((await call(t.url, 'GET', '/api/me', { token: planner })).httpStatus).toBe(200);
  });

  it('does not let an administrator lock themselves out', async () => {
    const me = await call<{ id: number; version: number }>(t.url, 'GET', '/api/me', { token: admin });
    const reply = await call(t.url, 'PUT', `/api/general/users/${me.data.id}`, {
      token: admin, body: { version: me.data.version, active: 0 },
    });
    expect(reply.httpStatus).toBe(422);
    expect((await call(t.url, 'DELETE', `/api/general/users/${me.data.id}`, { token: admin })).httpStatus).toBe(422);
  });
});
