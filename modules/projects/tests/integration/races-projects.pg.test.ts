import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PM_PROJECTS } from '../../shared/entities/pm-projects.entity.ts';
import { PM_TASK_ITEMS } from '../../shared/entities/pm-task-items.entity.ts';
import { PM_TASKS } from '../../shared/entities/pm-tasks.entity.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { startProjectWorld, type ProjectWorld } from '../project-fixtures.ts';
import { backends } from '../../../../tests/support/test-server.ts';

// A task finished while one of its items is ticked back open, a project completed while one
// of its tasks is reopened, at the same moment. PGlite runs one transaction at a time, so only
// the PostgreSQL run can show a race; both must hold the rule: exactly one of the two goes
// through, and no done task keeps an open item, no completed project an open task.

const PAIRS = 8;

describe.each(backends())('project events sent at once on %s', (backend) => {
  let w: ProjectWorld;
  beforeAll(async () => {
    w = await startProjectWorld(backend);
  }, 240_000);
  afterAll(async () => w.close());

  async function ok(entity: Parameters<ProjectWorld['event']>[1], id: number, event: string) {
    const reply = await w.event('manager', entity, id, event);
    expect(reply.httpStatus, `${event}: ${JSON.stringify(reply.data)}`).toBe(200);
    return reply.data;
  }

  /**
   * One of the two goes through; the other is refused: 422 when it reads the rule broken, or
   * 409 when the winner had also bumped its record (an item's untick recounts its task's
   * progress), since a stale version is refused before any rule is read.
   */
  function expectOneThrough(pair: { httpStatus: number }[]) {
    const statuses = pair.map((reply) => reply.httpStatus).sort();
    expect(statuses[0]).toBe(200);
    expect([409, 422]).toContain(statuses[1]);
  }

  /** A started project with a started task whose one item is ticked done. */
  async function readyTask() {
    const project = await w.newProject();
    await ok(PM_PROJECTS, project.id, 'start');
    const task = await w.newTask(project.id);
    await ok(PM_TASKS, task.id, 'start');
    const item = await w.newItem(task.id);
    await ok(PM_TASK_ITEMS, item.id, 'tick');
    return { project: project.id, task: task.id, item: item.id };
  }

  it('finishes a task or unticks its item, never both', async () => {
    const ready = [];
    for (let i = 0; i < PAIRS; i++) ready.push(await readyTask());
    const versions = await Promise.all(
      ready.map(async (r) => ({
        task: (await w.read(PM_TASKS, r.task)).version,
        item: (await w.read(PM_TASK_ITEMS, r.item)).version,
      })),
    );
    const replies = await Promise.all(
      ready.map((r, i) =>
        Promise.all([
          w.event('manager', PM_TASKS, r.task, 'finish', { version: versions[i]!.task }),
          w.event('manager', PM_TASK_ITEMS, r.item, 'untick', { version: versions[i]!.item }),
        ]),
      ),
    );
    for (const pair of replies) expectOneThrough(pair);
    const broken = await queryRows<{ id: number }>(
      w.t.server.database.db,
      sql`select t.id::int as id from pm_tasks t
           where t.status = 'done'
             and exists (select 1 from pm_task_items i where i.task_id = t.id and i.status = 'open')`,
    );
    expect(broken).toEqual([]);
  });

  it('completes a project or reopens its task, never both', async () => {
    const ready = [];
    for (let i = 0; i < PAIRS; i++) {
      const r = await readyTask();
      await ok(PM_TASKS, r.task, 'finish');
      ready.push(r);
    }
    const versions = await Promise.all(
      ready.map(async (r) => ({
        project: (await w.read(PM_PROJECTS, r.project)).version,
        task: (await w.read(PM_TASKS, r.task)).version,
      })),
    );
    const replies = await Promise.all(
      ready.map((r, i) =>
        Promise.all([
          w.event('manager', PM_PROJECTS, r.project, 'complete', {
            version: versions[i]!.project,
          }),
          w.event('manager', PM_TASKS, r.task, 'reopen', { version: versions[i]!.task }),
        ]),
      ),
    );
    for (const pair of replies) expectOneThrough(pair);
    const broken = await queryRows<{ id: number }>(
      w.t.server.database.db,
      sql`select p.id::int as id from pm_projects p
           where p.status = 'completed'
             and exists (select 1 from pm_tasks t where t.project_id = p.id
                          and t.status not in ('done', 'cancelled'))`,
    );
    expect(broken).toEqual([]);
  });
});
