import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  allowedProjectActions,
  PROJECT_TRANSITIONS,
  projectMachine,
  type ProjectFacts,
} from '../../shared/machines/pm-project.machine.ts';
import {
  TASK_ITEM_TRANSITIONS,
  taskItemMachine,
} from '../../shared/machines/pm-task-item.machine.ts';
import {
  allowedTaskActions,
  TASK_TRANSITIONS,
  taskMachine,
  type TaskFacts,
} from '../../shared/machines/pm-task.machine.ts';
import { decide, type WorkflowDoc } from '../../../../src/machines/workflows/document-workflow.ts';

// Project Management's lifecycles (docs/domain/projects.md §9): a project completes once every task
// is done or cancelled; a task is done once every item is; nothing under a closed project or task
// moves. Admin, director and manager only.

const manager = { id: 7, roles: ['manager'] };
const director = { id: 8, roles: ['director'] };
const warehouse = { id: 9, roles: ['warehouse'] };

type Project = WorkflowDoc & ProjectFacts;
type Task = WorkflowDoc & TaskFacts;

const project = (event: string, doc: Project, user = manager) =>
  decide(projectMachine, PROJECT_TRANSITIONS, event, user, doc);
const task = (event: string, doc: Task, user = manager) =>
  decide(taskMachine, TASK_TRANSITIONS, event, user, doc);
const item = (event: string, doc: WorkflowDoc & { task_closed?: number }) =>
  decide(taskItemMachine, TASK_ITEM_TRANSITIONS, event, manager, doc);

describe('project machine', () => {
  it('starts planned', () => {
    expect(createActor(projectMachine).start().getSnapshot().value).toBe('planned');
  });

  it('goes planned → active ⇄ on_hold', () => {
    expect(project('start', { status: 'planned' })).toEqual({ kind: 'ok', to: 'active' });
    expect(project('hold', { status: 'active' }, director)).toEqual({ kind: 'ok', to: 'on_hold' });
    expect(project('resume', { status: 'on_hold' })).toEqual({ kind: 'ok', to: 'active' });
    expect(project('complete', { status: 'on_hold', open_tasks: 0 }).kind).toBe('unmapped');
  });

  it('completes only with no task open, saying how many are', () => {
    expect(project('complete', { status: 'active', open_tasks: 0 })).toEqual({
      kind: 'ok',
      to: 'completed',
    });
    expect(project('complete', { status: 'active', open_tasks: 2 })).toEqual({
      kind: 'refused',
      reason: '2 tasks are neither done nor cancelled: finish or cancel them first',
    });
  });

  it('refuses roles outside Project Management', () => {
    expect(project('start', { status: 'planned' }, warehouse).kind).toBe('forbidden');
  });

  it('offers cancel with a reason from every open status, nothing once finished', () => {
    for (const status of ['planned', 'active', 'on_hold']) {
      const cancel = allowedProjectActions({ status }, manager).find((a) => a.event === 'cancel');
      expect(cancel).toMatchObject({ allowed: true, needsReason: true });
    }
    expect(allowedProjectActions({ status: 'completed' }, manager)).toEqual([]);
    expect(allowedProjectActions({ status: 'cancelled' }, manager)).toEqual([]);
  });

  it('shows complete off, with its reason, while tasks are open', () => {
    const complete = allowedProjectActions(
      { status: 'active', open_tasks: 1 } as Project,
      manager,
    ).find((a) => a.event === 'complete');
    expect(complete).toMatchObject({
      allowed: false,
      reason: '1 task is neither done nor cancelled: finish or cancel it first',
    });
  });
});

describe('task machine', () => {
  it('goes todo → in_progress ⇄ blocked → done → reopened', () => {
    expect(task('start', { status: 'todo' })).toEqual({ kind: 'ok', to: 'in_progress' });
    expect(task('block', { status: 'in_progress' })).toEqual({ kind: 'ok', to: 'blocked' });
    expect(task('unblock', { status: 'blocked' })).toEqual({ kind: 'ok', to: 'in_progress' });
    expect(task('finish', { status: 'in_progress', open_items: 0 })).toEqual({
      kind: 'ok',
      to: 'done',
    });
    expect(task('reopen', { status: 'done' })).toEqual({ kind: 'ok', to: 'in_progress' });
    expect(task('finish', { status: 'blocked' }).kind).toBe('unmapped');
  });

  it('is done only once every item is', () => {
    expect(task('finish', { status: 'in_progress', open_items: 1 })).toEqual({
      kind: 'refused',
      reason: '1 item is still open: tick it done first',
    });
  });

  it('does not move under a completed or cancelled project', () => {
    for (const event of ['start', 'cancel']) {
      expect(task(event, { status: 'todo', project_closed: 1 })).toMatchObject({
        kind: 'refused',
        reason: 'The project is completed or cancelled: its tasks no longer change',
      });
    }
    expect(allowedTaskActions({ status: 'done', project_closed: true } as Task, manager)).toEqual([
      expect.objectContaining({ event: 'reopen', allowed: false }),
    ]);
  });
});

describe('task item machine', () => {
  it('ticks open ⇄ done while its task is open', () => {
    expect(item('tick', { status: 'open' })).toEqual({ kind: 'ok', to: 'done' });
    expect(item('untick', { status: 'done' })).toEqual({ kind: 'ok', to: 'open' });
    expect(item('untick', { status: 'done', task_closed: 1 }).kind).toBe('refused');
  });
});
