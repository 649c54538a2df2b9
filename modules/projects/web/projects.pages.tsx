import { PROJECTS_ROUTES } from '../shared/projects.route-tree.ts';
import { notBuiltPages, type PageMap } from '../../../src/views/modules/page-map.ts';
import { ProjectTasksPage } from './project-tasks.page.tsx';
import { ProjectsListPage } from './projects-list.page.tsx';
import { ProjectsReportPage } from './projects-report.page.tsx';
import { TaskItemRecordsPage } from './task-item-records.page.tsx';
import { TaskItemsPage } from './task-items.page.tsx';

// Loaded lazily by the router, so Project Management is a chunk of its own. A project's tasks,
// a task's items and an item's time records are pages of their own, reached from their parent.

/** Project Management screens keyed by route name. */
export const pages: PageMap = {
  ...notBuiltPages([PROJECTS_ROUTES]),
  'projects.list': ProjectsListPage,
  'projects.tasks': ProjectTasksPage,
  'projects.task-items': TaskItemsPage,
  'projects.task-item-records': TaskItemRecordsPage,
  'projects.report': ProjectsReportPage,
};
