import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import { rowOf, type RowOf } from '../../../../src/domain/entity/row-of.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';
import {
  refWithLabel,
  createdFields,
  noteField,
  numberField,
  statusField,
} from '../../../../src/domain/entity/shared-fields.ts';
import type { RdSampleEvaluationRow, RdSampleRow } from './rd-samples.entity.ts';
import { RD_PRIORITIES, RD_PROJECT_STATUSES, RD_PROJECTS_CHANNEL } from './rd-values.ts';

// R&D projects RD- (docs/domain/rd.md §7): what a requester asks the lab to develop (a flavour for
// a customer or a brand, its nicotine and VG targets). Edited while a draft; the workflow bar
// (rd-project.machine.ts) moves it on.

export const RD_PROJECTS = declareEntity({
  name: 'rd_projects',
  label: 'Project',
  pluralLabel: 'R&D projects',
  api: '/api/rd/projects',
  area: 'rd_projects',
  channel: RD_PROJECTS_CHANNEL,
  event: 'project',
  labelField: 'number',
  searchable: { fields: ['number', 'title'], page: '/rd/projects', form: '/rd/project' },
  defaultSort: { field: 'id', direction: 'desc' },
  eventLabels: { request_sample: 'Request sample' },
  fields: [
    numberField('number', 'Number'),
    { name: 'title', label: 'Title', kind: 'text', required: true, maxLength: 160, width: 220 },
    statusField(RD_PROJECT_STATUSES),
    ...refWithLabel('customer_id', 'Customer', 'customers', 'customer_name', { width: 160 }),
    ...refWithLabel('brand_id', 'Brand', 'brands', 'brand_name', { width: 130 }),
    {
      name: 'flavor_profile',
      label: 'Flavour profile',
      kind: 'textarea',
      maxLength: 500,
      hidden: true,
      width: 220,
    },
    {
      name: 'target_nicotine_mg',
      label: 'Target nicotine mg/ml',
      kind: 'number',
      precision: 3,
      min: 0,
      max: 100,
      width: 120,
    },
    {
      name: 'target_vg_pct',
      label: 'Target VG %',
      kind: 'number',
      precision: 2,
      min: 0,
      max: 100,
      width: 110,
    },
    { name: 'target_date', label: 'Target date', kind: 'date', width: 120 },
    {
      name: 'priority',
      label: 'Priority',
      kind: 'enum',
      enumValues: RD_PRIORITIES,
      defaultValue: 'normal',
      required: true,
      width: 100,
    },
    // The requester evaluates the project's sent samples from its page (their own only).
    {
      name: 'requester_id',
      label: 'Requester id',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
    {
      name: 'requester_name',
      label: 'Requester',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 140,
    },
    {
      name: 'sample_count',
      label: 'Samples',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 90,
    },
    {
      name: 'approved_samples',
      label: 'Approved samples',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      hidden: true,
      width: 120,
    },
    noteField,
    ...createdFields,
  ],
});

export type RdProjectRow = RowOf<typeof RD_PROJECTS>;

/** One of a project's samples as its page lists them, with their evaluations. */
export type RdProjectSample = Pick<
  RdSampleRow,
  'id' | 'version' | 'number' | 'iteration' | 'status' | 'flavorist_name' | 'due_date' | 'avg_score'
> & { evaluations: RdSampleEvaluationRow[] };

/** A project as GET /:id answers it and its page reads it: the row with its samples. */
export type RdProjectDoc = RdProjectRow & { samples?: RdProjectSample[] };

/** A row the generic entity code read as a project, its samples as its samples. */
export const rdProjectDoc = (doc: EntityRow): RdProjectDoc => rowOf(RD_PROJECTS, doc);
