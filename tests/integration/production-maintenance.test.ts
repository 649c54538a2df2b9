import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import {
  ISSUE_DETAILS,
  ISSUE_SECTIONS,
} from '../../src/domain/entities/production/issues.entity.ts';
import { MACHINES } from '../../src/domain/entities/production/machines.entity.ts';
import {
  MAINTENANCE_ASSIGNEES,
  WORK_ORDER_COMMENTS_REPORT,
  WORK_ORDERS,
} from '../../src/domain/entities/production/work-orders.entity.ts';
import { tokenFor } from '../support/api-client.ts';
import { connectEcho, disconnectEchoes, subscribed, waitFor } from '../support/echo-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// Machine maintenance (domain.md §3.4): issue sections and details, work orders requested by
// any production role and worked through their lifecycle by the maintenance admins and
// technicians, the machine-down invariant with its status logs and downtime, comments and
// their report, and the broadcasts on private-production.machines.

describe.each(backends())('machine maintenance on %s', (backend) => {
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

  it('seeds demo orders that keep their machines down, with status logs', async () => {
    const list = await supervisor.get<List>(WORK_ORDERS.api, { per_page: 100 });
    const statuses = new Set(list.data.rows.map((r) => r.status));
    expect([...statuses].sort()).toEqual(
      ['completed', 'in_progress', 'on_hold', 'open', 'rejected', 'requested'].sort(),
    );
    const machines = (await admin.get<List>(MACHINES.api, { per_page: 100 })).data.rows;
    const down = machines.filter((m) => m.status === 'down').map((m) => m.code);
    expect(down.sort()).toEqual(['CAP-01', 'LAB-01']);
    const lab = machines.find((m) => m.code === 'LAB-01');
    expect(await statusLogs(Number(lab?.id))).toMatchObject([
      { from_status: 'operational', to_status: 'down' },
    ]);
  });

  describe('issue sections and details', () => {
    it('creates, lists, updates with version and refuses duplicates and outsiders', async () => {
      const section = await supervisor.create(ISSUE_SECTIONS, {
        code: 'T-ELEC',
        name: 'Electrical',
      });
      const dup = await supervisor.send('POST', ISSUE_SECTIONS.api, {
        code: 'T-ELEC',
        name: 'Again',
      });
      expect(dup.httpStatus).toBe(422);
      expect(dup.data).toMatchObject({ code: 'unique' });
      const detail = await supervisor.create(ISSUE_DETAILS, {
        issue_section_id: section.id,
        code: 'T-FUSE',
        name: 'Blown fuse',
      });
      expect(detail).toMatchObject({
        default_priority: 'medium',
        issue_section_name: 'Electrical',
      });
      const sameCode = await supervisor.send('POST', ISSUE_DETAILS.api, {
        issue_section_id: section.id,
        code: 'T-FUSE',
        name: 'Twice',
      });
      expect(sameCode.httpStatus).toBe(422);
      const updated = await supervisor.send<Row>('PUT', `${ISSUE_DETAILS.api}/${detail.id}`, {
        version: detail.version,
        default_priority: 'critical',
      });
      expect(updated.httpStatus).toBe(200);
      expect(updated.data.default_priority).toBe('critical');
      const stale = await supervisor.send('PUT', `${ISSUE_DETAILS.api}/${detail.id}`, {
        version: detail.version,
        name: 'Stale',
      });
      expect(stale.httpStatus).toBe(409);
      expect(stale.message).toBe('stale_version');
      const list = await tech.get<List>(ISSUE_SECTIONS.api);
      expect(list.httpStatus).toBe(403);
      expect(
        (await batcher.send('POST', ISSUE_SECTIONS.api, { code: 'X', name: 'X' })).httpStatus,
      ).toBe(403);
    });
  });

  describe('work orders', () => {
    it('lets any production role request one, numbered WO-, with the issue priority', async () => {
      const machine = await newMachine();
      const doc = await requested(machine.id);
      expect(doc.number).toMatch(/^WO-\d{5}$/);
      expect(doc).toMatchObject({
        status: 'requested',
        priority: 'high',
        machine_code: machine.code,
        issue_detail_name: 'Jammed',
        issue_section_name: 'Test mechanical',
        reported_by_name: 'Jasmine Singh',
        machine_down: 0,
      });
      const next = await requested(machine.id, { priority: 'low' });
      expect(Number(String(next.number).slice(3))).toBe(Number(String(doc.number).slice(3)) + 1);
      expect(next.priority).toBe('low');
      const list = await tech.get<List>(WORK_ORDERS.api);
      expect(list.data.rows.map((r) => r.id)).toContain(doc.id);
    });

    it('refuses outsiders, assignments by the floor, retired and unknown machines', async () => {
      const machine = await newMachine();
      expect((await request(outsider, machine.id)).httpStatus).toBe(403);
      expect((await outsider.get(WORK_ORDERS.api)).httpStatus).toBe(403);
      expect((await request(batcher, machine.id, { assigned_to: techId })).httpStatus).toBe(403);
      const assigned = await request(supervisor, machine.id, { assigned_to: techId });
      expect(assigned.httpStatus).toBe(201);
      expect(assigned.data.assigned_to).toBe(techId);
      const retired = await newMachine('retired');
      const refused = await request(batcher, retired.id);
      expect(refused.httpStatus).toBe(422);
      expect(refused.data).toEqual({ machine_id: 'A retired machine takes no work orders' });
      const unknown = await request(batcher, 999_999);
      expect(unknown.httpStatus).toBe(422);
      expect(unknown.data).toEqual({ machine_id: 'exists' });
      const blank = await batcher.send('POST', WORK_ORDERS.api, { machine_id: machine.id });
      expect(blank.httpStatus).toBe(422);
      expect(blank.data).toMatchObject({ issue_detail_id: 'required', description: 'required' });
    });

    it('walks the lifecycle by role: approve, start, hold, resume, complete, reopen', async () => {
      const machine = await newMachine();
      let doc = await requested(machine.id);
      // Triage is the maintenance admins'.
      expect((await event(batcher, doc, 'approve')).httpStatus).toBe(403);
      expect((await event(tech, doc, 'approve')).httpStatus).toBe(403);
      doc = await step(supervisor, doc, 'approve');
      expect(doc.status).toBe('open');
      // A role that may not, sending a stale version, hears 403, not who saved last.
      const stale = await event(batcher, { ...doc, version: Number(doc.version) - 1 }, 'start');
      expect(stale.httpStatus).toBe(403);
      expect(JSON.stringify(stale.data ?? null)).not.toContain('updated_by_name');
      // Working it is the technicians' (and admins').
      expect((await event(batcher, doc, 'start')).httpStatus).toBe(403);
      doc = await step(tech, doc, 'start');
      expect(doc).toMatchObject({ status: 'in_progress', assigned_to: techId });
      expect(doc.started_at).toBeTruthy();
      const noReason = await event(tech, doc, 'hold');
      expect(noReason.httpStatus).toBe(422);
      expect(noReason.data).toEqual({ reason: 'required' });
      doc = await step(tech, doc, 'hold', { reason: 'Waiting for a part' });
      expect(doc).toMatchObject({ status: 'on_hold', hold_reason: 'Waiting for a part' });
      doc = await step(supervisor, doc, 'resume');
      expect(doc).toMatchObject({ status: 'in_progress', hold_reason: null });
      // Completing is the technicians' alone, with the resolution.
      expect((await event(supervisor, doc, 'complete', { resolution: 'x' })).httpStatus).toBe(403);
      const noResolution = await event(tech, doc, 'complete');
      expect(noResolution.httpStatus).toBe(422);
      expect(noResolution.data).toEqual({
        resolution: 'Describe the resolution to complete the work order',
      });
      doc = await step(tech, doc, 'complete', { resolution: 'Replaced the nozzle seal' });
      expect(doc).toMatchObject({ status: 'completed', resolution: 'Replaced the nozzle seal' });
      expect(doc.completed_at).toBeTruthy();
      // Not machine_down: no downtime counted.
      expect(doc.downtime_minutes).toBeNull();
      expect((await event(tech, doc, 'reopen')).httpStatus).toBe(403);
      doc = await step(supervisor, doc, 'reopen');
      expect(doc).toMatchObject({ status: 'open', completed_at: null, resolution: null });
      const transitions = await sql_<{ event: string; from_status: string; to_status: string }>(
        sql`select event, from_status, to_status from status_transitions
             where entity_type = 'work_orders' and entity_id = ${doc.id} order by id`,
      );
      expect(transitions.map((r) => `${r.from_status}-${r.event}->${r.to_status}`)).toEqual([
        'requested-approve->open',
        'open-start->in_progress',
        'in_progress-hold->on_hold',
        'on_hold-resume->in_progress',
        'in_progress-complete->completed',
        'completed-reopen->open',
      ]);
    });

    it('refuses unmapped transitions and unknown events with 422, stale versions with 409', async () => {
      const machine = await newMachine();
      const doc = await requested(machine.id);
      const early = await event(tech, doc, 'complete', { resolution: 'x' });
      expect(early.httpStatus).toBe(422);
      expect(early.data).toEqual({ status: 'Transition requested→complete not allowed' });
      const unknown = await event(admin, doc, 'explode');
      expect(unknown.httpStatus).toBe(422);
      const opened = await step(supervisor, doc, 'approve');
      const stale = await event(tech, doc, 'start');
      expect(stale.httpStatus).toBe(409);
      expect(stale.message).toBe('stale_version');
      const again = await event(supervisor, opened, 'approve');
      expect(again.httpStatus).toBe(422);
      expect(again.data).toEqual({ status: 'Transition open→approve not allowed' });
      const staleEdit = await supervisor.send('PUT', `${WORK_ORDERS.api}/${doc.id}`, {
        version: doc.version,
        priority: 'critical',
      });
      expect(staleEdit.httpStatus).toBe(409);
      // Nothing was written by the refusals.
      const now = await tech.get<Row>(`${WORK_ORDERS.api}/${doc.id}`);
      expect(now.data).toMatchObject({ status: 'open', version: opened.version });
    });

    it('rejects with a reason; a rejected order is final and cannot be edited', async () => {
      const machine = await newMachine();
      const doc = await requested(machine.id);
      expect((await event(supervisor, doc, 'reject')).httpStatus).toBe(422);
      const rejected = await step(supervisor, doc, 'reject', { reason: 'Duplicate of WO-00001' });
      expect(rejected.status).toBe('rejected');
      expect((await event(supervisor, rejected, 'approve')).httpStatus).toBe(422);
      const edit = await supervisor.send('PUT', `${WORK_ORDERS.api}/${doc.id}`, {
        version: rejected.version,
        priority: 'low',
      });
      expect(edit.httpStatus).toBe(422);
      expect(edit.data).toEqual({ status: 'A rejected work order cannot be edited' });
    });

    it('lets maintenance admins triage an open order, not the floor or the machine', async () => {
      const machine = await newMachine();
      const other = await newMachine();
      const doc = await requested(machine.id);
      const edited = await supervisor.send<Row>('PUT', `${WORK_ORDERS.api}/${doc.id}`, {
        version: doc.version,
        priority: 'critical',
        assigned_to: techId,
      });
      expect(edited.httpStatus, JSON.stringify(edited.data)).toBe(200);
      expect(edited.data).toMatchObject({ priority: 'critical', assigned_to: techId });
      const batcherId = (
        await sql_<{ id: number }>(sql`select id::int as id from users where username = 'batcher'`)
      )[0]?.id;
      const notTech = await supervisor.send('PUT', `${WORK_ORDERS.api}/${doc.id}`, {
        version: edited.data.version,
        assigned_to: batcherId,
      });
      expect(notTech.httpStatus).toBe(422);
      expect(notTech.data).toEqual({
        assigned_to: 'Assign an active technician or maintenance admin',
      });
      // The assignee picker offers technicians and maintenance admins to anyone on the floor.
      const picker = await batcher.get<{ value: number; label: string }[]>(
        `${MAINTENANCE_ASSIGNEES.api}/options`,
      );
      expect(picker.data.map((o) => o.value)).toContain(techId);
      expect(picker.data.map((o) => o.value)).not.toContain(batcherId);
      const byFloor = await batcher.send('PUT', `${WORK_ORDERS.api}/${doc.id}`, {
        version: edited.data.version,
        priority: 'low',
      });
      expect(byFloor.httpStatus).toBe(403);
      const moved = await supervisor.send('PUT', `${WORK_ORDERS.api}/${doc.id}`, {
        version: edited.data.version,
        machine_id: other.id,
      });
      expect(moved.httpStatus).toBe(422);
      expect((await batcher.send('DELETE', `${WORK_ORDERS.api}/${doc.id}`)).httpStatus).toBe(404);
    });
  });

  describe('the machine-down invariant', () => {
    it('keeps a machine down while a machine_down order is unresolved, logging each change', async () => {
      const machine = await newMachine();
      const first = await requested(machine.id, { machine_down: true });
      expect(await machineStatus(machine.id)).toBe('down');
      const second = await requested(machine.id, { machine_down: true });
      await requested(machine.id); // not down: changes nothing
      expect(await statusLogs(machine.id)).toEqual([
        { from_status: 'operational', to_status: 'down', work_order_id: first.id },
      ]);
      // Rejecting one leaves the other holding the machine down.
      await step(supervisor, first, 'reject', { reason: 'Same fault as the next one' });
      expect(await machineStatus(machine.id)).toBe('down');
      let doc = await step(supervisor, second, 'approve');
      doc = await step(tech, doc, 'start');
      doc = await step(tech, doc, 'hold', { reason: 'Part ordered' });
      expect(await machineStatus(machine.id)).toBe('down');
      doc = await step(tech, doc, 'resume');
      // Reported 90 minutes ago: the downtime runs from the report to the completion.
      await sql_(
        sql`update work_orders set opened_at = now() - interval '90 minutes' where id = ${doc.id}`,
      );
      doc = (await tech.get<Row>(`${WORK_ORDERS.api}/${doc.id}`)).data;
      doc = await step(tech, doc, 'complete', { resolution: 'Belt replaced' });
      expect(doc.downtime_minutes).toBeGreaterThanOrEqual(90);
      expect(doc.downtime_minutes).toBeLessThan(100);
      expect(await machineStatus(machine.id)).toBe('operational');
      // Reopened, the machine is down again; completed again, back up with the downtime summed.
      doc = await step(supervisor, doc, 'reopen');
      expect(await machineStatus(machine.id)).toBe('down');
      doc = await step(tech, doc, 'start');
      doc = await step(tech, doc, 'complete', { resolution: 'Tensioner adjusted' });
      expect(doc.downtime_minutes).toBeGreaterThanOrEqual(90);
      expect(doc.downtime_minutes).toBeLessThan(100);
      expect(await machineStatus(machine.id)).toBe('operational');
      expect(await statusLogs(machine.id)).toEqual([
        { from_status: 'operational', to_status: 'down', work_order_id: first.id },
        { from_status: 'down', to_status: 'operational', work_order_id: second.id },
        { from_status: 'operational', to_status: 'down', work_order_id: second.id },
        { from_status: 'down', to_status: 'operational', work_order_id: second.id },
      ]);
    });

    it('follows the machine_down flag when the admins change it, and leaves a hand-set down alone', async () => {
      const machine = await newMachine();
      const doc = await requested(machine.id);
      expect(await machineStatus(machine.id)).toBe('operational');
      const down = await supervisor.send<Row>('PUT', `${WORK_ORDERS.api}/${doc.id}`, {
        version: doc.version,
        machine_down: true,
      });
      expect(down.httpStatus).toBe(200);
      expect(await machineStatus(machine.id)).toBe('down');
      const up = await supervisor.send<Row>('PUT', `${WORK_ORDERS.api}/${doc.id}`, {
        version: down.data.version,
        machine_down: 0,
      });
      expect(up.httpStatus).toBe(200);
      expect(await machineStatus(machine.id)).toBe('operational');

      const manual = await newMachine('down');
      const other = await requested(manual.id);
      await step(supervisor, other, 'reject', { reason: 'Not a fault' });
      expect(await machineStatus(manual.id)).toBe('down');
      expect(await statusLogs(manual.id)).toEqual([]);
    });
  });

  describe('comments', () => {
    it('adds comments to an order, lists them and reports them with filters', async () => {
      const machine = await newMachine();
      const doc = await requested(machine.id);
      const url = `${WORK_ORDERS.api}/${doc.id}/comments`;
      const first = await batcher.send<Row>('POST', url, {
        body: 'It started after the shift change',
      });
      expect(first.httpStatus, JSON.stringify(first.data)).toBe(201);
      expect(first.data).toMatchObject({
        work_order_id: doc.id,
        body: 'It started after the shift change',
        attachments: [],
      });
      const second = await tech.send<Row>('POST', url, {
        body: 'Photo of the seal',
        attachments: [{ name: 'seal.jpg', url: 'https://files.example/seal.jpg' }],
      });
      expect(second.httpStatus).toBe(201);
      for (const bad of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://files.example/x']) {
        const link = await tech.send('POST', url, { body: 'Link', attachments: [{ name: 'x', url: bad }] });
        expect(link.httpStatus, bad).toBe(422);
        expect(link.data, bad).toEqual({ 'attachments.0.url': 'in' });
      }
      expect((await tech.send('POST', url, { body: '  ' })).httpStatus).toBe(422);
      expect((await outsider.send('POST', url, { body: 'Hi' })).httpStatus).toBe(403);
      expect(
        (await batcher.send('POST', `${WORK_ORDERS.api}/999999/comments`, { body: 'x' }))
          .httpStatus,
      ).toBe(404);
      const listed = await batcher.get<Row[]>(url);
      expect(listed.data.map((c) => c.body)).toEqual([
        'It started after the shift change',
        'Photo of the seal',
      ]);
      expect(listed.data[1]).toMatchObject({ created_by_name: 'Felix Wagner' });

      const byMachine = {
        filter: [
          {
            field: 'machine_id',
            field_type: 'number',
            filters: [
              { logic_operator: 'and', operator: 'equals', value_type: 'value', value: machine.id },
            ],
          },
          {
            field: 'created_at',
            field_type: 'datetime',
            filters: [
              {
                logic_operator: 'and',
                operator: 'greater_or_equal',
                value_type: 'value',
                value: '2000-01-01 00:00:00',
              },
              {
                logic_operator: 'and',
                operator: 'less_or_equal',
                value_type: 'value',
                value: '2999-12-31 23:59:59',
              },
            ],
          },
        ],
      };
      const report = await supervisor.get<List>(WORK_ORDER_COMMENTS_REPORT.api, byMachine);
      expect(report.httpStatus, JSON.stringify(report.data)).toBe(200);
      expect(report.data.rows).toHaveLength(2);
      expect(report.data.rows[0]).toMatchObject({
        work_order_number: doc.number,
        machine_id: machine.id,
        machine_code: machine.code,
        issue_section_name: 'Test mechanical',
        issue_detail_name: 'Jammed',
        // Newest first.
        body: 'Photo of the seal',
        created_by_name: 'Felix Wagner',
      });
      const past = {
        filter: [
          {
            field: 'created_at',
            field_type: 'datetime',
            filters: [
              {
                logic_operator: 'and',
                operator: 'less',
                value_type: 'value',
                value: '2001-01-01 00:00:00',
              },
            ],
          },
        ],
      };
      expect((await supervisor.get<List>(WORK_ORDER_COMMENTS_REPORT.api, past)).data.rows).toEqual(
        [],
      );
      expect((await tech.get(WORK_ORDER_COMMENTS_REPORT.api)).httpStatus).toBe(403);
      const csv = await fetch(`${t.url}${WORK_ORDER_COMMENTS_REPORT.api}/export?format=csv`, {
        headers: { Authorization: `Bearer ${supervisor.token}` },
      });
      expect(csv.status).toBe(200);
      expect(await csv.text()).toContain('Photo of the seal');
      const refused = await fetch(`${t.url}${WORK_ORDER_COMMENTS_REPORT.api}/export?format=csv`, {
        headers: { Authorization: `Bearer ${batcher.token}` },
      });
      expect(refused.status).toBe(403);
    });
  });

  describe('realtime', () => {
    it('broadcasts status changes, order updates and comments on private-production.machines', async () => {
      const echo = await connectEcho(t.url, tech.token);
      const channel = echo.private('production.machines');
      await subscribed(channel);
      const heard: { event: string; data: { id: number; data: Record<string, unknown> | null } }[] =
        [];
      const wanted = ['machine.status_changed', 'work_order.created', 'work_order.commented'];
      const done = new Promise<void>((resolve) => {
        for (const name of [...wanted, 'work_order.updated']) {
          channel.listen(`.${name}`, (data: (typeof heard)[number]['data']) => {
            heard.push({ event: name, data });
            if (wanted.every((w) => heard.some((h) => h.event === w))) resolve();
          });
        }
      });
      const machine = await newMachine();
      const doc = await requested(machine.id, { machine_down: true });
      await batcher.send('POST', `${WORK_ORDERS.api}/${doc.id}/comments`, { body: 'Smoke seen' });
      await waitFor(done, 'maintenance events');
      expect(heard.find((h) => h.event === 'machine.status_changed')?.data).toMatchObject({
        id: machine.id,
        data: { id: machine.id, from: 'operational', to: 'down', work_order_id: doc.id },
      });
      expect(heard.find((h) => h.event === 'work_order.commented')?.data).toMatchObject({
        id: doc.id,
        data: { body: 'Smoke seen' },
      });
    });

    it('lets the production floor join the machines channel, not other modules', async () => {
      const joined = await connectEcho(t.url, batcher.token);
      await subscribed(joined.private('production.machines'));
      const refused = await connectEcho(t.url, outsider.token);
      await expect(subscribed(refused.private('production.machines'))).rejects.toThrow(/refused/);
    });
  });
});
