import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import { SETTINGS } from '../../../general/shared/entities/settings.entity.ts';

/** The `training.*` settings, edited on Training's own settings screen (training admin). */
export const TRAINING_SETTINGS = declareEntity({
  ...SETTINGS,
  name: 'training_settings',
  api: '/api/training/settings',
  area: 'training_admin',
  channel: 'private-training.settings',
});
