// The statuses of Project Management's rows (docs/domain/projects.md §9) and the module's one
// channel.

/** planned → active ⇄ on_hold → completed (every task done or cancelled) | cancelled. */
export const PROJECT_STATUSES = ['planned', 'active', 'on_hold', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** todo → in_progress ⇄ blocked → done (reopen → in_progress) | cancelled. */
export const TASK_STATUSES = ['todo', 'in_progress', 'blocked', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A task's checklist item: ticked done, or still open. */
export const TASK_ITEM_STATUSES = ['open', 'done'] as const;
export type TaskItemStatus = (typeof TASK_ITEM_STATUSES)[number];

export const TASK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

/** Statuses in which a project or task is finished: nothing more is added under it. */
export const CLOSED_PROJECT_STATUSES: readonly string[] = ['completed', 'cancelled'];
export const CLOSED_TASK_STATUSES: readonly string[] = ['done', 'cancelled'];

/** Hours one time record may hold: more than nothing, at most a day (numeric(6,2)). */
export const RECORD_HOURS = { min: 0.01, max: 24 } as const;

/** Every Project Management list and event is broadcast on the module's one channel. */
export const PROJECTS_CHANNEL = 'private-projects';
