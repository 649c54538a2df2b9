import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ISSUE_DETAILS,
  ISSUE_SECTIONS,
} from '../../src/domain/entities/production/issues.entity.ts';
import { MACHINES } from '../../src/domain/entities/production/machines.entity.ts';
import {
  MAINTENANCE_ASSIGNEES,
  WORK_ORDERS,
} from '../../src/domain/entities/production/work-orders.entity.ts';
import { type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import { backends } from '../support/test-server.ts';
import { maintenanceSuite } from '../support/maintenance-suite.ts';

// Machine maintenance (docs/domain/production.md §3.4): issue sections and details, and work orders
// requested by any production role and worked through their lifecycle by the maintenance admins and
// technicians. The machine-down invariant, comments and broadcasts are in
// production-maintenance-machine-down-and-comments.pg.test.ts.

describe.each(backends())('machine maintenance on %s', (backend) => {
  const m = maintenanceSuite(backend);
  const { sql_, newMachine, request, requested, event, step, statusLogs } = m;
  let admin: EntityApiClient;
  let supervisor: EntityApiClient;
  let tech: EntityApiClient;
  let batcher: EntityApiClient;
  let outsider: EntityApiClient;
  let techId: number;
  beforeAll(() => {
    ({ admin, supervisor, tech, batcher, outsider, techId } = m.people());
  });

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
});
