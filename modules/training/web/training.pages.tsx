import { TRAINING_CATEGORIES } from '../shared/entities/training-categories.entity.ts';
import { TRAINING_LOGS } from '../shared/entities/training-logs.entity.ts';
import { TRAINING_SETTINGS } from '../shared/entities/training-settings.entity.ts';
import { TRAINING_ROUTES } from '../shared/training.route-tree.ts';
import { entityScreen } from '../../../src/views/common/entity/entity-screen.tsx';
import { SettingsScreen } from '../../general/web/settings-screen.tsx';
import { notBuiltPages, type PageMap } from '../../../src/views/modules/page-map.ts';
import { CurriculaPage } from './curricula.page.tsx';
import { TrainingDocumentsPage } from './training-documents.page.tsx';
import { TrainingsPage } from './trainings.page.tsx';

// Loaded lazily by the router, so Training is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

function TrainingSettingsScreen() {
  return <SettingsScreen entity={TRAINING_SETTINGS} />;
}

/** Training screens keyed by route name. */
export const pages: PageMap = {
  ...notBuiltPages([TRAINING_ROUTES]),
  'training.documents': TrainingDocumentsPage,
  'training.projects': CurriculaPage,
  'training.trainings': TrainingsPage,
  'training.logs': entityScreen(TRAINING_LOGS, {
    phoneCards: {
      title: 'document_label',
      subtitle: 'trainee_name',
      facts: ['event', 'created_at', 'created_by_name', 'note'],
    },
  }),
  'training.categories': entityScreen(TRAINING_CATEGORIES, {
    phoneCards: { title: 'code', subtitle: 'name', facts: [] },
  }),
  'training.settings': TrainingSettingsScreen,
};
