import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import { TRAINING_CHANNEL, TRAINING_LOG_EVENTS } from './training-values.ts';

/** What happened to each training, with the typed-name signatures (append-only). */
export const TRAINING_LOGS = declareEntity({
  name: 'training_logs',
  label: 'Training log',
  pluralLabel: 'Training logs',
  api: '/api/training/logs',
  area: 'training_trainer',
  channel: TRAINING_CHANNEL,
  event: 'training_log',
  labelField: 'event',
  writable: false,
  defaultSort: { field: 'created_at', direction: 'desc' },
  fields: [
    { name: 'created_at', label: 'When', kind: 'datetime', readOnly: true, width: 170 },
    {
      name: 'training_id',
      label: 'Training',
      kind: 'number',
      precision: 0,
      identifier: true,
      readOnly: true,
      width: 100,
    },
    { name: 'trainee_name', label: 'Trainee', kind: 'text', readOnly: true, width: 170 },
    { name: 'document_label', label: 'Document', kind: 'text', readOnly: true, width: 260 },
    {
      name: 'event',
      label: 'Event',
      kind: 'enum',
      enumValues: TRAINING_LOG_EVENTS,
      tag: true,
      readOnly: true,
      width: 120,
    },
    { name: 'note', label: 'Note', kind: 'text', readOnly: true, width: 220 },
    { name: 'signature', label: 'Signature', kind: 'text', readOnly: true, width: 170 },
    { name: 'created_by_name', label: 'By', kind: 'text', readOnly: true, width: 160 },
  ],
});
