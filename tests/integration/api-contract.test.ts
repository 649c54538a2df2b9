import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mapDatabaseError } from '../../server/http/db-errors.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

describe('the API contract', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await tokenFor(t.url, 'admin');
  });
  afterAll(async () => t.close());

  it('answers unknown API paths with the envelope', async () => {
    const reply = await call(t.url, 'GET', '/api/nothing-here', { token: admin });
    expect(reply.httpStatus).toBe(404);
    expect(reply).toMatchObject({ status: false, message: 'not_found', data: null });
  });

  it('refuses malformed JSON with a clear error and changes nothing', async () => {
    const reply = await call(t.url, 'POST', '/api/general/users', { token: admin, rawBody: '{"username": ' });
    expect(reply.httpStatus).toBe(400);
    expect(reply).toMatchObject({ status: false, message: 'bad_request', data: { body: 'Malformed JSON' } });
  });

  it('refuses a body over the limit with 413', async () => {
    const reply = await call(t.url, 'POST', '/api/login', {
      rawBody: JSON.stringify({ username: 'x'.repeat(40_000), password: 'y' }),
    });
    expect(reply.httpStatus).toBe(413);
    expect(reply.message).toBe('payload_too_large');
  });

  it('maps wrong types, missing and unknown fields to docs/product.md §5 codes', async () => {
    const reply = await call(t.url, 'POST', '/api/general/users', {
      token: admin,
      body: { username: 'ok.name', password: 123, roles: ['nobody'], email: 'not-mail', surprise: 1 },
    });
    expect(reply.httpStatus).toBe(422);
    expect(reply.message).toBe('validation_error');
    expect(reply.data).toEqual({
      password: 'in',
      name: 'required',
      'roles.0': 'in',
      email: 'email',
      surprise: 'This field is not accepted',
    });
  });

  it('parses bracket-form query arrays', async () => {
    const reply = await call<{ code: string; users: { username: string }[] }[]>(
      t.url, 'GET', '/api/general/find_user_roles?roles[]=batcher&roles[]=hplc_tech', { token: admin },
    );
    expect(reply.data.map((r) => r.code)).toEqual(['batcher', 'hplc_tech']);
    expect(reply.data[0]?.users.map((u) => u.username)).toEqual(['batcher']);
  });

  it('sends booleans inside data as 1/0', async () => {
    const reply = await call<{ rows: { active: unknown; is_demo: unknown }[] }>(
      t.url, 'GET', '/api/general/users?active=1&per_page=5', { token: admin },
    );
    expect(reply.status).toBe(true);
    expect(reply.data.rows[0]).toMatchObject({ active: 1, is_demo: 1 });
  });

  it('answers the HPLC ranges as a list with type and percent_range', async () => {
    const qa = await tokenFor(t.url, 'qa_manager');
    const reply = await call<{ hplc_category_code: string; type: number; percent_range: number }[]>(
      t.url, 'GET', '/api/production/hplc_ranges?type=1', { token: qa },
    );
    expect(reply.status).toBe(true);
    expect(reply.data.map((r) => [r.hplc_category_code, r.type, r.percent_range])).toEqual([
      ['freebase', 1, 90], ['nic_free', 1, 0], ['salt', 1, 90],
    ]);
    const bad = await call(t.url, 'GET', '/api/production/hplc_ranges?type=3', { token: qa });
    expect(bad.httpStatus).toBe(422);
    expect(bad.data).toEqual({ 'query.type': 'in' });
  });

  it('records attendance punches for the signed-in user', async () => {
    const token = await tokenFor(t.url, 'bottler');
    const reply = await call<{ kind: string; userId: number }>(t.url, 'POST', '/api/general/punch_in', {
      token, body: { kind: 'in' },
    });
    expect(reply.httpStatus).toBe(201);
    expect(reply.data.kind).toBe('in');
  });

  it('lists time zones', async () => {
    const reply = await call<{ value: string }[]>(t.url, 'GET', '/api/general/timezones', { token: admin });
    expect(reply.data.map((z) => z.value)).toContain('America/Toronto');
  });

  it('describes every API route in the OpenAPI document', async () => {
    const response = await fetch(`${t.url}/api/docs`);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/me', '/api/general/users/{id}', '/api/production/hplc_ranges']),
    );
    expect(doc.paths['/api/general/users']?.post).toMatchObject({ description: 'Access: roles: admin' });
  });

  it('turns a database failure into db_error without leaking SQL', async () => {
    const failure = await t.server.database.db.execute(sql`select * from no_such_table`).catch((e: unknown) => e);
    const mapped = mapDatabaseError(failure, 'GET');
    expect(mapped?.code).toBe('db_error');
    expect(mapped?.status).toBe(500);
    expect(JSON.stringify(mapped?.data)).not.toMatch(/no_such_table|select/i);
  });

  it('keeps audit rows append-only', async () => {
    await t.server.database.db.execute(
      sql`insert into audit_logs (entity_type, entity_id, action, changes) values ('users', 1, 'update', '{}')`,
    );
    const error = await t.server.database.db.execute(sql`delete from audit_logs`).catch((e: unknown) => e);
    const cause = (error as { cause?: { message?: string } }).cause;
    expect(cause?.message).toMatch(/audit_logs is append-only/);
  });
});
