import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PM_TASKS } from '../../shared/entities/pm-tasks.entity.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import type { Row } from '../../../../tests/support/entity-crud.ts';
import { startProjectWorld, type ProjectWorld } from '../project-fixtures.ts';

// A task's reschedule and its finish-to-start dependencies (docs/domain/projects.md §9) through
// the real HTTP stack: both travel in the task's versioned update, a stale version is refused
// and told, and a link across projects, a loop, or dates that start a task before a predecessor
// is due are refused 422 in the envelope with the field that broke the rule, writing nothing.

describe('task reschedule and dependencies', () => {
  let w: ProjectWorld;
  let projectId: number;

  const put = async (task: Row, values: Record<string, unknown>, version = task.version) =>
    (await w.as('manager')).send<Row>('PUT', `${PM_TASKS.api}/${task.id}`, { ...values, version });
  const links = async (taskId: number) =>
    (
      await queryRows<{ id: number }>(
        w.t.server.database.db,
        sql`select predecessor_id::int as id from pm_task_dependencies where task_id = ${taskId}
            order by predecessor_id`,
      )
    ).map((r) => r.id);
  /** Three tasks: design 01-05..01-10, build 01-10..01-20, test 01-21..01-25. */
  const chain = async () => ({
    design: await w.newTask(projectId, { start_date: '2030-01-05', due_date: '2030-01-10' }),
    build: await w.newTask(projectId, { start_date: '2030-01-10', due_date: '2030-01-20' }),
    test: await w.newTask(projectId, { start_date: '2030-01-21', due_date: '2030-01-25' }),
  });

  beforeAll(async () => {
    w = await startProjectWorld();
    projectId = (await w.newProject()).id;
  }, 240_000);
  afterAll(async () => w.close());

  it('moves a task with the version read and refuses a stale one, naming who saved first', async () => {
    const task = await w.newTask(projectId, { start_date: '2030-01-05', due_date: '2030-01-10' });
    const moved = await put(task, { start_date: '2030-01-07', due_date: '2030-01-12' });
    expect(moved.httpStatus, JSON.stringify(moved.data)).toBe(200);
    expect(moved.data).toMatchObject({
      start_date: '2030-01-07',
      due_date: '2030-01-12',
      version: task.version + 1,
    });
    const stale = await put(task, { start_date: '2030-01-08', due_date: '2030-01-13' });
    expect([stale.httpStatus, stale.message]).toEqual([409, 'stale_version']);
    expect(stale.data).toMatchObject({ current: { version: task.version + 1 } });
    expect((await w.read(PM_TASKS, task.id)).start_date).toBe('2030-01-07');
  });

  it('links a task to its predecessors in its update and reads them back as depends_on', async () => {
    const { design, build, test } = await chain();
    const linked = await put(build, { depends_on: [design.id] });
    expect(linked.httpStatus, JSON.stringify(linked.data)).toBe(200);
    expect(linked.data.depends_on).toEqual([design.id]);
    expect(linked.data.version).toBe(build.version + 1);
    const two = await put(test, { depends_on: [build.id, design.id, build.id] });
    expect(two.httpStatus, JSON.stringify(two.data)).toBe(200);
    expect(two.data.depends_on).toEqual([design.id, build.id].sort((a, b) => a - b));
    // A write without depends_on keeps the links; an empty list removes them.
    const renamed = await put(two.data, { title: 'Test it all' });
    expect(renamed.data.depends_on).toEqual(two.data.depends_on);
    const cleared = await put(renamed.data, { depends_on: [] });
    expect(cleared.data.depends_on).toEqual([]);
    expect(await links(test.id)).toEqual([]);
  });

  it('refuses a loop, a link to itself and a task of another project, writing nothing', async () => {
    const { design, build, test } = await chain();
    const b = (await put(build, { depends_on: [design.id] })).data;
    const t = (await put(test, { depends_on: [b.id] })).data;
    const loop = await put(await w.read(PM_TASKS, design.id), { depends_on: [t.id] });
    expect([loop.httpStatus, loop.message]).toEqual([422, 'validation_error']);
    expect(loop.data).toEqual({
      depends_on: 'These dependencies would form a loop: a task would wait for itself',
    });
    expect(await links(design.id)).toEqual([]);

    const self = await put(t, { depends_on: [t.id] });
    expect([self.httpStatus, self.data]).toEqual([
      422,
      { depends_on: 'A task cannot depend on itself' },
    ]);

    const elsewhere = await w.newTask((await w.newProject()).id, { title: 'Elsewhere' });
    const foreign = await put(t, { depends_on: [elsewhere.id] });
    expect([foreign.httpStatus, foreign.data]).toEqual([
      422,
      { depends_on: '"Elsewhere" belongs to another project' },
    ]);
    const missing = await put(t, { depends_on: [999_999] });
    expect([missing.httpStatus, missing.data]).toEqual([422, { depends_on: 'exists' }]);
    expect(await links(t.id)).toEqual([b.id]);
    expect((await w.read(PM_TASKS, t.id)).version).toBe(t.version);
  });

  it('refuses a dependent starting before its predecessor is due, whichever end moves', async () => {
    const { design, build } = await chain();
    const early = await w.newTask(projectId, {
      title: 'Too early',
      start_date: '2030-01-06',
      due_date: '2030-01-08',
    });
    const refused = await put(early, { depends_on: [build.id] });
    expect([refused.httpStatus, refused.data]).toEqual([
      422,
      { depends_on: `Cannot start before "${String(build.title)}" is due on 01/20/2030` },
    ]);
    // Starting on the predecessor's due day is allowed (docs/domain/projects.md §9).
    const b = (await put(build, { depends_on: [design.id] })).data;
    expect(b.depends_on).toEqual([design.id]);

    // The dependent moved earlier than its predecessor's due day.
    const tooSoon = await put(b, { start_date: '2030-01-09', due_date: '2030-01-19' });
    expect([tooSoon.httpStatus, tooSoon.data]).toEqual([
      422,
      { start_date: `Cannot start before "${String(design.title)}" is due on 01/10/2030` },
    ]);
    // The predecessor's due day moved past the dependent's start.
    const late = await put(await w.read(PM_TASKS, design.id), { due_date: '2030-01-12' });
    expect([late.httpStatus, late.data]).toEqual([
      422,
      {
        due_date: `"${String(build.title)}" waits for this task and starts on 01/10/2030: due no later than that`,
      },
    ]);
    expect((await w.read(PM_TASKS, design.id)).due_date).toBe('2030-01-10');
    // Moving both in order works: the dependent first, then its predecessor.
    expect((await put(b, { start_date: '2030-01-13', due_date: '2030-01-23' })).httpStatus).toBe(
      200,
    );
    const moved = await put(await w.read(PM_TASKS, design.id), { due_date: '2030-01-12' });
    expect(moved.httpStatus, JSON.stringify(moved.data)).toBe(200);
  });

  it('lets only the project roles link tasks, and drops the links with a deleted task', async () => {
    const { design, build } = await chain();
    const planning = await w.as('planning');
    const refused = await planning.send('PUT', `${PM_TASKS.api}/${build.id}`, {
      depends_on: [design.id],
      version: build.version,
    });
    expect(refused.httpStatus).toBe(403);
    expect(await links(build.id)).toEqual([]);
    await put(build, { depends_on: [design.id] });
    const design2 = await w.read(PM_TASKS, design.id);
    const removed = await (
      await w.as('manager')
    ).send('DELETE', `${PM_TASKS.api}/${design2.id}?version=${design2.version}`);
    expect(removed.httpStatus).toBe(200);
    expect((await w.read(PM_TASKS, build.id)).depends_on).toEqual([]);
  });
});
