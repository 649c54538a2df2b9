import type { EntityDeclaration } from '../../entity/entity-declaration.ts';
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
