import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import { PM_PEOPLE } from './projects/pm-people.entity.ts';
import { PM_PROJECTS } from './projects/pm-projects.entity.ts';
import { PM_TASK_ITEM_RECORDS } from './projects/pm-task-item-records.entity.ts';
import { PM_TASK_ITEMS } from './projects/pm-task-items.entity.ts';
import { PM_TASKS } from './projects/pm-tasks.entity.ts';

/** Project Management's declared entities (docs/domain/projects.md §9). */
export const PROJECT_ENTITIES: readonly EntityDeclaration[] = [
  PM_PROJECTS,
  PM_TASKS,
  PM_TASK_ITEMS,
  PM_TASK_ITEM_RECORDS,
  PM_PEOPLE,
];
