import type { EntityDeclaration } from '../../entity/entity-declaration.ts';
import { TRAINING_CHANNEL } from './training-values.ts';

// Curricula (training-projects, domain.md §8): the documents every user of a role is trained
// on. Assigning one (its `assign` route) creates the missing trainings of its effective
// documents for every active user of the role; a new effective revision joins it by itself.

export const TRAINING_PROJECTS: EntityDeclaration = {
  name: 'training_projects',
  label: 'Curriculum',
  pluralLabel: 'Curricula',
  api: '/api/training/projects',
  area: 'training_trainer',
  writeArea: 'training_change',
  channel: TRAINING_CHANNEL,
  event: 'project',
  labelField: 'name',
  searchable: { fields: ['code', 'name'], page: '/training/training-projects' },
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 40, width: 130 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 120, width: 240 },
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
      width: 150,
    },
    {
      name: 'role_id',
      label: 'Target role',
      kind: 'ref',
      ref: { entity: 'roles', labelField: 'role_name' },
      required: true,
      hidden: true,
    },
    {
      name: 'role_name',
      label: 'Target role',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 170,
    },
    { name: 'active', label: 'Active', kind: 'boolean', defaultValue: true, width: 100 },
    {
      name: 'documents_count',
      label: 'Documents',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 110,
    },
    {
      name: 'trainings_count',
      label: 'Trainings',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 110,
    },
  ],
};

/** A curriculum's documents, in their order; a document moves on to its newer revisions. */
export const TRAINING_PROJECT_DOCUMENTS: EntityDeclaration = {
  name: 'training_project_documents',
  label: 'Curriculum document',
  pluralLabel: 'Curriculum documents',
  api: '/api/training/project-documents',
  area: 'training_trainer',
  writeArea: 'training_change',
  channel: TRAINING_CHANNEL,
  event: 'project_document',
  labelField: 'document_label',
  defaultSort: { field: 'sort', direction: 'asc' },
  fields: [
    {
      name: 'training_project_id',
      label: 'Curriculum',
      kind: 'ref',
      ref: { entity: 'training_projects', labelField: 'project_name' },
      required: true,
      hidden: true,
    },
    {
      name: 'project_name',
      label: 'Curriculum',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 220,
    },
    {
      name: 'training_document_id',
      label: 'Document',
      kind: 'ref',
      ref: { entity: 'training_documents', labelField: 'document_label' },
      required: true,
      hidden: true,
    },
    {
      name: 'document_label',
      label: 'Document',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 300,
    },
    {
      name: 'document_status',
      label: 'Document status',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 140,
    },
    { name: 'sort', label: 'Order', kind: 'number', precision: 0, min: 0, max: 999, defaultValue: 0, width: 90 },
  ],
};
