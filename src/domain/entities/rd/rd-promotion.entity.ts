import type { EntityDeclaration } from '../../entity/entity-declaration.ts';
import { refWithLabel } from '../inventory/inventory-fields.ts';
import { RD_SAMPLES } from './rd-samples.entity.ts';

// Approved samples as the recipe change roles see them (/rd/recipes): each waits to be promoted
// to a draft production recipe with its formula (domain.md §7 "Promote").

export const RD_PROMOTABLE_SAMPLES: EntityDeclaration = {
  ...RD_SAMPLES,
  name: 'rd_promotable_samples',
  label: 'Approved sample',
  pluralLabel: 'Approved samples',
  api: '/api/rd/promotable-samples',
  area: 'rd_recipe_change',
  searchable: undefined,
  pickerAreas: undefined,
  eventLabels: { promote: 'Promote to recipe' },
};

/** What a promotion asks: the recipe's code and name, and the bulk liquid it makes. */
export const RD_PROMOTION_FORM: EntityDeclaration = {
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
      required: true,
      parameterType: 'bulk_liquid',
    }),
  ],
};
