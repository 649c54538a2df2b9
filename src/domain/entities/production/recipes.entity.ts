import { declareEntity } from '../../entity/entity-declaration.ts';
import type { LineItems } from '../../entity/line-fields.ts';
import {
  createdFields,
  noteField,
  productFields,
  statusField,
} from '../../entity/shared-fields.ts';

// Production recipes (docs/domain/production.md §3.1): a bulk liquid's formula, by code and
// version, with its ingredients as percentages. Written as a document: edited while draft, then
// submitted and approved (recipe.machine.ts); an approved recipe never changes, a new version
// replaces it.

export const RECIPE_STATUSES = ['draft', 'pending_approval', 'approved', 'archived'] as const;
export type RecipeStatus = (typeof RECIPE_STATUSES)[number];

export const RECIPE_BASES = ['v_v', 'w_w'] as const;

export const RECIPES = declareEntity({
  name: 'recipes',
  label: 'Recipe',
  pluralLabel: 'Recipes',
  api: '/api/production/recipes',
  area: 'production_recipes',
  writeArea: 'production_recipes_edit',
  channel: 'private-production.recipes',
  event: 'recipe',
  labelField: 'code',
  searchable: {
    fields: ['code', 'name', 'product_sku'],
    page: '/production/recipes',
    form: '/production/recipe',
  },
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 30, width: 130 },
    // The recipe's own version (the row's `version` is its optimistic lock): the next one of
    // the code, given by the server on create.
    {
      name: 'recipe_version',
      label: 'Version',
      kind: 'number',
      precision: 0,
      readOnly: true,
      width: 90,
    },
    { name: 'name', label: 'Name', kind: 'text', maxLength: 120, width: 220 },
    ...productFields().map((f) => ({
      ...f,
      label: f.name === 'product_name' ? 'Bulk liquid name' : 'Bulk liquid',
    })),
    {
      name: 'target_nicotine_mg',
      label: 'Nicotine mg/ml',
      kind: 'number',
      precision: 3,
      min: 0,
      max: 100,
      required: true,
      width: 130,
    },
    {
      name: 'basis',
      label: 'Basis',
      kind: 'enum',
      enumValues: RECIPE_BASES,
      valueLabels: { v_v: 'v/v', w_w: 'w/w' },
      defaultValue: 'v_v',
      required: true,
      width: 90,
    },
    {
      name: 'batch_basis_ml',
      label: 'Batch basis ml',
      kind: 'number',
      precision: 2,
      min: 0.01,
      max: 10_000_000,
      defaultValue: 1000,
      required: true,
      width: 130,
    },
    statusField(RECIPE_STATUSES),
    // Maker-checker reads who submitted (recipe.machine.ts).
    {
      name: 'submitted_by',
      label: 'Submitted by',
      kind: 'number',
      precision: 0,
      readOnly: true,
      hidden: true,
      listOnly: true,
    },
    {
      name: 'approved_by_name',
      label: 'Approved by',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 140,
    },
    { name: 'approved_at', label: 'Approved', kind: 'datetime', readOnly: true, width: 160 },
    // Approval waits while the bulk liquid is pending_approval (recipe.machine.ts).
    {
      name: 'product_status',
      label: 'Bulk liquid status',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
    noteField,
    ...createdFields,
  ],
});

/** A recipe's ingredient: a share of the batch, or the fill (carrier) taking the rest. */
export const RECIPE_INGREDIENTS = declareEntity({
  name: 'recipe_ingredients',
  label: 'Ingredient',
  pluralLabel: 'Ingredients',
  api: '/api/production/recipes',
  area: 'production_recipes',
  channel: 'private-production.recipes',
  event: 'recipe',
  labelField: 'product_sku',
  writable: false,
  fields: [
    ...productFields(),
    {
      name: 'percentage',
      label: '%',
      kind: 'number',
      precision: 4,
      min: 0,
      max: 100,
      defaultValue: 0,
      width: 100,
    },
    { name: 'is_fill', label: 'Fill', kind: 'boolean', defaultValue: false, width: 80 },
    {
      name: 'sort',
      label: 'Sort',
      kind: 'number',
      precision: 0,
      min: 0,
      defaultValue: 0,
      width: 80,
    },
  ],
});

export const RECIPE_INGREDIENT_ITEMS: LineItems = {
  name: 'ingredients',
  label: 'Ingredients',
  fields: RECIPE_INGREDIENTS.fields,
  minLines: 1,
};
