import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import { listText, withFields } from '../../../../src/domain/entity/entity-field.ts';
import type { LineItems } from '../../../../src/domain/entity/line-fields.ts';
import { rowOf, type RowOf } from '../../../../src/domain/entity/row-of.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';
import {
  refWithLabel,
  noteField,
  numberField,
  productFields,
  statusField,
} from '../../../../src/domain/entity/shared-fields.ts';
import { INGREDIENT_PRODUCT_TYPES } from '../../../../src/domain/entities/inventory/inventory-values.ts';
import type { RdSampleHplc } from './rd-sample-hplc.ts';
import {
  RD_NICOTINE_TYPES,
  RD_SAMPLE_STATUSES,
  RD_SAMPLES_CHANNEL,
  RD_VERDICTS,
} from './rd-values.ts';

// R&D samples SM- (docs/domain/rd.md §7): one iteration of a project's formula, requested by the
// supervisor, developed by a flavorist (ingredients), specified and sent by quality control,
// evaluated and decided. A revision is a child sample, the next iteration. Samples are written
// by their own routes (request, develop, specifications, evaluations, events).

/** Who develops a sample: its flavorist holds this role. */
export const RD_FLAVORIST_ROLE = 'rd_flavorist';

const readOnlyText = <const N extends string>(
  name: N,
  label: string,
  width = 130,
  hidden = false,
) => listText(name, label, { width, ...(hidden ? { hidden: true } : {}) });

export const RD_SAMPLES = declareEntity({
  name: 'rd_samples',
  label: 'Sample',
  pluralLabel: 'Samples',
  api: '/api/rd/samples',
  area: 'rd_samples',
  channel: RD_SAMPLES_CHANNEL,
  event: 'sample',
  labelField: 'number',
  // The project page lists its samples to its requester and supervisor.
  pickerAreas: ['rd_projects', 'rd_recipe_change', 'rd_reports'],
  searchable: {
    fields: ['number', 'project_title'],
    page: '/rd/samples',
    form: '/rd/sample/develop',
  },
  defaultSort: { field: 'id', direction: 'desc' },
  writable: false,
  eventLabels: {
    start_develop: 'Start developing',
    prepare: 'Mark prepared',
    send: 'Send',
    start_evaluation: 'Start evaluation',
    evaluate: 'Close evaluation',
    request_revision: 'Request revision',
  },
  fields: [
    numberField('number', 'Number'),
    ...refWithLabel('rd_project_id', 'Project', 'rd_projects', 'project_number', {
      required: true,
      width: 110,
    }),
    readOnlyText('project_title', 'Project title', 200),
    statusField(RD_SAMPLE_STATUSES),
    {
      name: 'iteration',
      label: 'Iteration',
      kind: 'number',
      precision: 0,
      readOnly: true,
      width: 90,
    },
    readOnlyText('parent_number', 'Revision of', 110),
    // Its picker offers the people who hold the flavorist's role.
    ...refWithLabel('flavorist_id', 'Flavorist', 'users', 'flavorist_name', {
      width: 140,
      parameterType: RD_FLAVORIST_ROLE,
    }),
    {
      name: 'batch_size_ml',
      label: 'Batch ml',
      kind: 'number',
      precision: 2,
      min: 1,
      max: 100_000,
      defaultValue: 100,
      width: 100,
    },
    { name: 'due_date', label: 'Due', kind: 'date', width: 110 },
    {
      name: 'fill_pct',
      label: 'Fill %',
      kind: 'number',
      precision: 4,
      readOnly: true,
      listOnly: true,
      hidden: true,
      width: 90,
    },
    {
      name: 'avg_score',
      label: 'Score',
      kind: 'number',
      precision: 1,
      readOnly: true,
      listOnly: true,
      width: 80,
    },
    readOnlyText('project_status', 'Project status', 130, true),
    readOnlyText('formula_problem', 'Formula', 200, true),
    readOnlyText('specs_missing', 'Specifications missing', 200, true),
    {
      name: 'evaluation_count',
      label: 'Evaluations',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
    readOnlyText('recipe_code', 'Recipe', 110),
    // The bulk liquid its recipe makes, once promoted: a product reference, so the sample's
    // screens (ingredients, promotion) may pick products.
    ...refWithLabel('recipe_product_id', 'Recipe bulk liquid', 'products', 'recipe_product_sku', {
      hidden: true,
      width: 140,
    }),
    // Its specified HPLC category: the specifications screen picks one.
    ...refWithLabel('hplc_category_id', 'HPLC category', 'hplc_categories', 'hplc_category_name', {
      hidden: true,
      width: 130,
    }),
    noteField,
  ],
});

/** A sample's ingredient: a share of the batch, or the fill taking what the others leave. */
export const RD_SAMPLE_INGREDIENTS = declareEntity({
  name: 'rd_sample_ingredients',
  label: 'Ingredient',
  pluralLabel: 'Ingredients',
  api: '/api/rd/samples',
  area: 'rd_samples',
  channel: RD_SAMPLES_CHANNEL,
  event: 'sample',
  labelField: 'product_sku',
  writable: false,
  fields: [
    // Only what goes into a liquid: the picker offers those types, the server refuses others.
    ...withFields(productFields(), (f) =>
      f.name === 'product_id' && f.ref
        ? { ref: { ...f.ref, parameterType: INGREDIENT_PRODUCT_TYPES.join(',') } }
        : {},
    ),
    { name: 'pct', label: '%', kind: 'number', precision: 4, min: 0, max: 100, width: 100 },
    { name: 'is_fill', label: 'Fill', kind: 'boolean', defaultValue: false, width: 80 },
  ],
});

export const RD_SAMPLE_INGREDIENT_ITEMS: LineItems = {
  name: 'ingredients',
  label: 'Ingredients',
  fields: RD_SAMPLE_INGREDIENTS.fields,
  minLines: 1,
};

/** Evaluations of samples: score 1–10 and a verdict, by the supervisor or quality control. */
export const RD_SAMPLE_EVALUATIONS = declareEntity({
  name: 'rd_sample_evaluations',
  label: 'Evaluation',
  pluralLabel: 'Evaluations',
  api: '/api/rd/evaluations',
  area: 'rd_samples',
  channel: RD_SAMPLES_CHANNEL,
  event: 'evaluation',
  labelField: 'sample_number',
  writable: false,
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    ...refWithLabel('rd_sample_id', 'Sample', 'rd_samples', 'sample_number', { width: 110 }),
    readOnlyText('evaluator_name', 'Evaluator', 140),
    { name: 'score', label: 'Score', kind: 'number', precision: 0, min: 1, max: 10, width: 80 },
    {
      name: 'verdict',
      label: 'Verdict',
      kind: 'enum',
      enumValues: RD_VERDICTS,
      tag: true,
      width: 100,
    },
    { name: 'comments', label: 'Comments', kind: 'textarea', maxLength: 2000, width: 260 },
    { name: 'created_at', label: 'When', kind: 'datetime', readOnly: true, width: 160 },
  ],
});

