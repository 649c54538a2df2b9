import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import { PM_PEOPLE } from './entities/pm-people.entity.ts';
import { PM_PROJECTS } from './entities/pm-projects.entity.ts';
import { PM_TASK_ITEM_RECORDS } from './entities/pm-task-item-records.entity.ts';
import { PM_TASK_ITEMS } from './entities/pm-task-items.entity.ts';
import { PM_TASKS } from './entities/pm-tasks.entity.ts';

/** Project Management's declared entities (docs/domain/projects.md §9). */
export const entities: readonly EntityDeclaration[] = [
  PM_PROJECTS,
  PM_TASKS,
  PM_TASK_ITEMS,
  PM_TASK_ITEM_RECORDS,
  PM_PEOPLE,
];
