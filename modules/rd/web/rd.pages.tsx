import { RD_PROJECTS } from '../shared/entities/rd-projects.entity.ts';
import { RD_SAMPLES } from '../shared/entities/rd-samples.entity.ts';
import { RD_ROUTES } from '../shared/rd.route-tree.ts';
import { entityScreen } from '../../../src/views/common/entity/entity-screen.tsx';
import { notBuiltPages, type PageMap } from '../../../src/views/modules/page-map.ts';
import { RdProjectPage } from './rd-project.page.tsx';
import { RdProjectsReportPage } from './rd-projects-report.page.tsx';
import { RdRecipesPage } from './rd-recipes.page.tsx';
import { RdSampleDevelopPage } from './rd-sample-develop.page.tsx';
import { DEVELOP_PATH } from './rd-sample-header.tsx';
import { RdSampleSpecificationsPage } from './rd-sample-specifications.page.tsx';
import { RdSamplesReportPage } from './rd-samples-report.page.tsx';

// Loaded lazily by the router, so R&D is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

/** R&D screens keyed by route name. */
export const pages: PageMap = {
  ...notBuiltPages([RD_ROUTES]),
  'rd.projects': entityScreen(RD_PROJECTS, {
    formPath: '/rd/project',
    phoneCards: {
      title: 'number',
      subtitle: 'title',
      facts: ['status', 'priority', 'target_date', 'sample_count'],
    },
  }),
  'rd.project': RdProjectPage,
  'rd.samples': entityScreen(RD_SAMPLES, {
    formPath: DEVELOP_PATH,
    phoneCards: {
      title: 'number',
      subtitle: 'project_title',
      facts: ['status', 'due_date', 'flavorist_id', 'iteration'],
    },
  }),
  'rd.sample-develop': RdSampleDevelopPage,
  'rd.sample-specifications': RdSampleSpecificationsPage,
  'rd.recipes': RdRecipesPage,
  'rd.samples-report': RdSamplesReportPage,
  'rd.projects-report': RdProjectsReportPage,
};