/** A sample's specifications (one row per sample), written on its specifications screen. */
export const RD_SAMPLE_SPECIFICATIONS = declareEntity({
  name: 'rd_sample_specifications',
  label: 'Specifications',
  pluralLabel: 'Specifications',
  api: '/api/rd/samples',
  area: 'rd_samples',
  channel: RD_SAMPLES_CHANNEL,
  event: 'sample',
  labelField: 'nicotine_mg',
  writable: false,
  fields: [
    {
      name: 'nicotine_mg',
      label: 'Nicotine mg/ml',
      kind: 'number',
      precision: 3,
      min: 0,
      max: 100,
    },
    {
      name: 'nicotine_type',
      label: 'Nicotine type',
      kind: 'enum',
      enumValues: RD_NICOTINE_TYPES,
      valueLabels: { freebase: 'Freebase', salt: 'Salt' },
    },
    { name: 'vg_pct', label: 'VG %', kind: 'number', precision: 4, min: 0, max: 100 },
    { name: 'pg_pct', label: 'PG %', kind: 'number', precision: 4, min: 0, max: 100 },
    { name: 'density_g_ml', label: 'Density g/ml', kind: 'number', precision: 4, min: 0, max: 99 },
    {
      name: 'flashpoint_c',
      label: 'Flashpoint °C',
      kind: 'number',
      precision: 1,
      min: -200,
      max: 999,
    },
    {
      name: 'shelf_life_days',
      label: 'Shelf life (days)',
      kind: 'number',
      precision: 0,
      min: 1,
      max: 3650,
    },
    ...refWithLabel('hplc_category_id', 'HPLC category', 'hplc_categories', 'hplc_category_name'),
    { name: 'color', label: 'Colour', kind: 'text', maxLength: 60 },
    { name: 'appearance', label: 'Appearance', kind: 'text', maxLength: 120 },
    { name: 'sensory_notes', label: 'Sensory notes', kind: 'textarea', maxLength: 1000 },
  ],
});

export type RdSampleRow = RowOf<typeof RD_SAMPLES>;
export type RdSampleIngredientRow = RowOf<typeof RD_SAMPLE_INGREDIENTS>;
export type RdSampleEvaluationRow = RowOf<typeof RD_SAMPLE_EVALUATIONS>;

/**
 * A sample's specifications as one sample's read carries them and its screens edit them: the
 * declared fields (each number a number) and who approved them, without the standard columns
 * or the category's name, which that read does not select.
 */
export type RdSampleSpecifications = Pick<
  RowOf<typeof RD_SAMPLE_SPECIFICATIONS>,
  Exclude<(typeof RD_SAMPLE_SPECIFICATIONS.fields)[number]['name'], 'hplc_category_name'>
> & { approved_by: number | null };

/**
 * A sample as GET /:id answers it and its screens read it: the row with its ingredients, its
 * specifications (null until written), its evaluations and its latest HPLC test.
 */
export type RdSampleDoc = RdSampleRow & {
  ingredients?: RdSampleIngredientRow[];
  specifications?: RdSampleSpecifications | null;
  evaluations?: RdSampleEvaluationRow[];
  hplc_request?: RdSampleHplc | null;
};

/** A row the generic entity code read as a sample, what one sample's read adds as such. */
export const rdSampleDoc = (doc: EntityRow): RdSampleDoc => rowOf(RD_SAMPLES, doc);
