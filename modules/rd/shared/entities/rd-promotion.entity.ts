import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import { declareFields } from '../../../../src/domain/entity/entity-field.ts';
import type { RowOf } from '../../../../src/domain/entity/row-of.ts';
import { PRODUCT_CHANGE_STATUSES } from '../../../../src/domain/entities/inventory/inventory-values.ts';
import { refWithLabel } from '../../../../src/domain/entity/shared-fields.ts';
import { RD_SAMPLES } from './rd-samples.entity.ts';

// Approved samples as the recipe change roles see them (/rd/recipes): each waits to be promoted
// to a draft production recipe with its formula (docs/domain/rd.md §7 "Promote").

/** What a promotion made: its recipe and, for a new bulk liquid, its change request. */
const PROMOTION_FIELDS = declareFields([
  {
    name: 'recipe_code',
    label: 'Recipe',
    kind: 'text',
    readOnly: true,
    listOnly: true,
    width: 130,
    link: { path: '/production/recipe', idField: 'recipe_id' },
  },
  {
    name: 'recipe_id',
    label: 'Recipe id',
    kind: 'number',
    precision: 0,
    readOnly: true,
    listOnly: true,
    hidden: true,
  },
  {
    name: 'product_change_id',
    label: 'Change request id',
    kind: 'number',
    precision: 0,
    readOnly: true,
    listOnly: true,
    hidden: true,
  },
  {
    name: 'product_change_number',
    label: 'Bulk liquid request',
    kind: 'text',
    readOnly: true,
    listOnly: true,
    width: 150,
    link: { path: '/inventory/product_changes', idField: 'product_change_id' },
  },
  {
    name: 'product_change_status',
    label: 'Request status',
    kind: 'enum',
    enumValues: PRODUCT_CHANGE_STATUSES,
    readOnly: true,
    listOnly: true,
    width: 140,
  },
]);

/** A promotable sample's field: one of the sample's own, or one of what its promotion made. */
type PromotableField = (typeof RD_SAMPLES.fields)[number] | (typeof PROMOTION_FIELDS)[number];

export const RD_PROMOTABLE_SAMPLES = declareEntity({
  ...RD_SAMPLES,
  // What the promotion made comes right after the sample's status, where the eye is.
  fields: RD_SAMPLES.fields
    .filter((f) => f.name !== 'recipe_code')
    .flatMap<PromotableField>((f) => (f.name === 'status' ? [f, ...PROMOTION_FIELDS] : [f])),
  name: 'rd_promotable_samples',
  label: 'Approved sample',
  pluralLabel: 'Approved samples',
  api: '/api/rd/promotable-samples',
  area: 'rd_recipe_change',
  searchable: undefined,
  pickerAreas: undefined,
  eventLabels: { promote: 'Promote to recipe' },
});

/** A promotion's bulk liquid: one that exists, or a new one through a product change request. */
export const BULK_LIQUID_CHOICES = ['existing', 'new'] as const;
export type BulkLiquidChoice = (typeof BULK_LIQUID_CHOICES)[number];

/**
 * What a promotion asks: the recipe's code and name, and the bulk liquid it makes (picked when
 * `bulk_liquid` is existing; NEW_BULK_PRODUCT_FORM's fields when it is new).
 */
export const RD_PROMOTION_FORM = declareEntity({
  name: 'rd_promotion_form',
  label: 'Promotion',
  pluralLabel: 'Promotions',
  api: '/api/rd/promotable-samples',
  area: 'rd_recipe_change',
  channel: RD_SAMPLES.channel,
  event: 'sample',
  labelField: 'code',
  writable: false,
  fields: [
    { name: 'code', label: 'Recipe code', kind: 'text', required: true, maxLength: 30 },
    { name: 'name', label: 'Recipe name', kind: 'text', maxLength: 120 },
    ...refWithLabel('product_id', 'Bulk liquid', 'products', 'product_sku', {
      requiredWhen: [{ field: 'bulk_liquid', equals: 'existing' }],
      parameterType: 'bulk_liquid',
    }),
  ],
});

/**
 * A new bulk liquid's own fields (the server takes the rest from the sample's specifications
 * and its project): its SKU, its name (else the project's title and nicotine), and its
 * flashpoint class, a parameter the lab's measured flashpoint does not name by itself.
 */
export const NEW_BULK_PRODUCT_FORM = declareEntity({
  ...RD_PROMOTION_FORM,
  name: 'rd_new_bulk_product_form',
  label: 'New bulk liquid',
  pluralLabel: 'New bulk liquids',
  labelField: 'sku',
  fields: [
    { name: 'sku', label: 'New bulk liquid SKU', kind: 'text', required: true, maxLength: 40 },
    { name: 'name', label: 'Product name', kind: 'text', maxLength: 160 },
    ...refWithLabel(
      'flashpoint_class_id',
      'Flashpoint class',
      'parameters',
      'flashpoint_class_name',
      {
        parameterType: 'flashpoint_class',
      },
    ),
  ],
});

/** The SKU a new bulk liquid is proposed with: the sample's number (its lab identity). */
export const proposedBulkSku = (sampleNumber: string) => `BL-${sampleNumber}`;

export type RdPromotableSampleRow = RowOf<typeof RD_PROMOTABLE_SAMPLES>;
