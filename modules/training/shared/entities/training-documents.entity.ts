import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import { statusField } from '../../../../src/domain/entity/shared-fields.ts';
import { TRAINING_CHANNEL, TRAINING_DOCUMENT_STATUSES } from './training-values.ts';

// Training documents (docs/domain/training.md §8): one row per revision of a code (UK code +
// revision), its file an attachment. Written while a draft by the change roles; its workflow
// (training-document.machine.ts) approves it and makes it effective, superseding the code's
// previous effective revision.

export const TRAINING_DOCUMENTS = declareEntity({
  name: 'training_documents',
  label: 'Training document',
  pluralLabel: 'Training documents',
  api: '/api/training/documents',
  area: 'training_trainer',
  writeArea: 'training_change',
  channel: TRAINING_CHANNEL,
  event: 'document',
  labelField: 'label',
  // The revision in force of each code (current_label), not every revision it ever had.
  searchable: { fields: ['current_label'], page: '/training/training-documents' },
  eventLabels: { make_effective: 'Make effective' },
  // Making a revision effective lists the trainings it assigned and retired, and the
  // revisions it superseded (docs/domain/training.md §8).
  storyRefs: { assigned: 'trainings', retired: 'trainings', superseded: 'training_documents' },
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 40, width: 130 },
    {
      name: 'revision',
      label: 'Revision',
      kind: 'number',
      precision: 0,
      min: 1,
      max: 999,
      required: true,
      defaultValue: 1,
      width: 100,
    },
    { name: 'title', label: 'Title', kind: 'text', required: true, maxLength: 200, width: 260 },
    {
      name: 'category_id',
      label: 'Category',
      kind: 'ref',
      ref: { entity: 'training_categories', labelField: 'category_name' },
      hidden: true,
    },
    {
      name: 'category_name',
      label: 'Category',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 160,
    },
    {
      // Set by the form's file input (an upload), never typed as an id.
      name: 'attachment_id',
      label: 'File',
      kind: 'number',
      precision: 0,
      identifier: true,
      hidden: true,
      ownInput: true,
    },
    { name: 'file_name', label: 'File', kind: 'text', readOnly: true, listOnly: true, width: 180 },
    {
      // The file's download address (its random token; the serial id is never a URL).
      name: 'file_token',
      label: 'File token',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
      filterable: false,
      sortable: false,
    },
    { name: 'effective_date', label: 'Effective', kind: 'date', readOnly: true, width: 120 },
    { name: 'review_due_date', label: 'Review due', kind: 'date', width: 120 },
    statusField(TRAINING_DOCUMENT_STATUSES),
    {
      name: 'label',
      label: 'Document',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
    {
      // `SOP-001 rev 2 · Title` on the revision in force of its code (else empty): what search
      // offers.
      name: 'current_label',
      label: 'Current revision',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
      sortable: false,
    },
    { name: 'note', label: 'Note', kind: 'textarea', maxLength: 500, hidden: true },
  ],
});
