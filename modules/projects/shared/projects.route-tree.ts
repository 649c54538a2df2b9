import { buildRoutes, form, group, page } from '../../../src/domain/route-map/route-builder.ts';

// Project Management (docs/product.md §2), at the root as the spec writes it; the "Projects" row.

const P = 'projects' as const;

export const PROJECTS_ROUTES = buildRoutes(
  group(
    '/projects',
    'projects',
    'Project Management',
    'IconChecklist',
    [
      page('/list-projects', 'projects.list', 'Projects', 'IconBriefcase', P),
      form('/projects/tasks/:project_id', 'projects.tasks', 'Project Tasks', 'IconListCheck', P),
      form('/projects/tasks/items/:task_id', 'projects.task-items', 'Task Items', 'IconList', P),
      form(
        '/task_items/record/:task_item_id',
        'projects.task-item-records',
        'Task Item Records',
        'IconClock',
        P,
      ),
      page('/projects_report', 'projects.report', 'Projects Report', 'IconReportAnalytics', P),
    ],
    { module: P, area: P },
  ),
);
