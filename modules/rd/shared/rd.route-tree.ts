import { buildRoutes, form, group, page } from '../../../src/domain/route-map/route-builder.ts';

// R&D (docs/product.md §2 /rd). "R&D overall" holds every role of the other R&D rows, so it gates
// the group. The role map names recipes and reports without routes; these paths are ours
// (docs/domain/rd.md §7 for the reports).

export const RD_ROUTES = buildRoutes(
  group(
    '/rd',
    'rd',
    'R&D',
    'IconBulb',
    [
      page('/rd/projects', 'rd.projects', 'R&D Projects', 'IconBulb', 'rd_projects'),
      form('/rd/project/:id?', 'rd.project', 'R&D Project', 'IconBulb', 'rd_projects'),
      page('/rd/samples', 'rd.samples', 'Samples', 'IconTestPipe2', 'rd_samples'),
      form(
        '/rd/sample/develop/:id',
        'rd.sample-develop',
        'Develop Sample',
        'IconTestPipe2',
        'rd_samples',
      ),
      form(
        '/rd/sample/specifications/:id',
        'rd.sample-specifications',
        'Sample Specifications',
        'IconClipboardText',
        'rd_samples',
      ),
      // Approved samples waiting to be promoted to draft production recipes.
      page('/rd/recipes', 'rd.recipes', 'Recipe Promotion', 'IconFlask2', 'rd_recipe_change'),
      group('/rd/reports', 'rd.reports', 'Reports', 'IconReportAnalytics', [
        page(
          '/rd/reports/samples',
          'rd.samples-report',
          'Samples Report',
          'IconChartBar',
          'rd_reports',
        ),
        page(
          '/rd/reports/projects',
          'rd.projects-report',
          'Projects Report',
          'IconChartBar',
          'rd_reports',
        ),
      ]),
    ],
    { module: 'rd', area: 'rd_overall' },
  ),
);
