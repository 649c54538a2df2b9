import { buildRoutes, group, page } from '../../../src/domain/route-map/route-builder.ts';

// Training (docs/product.md §2, base /training chosen here). The spec does not itemise page roles:
// every Training-module user opens Trainings (their own; training_self); trainers read documents and logs;
// the change row maintains curricula; the admin row owns categories and settings.

export const TRAINING_ROUTES = buildRoutes(
  group(
    '/training',
    'training',
    'Training',
    'IconSchool',
    [
      page(
        '/training/training-documents',
        'training.documents',
        'Training Documents',
        'IconFileText',
        'training_trainer',
      ),
      page(
        '/training/training-projects',
        'training.projects',
        'Training Projects',
        'IconSchool',
        'training_change',
      ),
      page(
        '/training/trainings',
        'training.trainings',
        'Trainings',
        'IconCertificate',
        'training_self',
      ),
      page(
        '/training/training-logs',
        'training.logs',
        'Training Logs',
        'IconHistory',
        'training_trainer',
      ),
      page(
        '/training/categories',
        'training.categories',
        'Training Categories',
        'IconCategory',
        'training_admin',
      ),
      page(
        '/training/training-settings',
        'training.settings',
        'Training Settings',
        'IconSettings',
        'training_admin',
      ),
    ],
    { module: 'training' },
  ),
);
