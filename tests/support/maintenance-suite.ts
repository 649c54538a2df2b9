import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import {
  ISSUE_DETAILS,
  ISSUE_SECTIONS,
} from '../../src/domain/entities/production/issues.entity.ts';
import { MACHINES } from '../../src/domain/entities/production/machines.entity.ts';
import { WORK_ORDERS } from '../../src/domain/entities/production/work-orders.entity.ts';
import { tokenFor } from './api-client.ts';
import { disconnectEchoes } from './echo-client.ts';
import { entityClient, type EntityApiClient, type Row } from './entity-crud.ts';
import { startTestServer, type Backend, type TestServer } from './test-server.ts';

// What the machine maintenance integration tests (tests/integration/production-maintenance*
// .test.ts) share: a server on the demo plant, the people who request and work orders, a test
// issue (T-MECH / T-JAM), new machines on demand, and the work order steps the tests are
// written in. Call it inside the suite's describe: it registers the server's hooks.

export function maintenanceSuite(backend: Backend) {
  let t: TestServer;
  let admin: EntityApiClient;
  let supervisor: EntityApiClient;
  let tech: EntityApiClient;
  let batcher: EntityApiClient;
  let outsider: EntityApiClient;
  let techId: number;
  let issueId: number;
  let machineNo = 0;

  beforeAll(async () => {
    t = await startTestServer({ backend });
    const client = async (user: string) => entityClient(t.url, await tokenFor(t.url, user));
    admin = await client('admin');
    supervisor = await client('supervisor');
    tech = await client('automation_tech');
    batcher = await client('batcher');
    outsider = await client('inventory');
    const [row] = await sql_<{ id: number }>(
      sql`select id::int as id from users where username = 'automation_tech'`,
    );
    techId = row?.id ?? 0;
    const section = await supervisor.create(ISSUE_SECTIONS, {
      code: 'T-MECH',
      name: 'Test mechanical',
    });
    const issue = await supervisor.create(ISSUE_DETAILS, {
      issue_section_id: section.id,
      code: 'T-JAM',
      name: 'Jammed',
      default_priority: 'high',
    });
    issueId = issue.id;
  });
  afterEach(() => disconnectEchoes());
  afterAll(async () => t.close());

  function sql_<T>(query: ReturnType<typeof sql>) {
    return queryRows<T>(t.server.database.db, query);
  }

  const newMachine = async (status = 'operational') =>
    admin.create(MACHINES, { code: `T-M-${++machineNo}`, kind: 'filler', status });

  const request = (api: EntityApiClient, machineId: number, extra: Record<string, unknown> = {}) =>
    api.send<Row>('POST', WORK_ORDERS.api, {
      machine_id: machineId,
      issue_detail_id: issueId,
      description: 'Filler nozzle 3 drips',
      ...extra,
    });

  async function requested(machineId: number, extra: Record<string, unknown> = {}): Promise<Row> {
    const reply = await request(batcher, machineId, extra);
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return reply.data;
  }

  const event = (api: EntityApiClient, doc: Row, name: string, body = {}) =>
    api.send<Row>('POST', `${WORK_ORDERS.api}/${doc.id}/events/${name}`, {
      version: doc.version,
      ...body,
    });

  async function step(api: EntityApiClient, doc: Row, name: string, body = {}): Promise<Row> {
    const reply = await event(api, doc, name, body);
    expect(reply.httpStatus, `${name}: ${JSON.stringify(reply.data)}`).toBe(200);
    return reply.data;
  }

  const machineStatus = async (id: number) =>
    (await admin.get<Row>(`${MACHINES.api}/${id}`)).data.status;

  const statusLogs = (machineId: number) =>
    sql_<{ from_status: string; to_status: string; work_order_id: number | null }>(
      sql`select from_status, to_status, work_order_id::int as work_order_id
            from machine_status_logs where machine_id = ${machineId} order by id`,
    );

  return {
    get t() {
      return t;
    },
    /** The people the suite signed in, and the test issue, once its beforeAll has run. */
    people: () => ({ admin, supervisor, tech, batcher, outsider, techId, issueId }),
    sql_,
    newMachine,
    request,
    requested,
    event,
    step,
    machineStatus,
    statusLogs,
  };
}
