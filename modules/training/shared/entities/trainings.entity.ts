import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import {
  declareFields,
  withField,
  type EntityField,
} from '../../../../src/domain/entity/entity-field.ts';
import type { EventQuestion } from '../../../../src/domain/entity/event-question.ts';
import { statusField } from '../../../../src/domain/entity/shared-fields.ts';
import { TRAINING_CHANNEL, TRAINING_STATUSES } from './training-values.ts';

// Trainings (docs/domain/training.md §8): one per trainee, document and revision. Made by assigning
// a curriculum or a document to a person; after that only their due date changes by hand and
// their workflow (training.machine.ts) does the rest. Trainers and QA read every training
// (TRAININGS); every other Training-module user reads only their own (MY_TRAININGS).

const label = <const N extends string>(
  name: N,
  text: string,
  width: number,
  hidden = false,
): EntityField<N, 'text'> => ({
  name,
  label: text,
  kind: 'text',
  readOnly: true,
  listOnly: true,
  width,
  ...(hidden ? { hidden: true } : {}),
});

const FIELDS = declareFields([
  {
    name: 'trainee_id',
    label: 'Trainee',
    kind: 'ref',
    ref: { entity: 'users', labelField: 'trainee_name' },
    required: true,
    hidden: true,
  },
  label('trainee_name', 'Trainee', 180),
  {
    name: 'training_document_id',
    label: 'Document',
    kind: 'ref',
    // Only the revision in force is trained on: the picker offers it, the server holds to it.
    ref: { entity: 'training_documents', labelField: 'document_label', parameterType: 'effective' },
    required: true,
    hidden: true,
  },
  label('document_label', 'Document', 280),
  {
    name: 'document_revision',
    label: 'Revision',
    kind: 'number',
    precision: 0,
    readOnly: true,
    width: 95,
  },
  {
    name: 'training_project_id',
    label: 'Curriculum',
    kind: 'ref',
    ref: { entity: 'training_projects', labelField: 'project_name' },
    hidden: true,
  },
  label('project_name', 'Curriculum', 170, true),
  // Assigned by hand, the person picks the day; a curriculum's are due per
  // `training.overdue_notice_days`.
  { name: 'due_date', label: 'Due', kind: 'date', required: true, width: 115 },
  statusField(TRAINING_STATUSES),
  {
    name: 'is_overdue',
    label: 'Overdue',
    kind: 'boolean',
    readOnly: true,
    listOnly: true,
    alert: 'Overdue',
    width: 100,
  },
  { name: 'score', label: 'Score', kind: 'number', precision: 2, readOnly: true, width: 90 },
  {
    name: 'pass_mark',
    label: 'Pass mark',
    kind: 'number',
    precision: 2,
    readOnly: true,
    hidden: true,
  },
  {
    name: 'trainer_id',
    label: 'Trainer id',
    kind: 'number',
    precision: 0,
    identifier: true,
    readOnly: true,
    hidden: true,
  },
  label('trainer_name', 'Trainer', 160),
  label('document_file_name', 'File', 180, true),
  {
    // The revision file's download address (its random token), as the trainee opens it.
    name: 'document_file_token',
    label: 'File token',
    kind: 'text',
    readOnly: true,
    listOnly: true,
    hidden: true,
    filterable: false,
    sortable: false,
  },
  {
    name: 'document_opened_at',
    label: 'Document opened',
    kind: 'datetime',
    readOnly: true,
    hidden: true,
  },
  { name: 'signed_at', label: 'Signed', kind: 'datetime', readOnly: true, hidden: true },
  { name: 'completed_at', label: 'Completed', kind: 'datetime', readOnly: true, width: 160 },
  label('verified_by_name', 'Verified by', 160),
  { name: 'verified_at', label: 'Verified', kind: 'datetime', readOnly: true, hidden: true },
  label('cancel_reason', 'Cancel reason', 200, true),
]);

export const TRAININGS = declareEntity({
  name: 'trainings',
  label: 'Training',
  pluralLabel: 'Trainings',
  api: '/api/training/trainings',
  area: 'training_trainer',
  writeArea: 'training_change',
  channel: TRAINING_CHANNEL,
  event: 'training',
  labelField: 'document_label',
  // In a revision's story, the trainings it assigned are the people who hold them.
  storyLabelField: 'trainee_name',
  eventLabels: { complete: 'Record result' },
  defaultSort: { field: 'due_date', direction: 'asc' },
  fields: FIELDS,
});

/**
 * The signed-in person's own trainings, wherever their roles (docs/domain/training.md §8 decision).
 */
export const MY_TRAININGS = declareEntity({
  ...TRAININGS,
  name: 'my_trainings',
  label: 'My training',
  pluralLabel: 'My trainings',
  api: '/api/training/my-trainings',
  area: 'training_self',
  // Only the person's own channel carries their trainings (`{me}`: the screen fills it in);
  // private-training carries everyone's, which only trainers may hear.
  channel: 'private-users.{me}',
  writable: false,
  writeArea: undefined,
  // Every row is the person's own: their name on each would only push Status and Due aside.
  fields: withField(FIELDS, 'trainee_name', { hidden: true }),
});

/** What recording a result asks: the score, held against `training.pass_mark`. */
export const TRAINING_SCORE_QUESTION: EventQuestion = {
  fields: [
    {
      name: 'score',
      label: 'Score (%)',
      kind: 'number',
      precision: 2,
      min: 0,
      max: 100,
      required: true,
    },
  ],
  note: 'At or above the pass mark completes the training; below it fails.',
};

/** What signing asks: the trainee's full name, typed as it is on their account. */
export const TRAINING_SIGN_QUESTION: EventQuestion = {
  fields: [
    {
      name: 'signature',
      label: 'Type your full name to sign',
      kind: 'text',
      maxLength: 120,
      required: true,
    },
  ],
};
