import { TRAINING_CATEGORIES } from '../../../domain/entities/training/training-categories.entity.ts';
import { TRAINING_DOCUMENTS } from '../../../domain/entities/training/training-documents.entity.ts';
import { TRAINING_LOGS } from '../../../domain/entities/training/training-logs.entity.ts';
import { TRAINING_SETTINGS } from '../../../domain/entities/training/training-settings.entity.ts';
import { TRAINING_ROUTES } from '../../../domain/route-map/training.routes.ts';
import { allowedTrainingDocumentActions } from '../../../machines/workflows/training-document.machine.ts';
import { entityScreen } from '../../common/entity/entity-screen.tsx';
import { SettingsScreen } from '../general/settings-screen.tsx';
import { notBuiltPages, type PageMap } from '../page-map.ts';
import { CurriculaPage } from './curricula.page.tsx';
import { DOCUMENT_FILE } from './document-file.extra.tsx';
import { TrainingsPage } from './trainings.page.tsx';

// Loaded lazily by the router, so Training is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.

function TrainingSettingsScreen() {
  return <SettingsScreen entity={TRAINING_SETTINGS} />;
}

/** Training screens keyed by route name. */
export const trainingPages: PageMap = {
  ...notBuiltPages([TRAINING_ROUTES]),
  'training.documents': entityScreen(TRAINING_DOCUMENTS, {
    allowed: allowedTrainingDocumentActions,
    extra: DOCUMENT_FILE,
  }),
  'training.projects': CurriculaPage,
  'training.trainings': TrainingsPage,
  'training.logs': entityScreen(TRAINING_LOGS),
  'training.categories': entityScreen(TRAINING_CATEGORIES),
  'training.settings': TrainingSettingsScreen,
};
