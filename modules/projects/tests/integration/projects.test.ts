import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PM_PROJECTS } from '../../shared/entities/pm-projects.entity.ts';
import { PM_TASK_ITEM_RECORDS } from '../../shared/entities/pm-task-item-records.entity.ts';
import { PM_TASK_ITEMS } from '../../shared/entities/pm-task-items.entity.ts';
import { PM_TASKS } from '../../shared/entities/pm-tasks.entity.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import {
  connectEcho,
  disconnectEchoes,
  subscribed,
  waitFor,
} from '../../../../tests/support/echo-client.ts';
import type { List, Row } from '../../../../tests/support/entity-crud.ts';
import { startProjectWorld, type ProjectWorld } from '../project-fixtures.ts';

// Project Management (docs/domain/projects.md §9) through the real HTTP stack: PJ- numbers, each
// transition allowed and refused (by role, by guard, for a stale version), completion only once
// every task is done or cancelled, a task's progress kept from its items, the hours a record may
// hold, and the projects report against hand-computed figures.

type ReportRow = Row & {
  number: string;
  tasks_total: number;
  tasks_done: number;
  tasks_overdue: number;
  pct_complete: number;
  hours: number;
  days_late: number;
};
type Report = { today: string; rows: ReportRow[] };

describe('project management', () => {
  let w: ProjectWorld;
  const count = async (table: string) =>
    (
      await queryRows<{ n: number }>(
        w.t.server.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      )
    )[0]!.n;

  beforeAll(async () => {
    w = await startProjectWorld();
  }, 240_000);
  afterAll(async () => w.close());

  describe('projects', () => {
    it('numbers a new project PJ- and starts it planned', async () => {
      const a = await w.newProject();
      const b = await w.newProject();
      expect(a.number).toMatch(/^PJ-\d{5}$/);
      expect(Number(String(b.number).slice(3))).toBe(Number(String(a.number).slice(3)) + 1);
      expect(a.status).toBe('planned');
    });

    it('refuses a project due before it starts, writing nothing', async () => {
      const before = await count('pm_projects');
      const reply = await (
        await w.as('manager')
      ).send('POST', PM_PROJECTS.api, {
        name: 'Backwards',
        owner_id: await w.userId('manager'),
        start_date: '2030-02-01',
        due_date: '2030-01-01',
      });
      expect(reply.httpStatus).toBe(422);
      expect(reply.data).toEqual({ due_date: 'The project is due on or after its start' });
      expect(await count('pm_projects')).toBe(before);
    });

    it('lets admin, director and manager in and refuses every other role', async () => {
      for (const role of ['admin', 'director', 'manager']) {
        expect((await (await w.as(role)).get<List>(PM_PROJECTS.api)).httpStatus).toBe(200);
      }
      const p = await w.newProject();
      for (const role of ['warehouse', 'sealer', 'planning']) {
        const client = await w.as(role);
        expect((await client.get(PM_PROJECTS.api)).httpStatus).toBe(403);
        expect((await client.get('/api/projects/report')).httpStatus).toBe(403);
        expect((await w.event(role, PM_PROJECTS, p.id, 'start')).httpStatus).toBe(403);
      }
      expect((await w.read(PM_PROJECTS, p.id)).status).toBe('planned');
      expect((await w.event('director', PM_PROJECTS, p.id, 'start')).data.status).toBe('active');
    });

    it('runs planned → active ⇄ on_hold, refusing unmapped events', async () => {
      const p = await w.newProject();
      const early = await w.event('manager', PM_PROJECTS, p.id, 'complete');
      expect([early.httpStatus, early.data]).toEqual([
        422,
        { status: 'Transition planned→complete not allowed' },
      ]);
      expect((await w.event('manager', PM_PROJECTS, p.id, 'start')).data.status).toBe('active');
      expect((await w.event('manager', PM_PROJECTS, p.id, 'hold')).data.status).toBe('on_hold');
      expect((await w.event('manager', PM_PROJECTS, p.id, 'resume')).data.status).toBe('active');
    });

    it('refuses a stale version on an edit and on an event, changing nothing', async () => {
      const p = await w.newProject();
      const client = await w.as('manager');
      const saved = await client.send<Row>('PUT', `${PM_PROJECTS.api}/${p.id}`, {
        version: p.version,
        name: 'Renamed',
      });
      expect(saved.httpStatus).toBe(200);
      const stale = await client.send('PUT', `${PM_PROJECTS.api}/${p.id}`, {
        version: p.version,
        name: 'Overwritten',
      });
      expect([stale.httpStatus, stale.message]).toEqual([409, 'stale_version']);
      const event = await w.event('manager', PM_PROJECTS, p.id, 'start', { version: p.version });
      expect([event.httpStatus, event.message]).toEqual([409, 'stale_version']);
      const now = await w.read(PM_PROJECTS, p.id);
      expect([now.name, now.status, now.version]).toEqual([
        'Renamed',
        'planned',
        saved.data.version,
      ]);
    });

    it('cancels only with a reason', async () => {
      const p = await w.newProject();
      const bare = await w.event('manager', PM_PROJECTS, p.id, 'cancel');
      expect([bare.httpStatus, bare.data]).toEqual([422, { reason: 'required' }]);
      const done = await w.event('manager', PM_PROJECTS, p.id, 'cancel', { reason: 'Dropped' });
      expect(done.data.status).toBe('cancelled');
    });

    it('completes only when every task is done or cancelled, saying how many are not', async () => {
      const p = await w.newProject();
      await w.event('manager', PM_PROJECTS, p.id, 'start');
      const a = await w.newTask(p.id);
      const b = await w.newTask(p.id);
      await w.newTask(p.id);
      const refused = await w.event('manager', PM_PROJECTS, p.id, 'complete');
      expect([refused.httpStatus, refused.data]).toEqual([
        422,
        { status: '3 tasks are neither done nor cancelled: finish or cancel them first' },
      ]);
      await w.event('manager', PM_TASKS, a.id, 'start');
      await w.event('manager', PM_TASKS, a.id, 'finish');
      await w.event('manager', PM_TASKS, b.id, 'cancel', { reason: 'Not needed' });
      const one = await w.event('manager', PM_PROJECTS, p.id, 'complete');
      expect(one.data).toEqual({
        status: '1 task is neither done nor cancelled: finish or cancel it first',
      });
      const rows = (
        await (
          await w.as('manager')
        ).get<List>(PM_TASKS.api, {
          filter: [
            {
              field: 'project_id',
              field_type: 'number',
              filters: [{ operator: 'equals', value: p.id }],
            },
          ],
        })
      ).data.rows;
      const last = rows.find((r) => r.status === 'todo')!;
      await w.event('manager', PM_TASKS, last.id, 'cancel', { reason: 'Later' });
      const completed = await w.event('manager', PM_PROJECTS, p.id, 'complete');
      expect(completed.data.status).toBe('completed');
      expect(completed.data.completed_on).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
      // A finished project takes no more work.
      const more = await (
        await w.as('manager')
      ).send('POST', PM_TASKS.api, {
        project_id: p.id,
        title: 'Too late',
        start_date: '2030-01-01',
        due_date: '2030-01-02',
      });
      expect([more.httpStatus, more.data]).toEqual([
        422,
        { project_id: 'The project is completed: it takes no more changes' },
      ]);
    });
  });

  describe('tasks and items', () => {
    it('refuses a task, an item or a record without its parent', async () => {
      const client = await w.as('manager');
      const task = await client.send('POST', PM_TASKS.api, {
        title: 'Orphan',
        start_date: '2030-01-01',
        due_date: '2030-01-02',
      });
      expect([task.httpStatus, task.data]).toEqual([422, { project_id: 'required' }]);
      const item = await client.send('POST', PM_TASK_ITEMS.api, { title: 'Orphan' });
      expect([item.httpStatus, item.data]).toEqual([422, { task_id: 'required' }]);
      const record = await client.send('POST', PM_TASK_ITEM_RECORDS.api, {
        record_date: '2030-01-01',
        hours: 1,
      });
      expect([record.httpStatus, record.data]).toEqual([422, { task_item_id: 'required' }]);
    });

    it('runs todo → in_progress ⇄ blocked → done → reopened', async () => {
      const p = await w.newProject();
      const t = await w.newTask(p.id);
      expect((await w.event('manager', PM_TASKS, t.id, 'finish')).httpStatus).toBe(422);
      expect((await w.event('manager', PM_TASKS, t.id, 'start')).data.status).toBe('in_progress');
      expect((await w.event('manager', PM_TASKS, t.id, 'block')).data.status).toBe('blocked');
      expect((await w.event('manager', PM_TASKS, t.id, 'unblock')).data.status).toBe('in_progress');
      expect((await w.event('manager', PM_TASKS, t.id, 'finish')).data.status).toBe('done');
      expect((await w.event('manager', PM_TASKS, t.id, 'reopen')).data.status).toBe('in_progress');
      expect((await w.event('warehouse', PM_TASKS, t.id, 'block')).httpStatus).toBe(403);
    });

    it('keeps a task’s progress as done items ÷ items, and finishes it only with every item done', async () => {
      const p = await w.newProject();
      const t = await w.newTask(p.id);
      const [a, b, c] = [await w.newItem(t.id), await w.newItem(t.id), await w.newItem(t.id)];
      expect((await w.read(PM_TASKS, t.id)).progress_pct).toBe(0);
      await w.event('manager', PM_TASK_ITEMS, a.id, 'tick');
      expect((await w.read(PM_TASKS, t.id)).progress_pct).toBe(33.33);
      const ticked = await w.event('manager', PM_TASK_ITEMS, b.id, 'tick');
      expect(ticked.data.done_at).toBeTruthy();
      expect((await w.read(PM_TASKS, t.id)).progress_pct).toBe(66.67);
      await w.event('manager', PM_TASK_ITEMS, b.id, 'untick');
      expect((await w.read(PM_TASKS, t.id)).progress_pct).toBe(33.33);
      expect((await w.read(PM_TASK_ITEMS, b.id)).done_at).toBeNull();

      await w.event('manager', PM_TASKS, t.id, 'start');
      const early = await w.event('manager', PM_TASKS, t.id, 'finish');
      expect(early.data).toEqual({ status: '2 items are still open: tick them done first' });

      // Removing an open item and ticking the last: 2 of 2.
      const client = await w.as('manager');
      const removed = await client.send('DELETE', `${PM_TASK_ITEMS.api}/${c.id}`);
      expect(removed.httpStatus).toBe(200);
      expect((await w.read(PM_TASKS, t.id)).progress_pct).toBe(50);
      await w.event('manager', PM_TASK_ITEMS, b.id, 'tick');
      expect((await w.read(PM_TASKS, t.id)).progress_pct).toBe(100);
      expect((await w.event('manager', PM_TASKS, t.id, 'finish')).data.status).toBe('done');
      // A done task's items stay as they are.
      const untick = await w.event('manager', PM_TASK_ITEMS, a.id, 'untick');
      expect(untick.data).toEqual({
        status: 'The task is done or cancelled: reopen it to change its items',
      });
      const stale = await w.event('manager', PM_TASK_ITEMS, a.id, 'untick', { version: 1 });
      expect(stale.httpStatus).toBe(409);
    });
  });

  describe('realtime', () => {
    afterEach(() => disconnectEchoes());

    it('announces a tick on private-projects as task_item.updated and task.updated, with the new progress', async () => {
      const p = await w.newProject();
      const t = await w.newTask(p.id);
      const item = await w.newItem(t.id);
      await w.newItem(t.id);
      const echo = await connectEcho(w.t.url, (await w.as('director')).token);
      const channel = echo.private('projects');
      await subscribed(channel);
      const heard = (event: string) =>
        waitFor(
          new Promise<{ id: number; data: Row }>((resolve) =>
            channel.listen(`.${event}`, (delta: { id: number; data: Row }) => resolve(delta)),
          ),
          event,
        );
      const itemHeard = heard('task_item.updated');
      const taskHeard = heard('task.updated');
      await w.event('manager', PM_TASK_ITEMS, item.id, 'tick');
      expect((await itemHeard).data).toMatchObject({ id: item.id, status: 'done' });
      expect((await taskHeard).data).toMatchObject({ id: t.id, progress_pct: 50 });
      const projectHeard = heard('project.updated');
      await w.event('manager', PM_PROJECTS, p.id, 'start');
      expect((await projectHeard).data).toMatchObject({ id: p.id, status: 'active' });
    });
  });

  describe('time records', () => {
    it('takes more than 0 and at most 24 hours, writing nothing otherwise', async () => {
      const p = await w.newProject();
      const item = await w.newItem((await w.newTask(p.id)).id);
      const client = await w.as('manager');
      const before = await count('pm_task_item_records');
      for (const hours of [0, -1, 24.01, 25, 1.234, 'abc']) {
        const reply = await client.send('POST', PM_TASK_ITEM_RECORDS.api, {
          task_item_id: item.id,
          record_date: '2030-01-06',
          hours,
        });
        expect(reply.httpStatus, String(hours)).toBe(422);
        expect(reply.data).toHaveProperty('hours');
      }
      expect(await count('pm_task_item_records')).toBe(before);
      for (const hours of [24, 0.25]) {
        const ok = await client.send('POST', PM_TASK_ITEM_RECORDS.api, {
          task_item_id: item.id,
          record_date: '2030-01-06',
          hours,
          note: 'Wrote the spec',
        });
        expect(ok.httpStatus).toBe(201);
      }
      expect((await w.read(PM_TASK_ITEMS, item.id)).hours).toBe(24.25);
    });
  });

  describe('report', () => {
    it('counts tasks, hours, % complete and days late per project, by hand', async () => {
      const director = await w.userId('director');
      // Due 2020-01-31 and still active: late from then to today.
      const late = await w.newProject({
        name: 'Report late',
        owner_id: director,
        start_date: '2020-01-01',
        due_date: '2020-01-31',
      });
      await w.event('manager', PM_PROJECTS, late.id, 'start');
      const done = await w.newTask(late.id, { start_date: '2020-01-02', due_date: '2020-01-10' });
      await w.newTask(late.id, { start_date: '2020-01-02', due_date: '2020-01-20' }); // overdue
      await w.newTask(late.id, { start_date: '2020-01-02', due_date: '2099-01-20' }); // not yet due
      const dropped = await w.newTask(late.id, {
        start_date: '2020-01-02',
        due_date: '2020-01-05',
      });
      const item = await w.newItem(done.id);
      const client = await w.as('manager');
      for (const hours of [2.5, 3.25]) {
        await client.send('POST', PM_TASK_ITEM_RECORDS.api, {
          task_item_id: item.id,
          record_date: '2020-01-03',
          hours,
        });
      }
      await w.event('manager', PM_TASK_ITEMS, item.id, 'tick');
      await w.event('manager', PM_TASKS, done.id, 'start');
      await w.event('manager', PM_TASKS, done.id, 'finish');
      await w.event('manager', PM_TASKS, dropped.id, 'cancel', { reason: 'Out of scope' });
      // Completed 10 days after its due day (set directly: completion is stamped today).
      const finished = await w.newProject({
        name: 'Report finished',
        owner_id: director,
        start_date: '2020-01-01',
        due_date: '2020-01-31',
      });
      await w.t.server.database.db.execute(
        sql`update pm_projects set status = 'completed', completed_on = '2020-02-10' where id = ${finished.id}`,
      );

      const report = await client.get<Report>('/api/projects/report', {
        owner_id: director,
        from: '2020-01-01',
        to: '2020-12-31',
      });
      expect(report.httpStatus).toBe(200);
      const { today, rows } = report.data;
      const sinceDue = Math.round((Date.parse(today) - Date.parse('2020-01-31')) / 86_400_000);
      expect(rows.map((r) => r.id)).toEqual([late.id, finished.id]);
      expect(rows[0]).toMatchObject({
        tasks_total: 3,
        tasks_done: 1,
        tasks_overdue: 1,
        pct_complete: 33,
        hours: 5.75,
        days_late: sinceDue,
      });
      expect(rows[1]).toMatchObject({
        tasks_total: 0,
        tasks_done: 0,
        pct_complete: 0,
        hours: 0,
        days_late: 10,
      });

      const onlyCompleted = await client.get<Report>('/api/projects/report', {
        owner_id: director,
        status: ['completed'],
      });
      expect(onlyCompleted.data.rows.map((r) => r.id)).toEqual([finished.id]);
      const outside = await client.get<Report>('/api/projects/report', {
        owner_id: director,
        from: '2021-01-01',
        to: '2021-12-31',
      });
      expect(outside.data.rows).toEqual([]);
      const backwards = await client.get('/api/projects/report', {
        from: '2021-01-02',
        to: '2021-01-01',
      });
      expect(backwards.httpStatus).toBe(422);
    });
  });
});
