import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import { TRAINING_CHANNEL } from './training-values.ts';

/**
 * Training categories (docs/domain/training.md §8): read by trainers, kept by the training admin.
 */
export const TRAINING_CATEGORIES = declareEntity({
  name: 'training_categories',
  label: 'Training category',
  pluralLabel: 'Training categories',
  api: '/api/training/categories',
  area: 'training_trainer',
  writeArea: 'training_admin',
  channel: TRAINING_CHANNEL,
  event: 'training_category',
  labelField: 'name',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 40, width: 140 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 120, width: 260 },
  ],
});
