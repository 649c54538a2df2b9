import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import type { PickerForm } from '../../../src/domain/entity/picker-form.ts';
import {
  NEW_BULK_PRODUCT_FORM,
  RD_PROMOTABLE_SAMPLES,
  RD_PROMOTION_FORM,
} from './entities/rd-promotion.entity.ts';
import { RD_PROJECTS } from './entities/rd-projects.entity.ts';
import { RD_SAMPLE_EVALUATIONS, RD_SAMPLES } from './entities/rd-samples.entity.ts';

/**
 * R&D's declared entities with lists of their own (docs/domain/rd.md §7). A sample's ingredients,
 * specifications and the promotion form are edited on the sample's routes, as a recipe's
 * ingredients are: their pickers are granted by the references the samples declare.
 */
export const entities: readonly EntityDeclaration[] = [
  RD_PROJECTS,
  RD_SAMPLES,
  RD_SAMPLE_EVALUATIONS,
  RD_PROMOTABLE_SAMPLES,
];

/**
 * Asked outside those lists: promoting a sample asks for its bulk liquid, or a new one's
 * flashpoint class (docs/domain/rd.md "Promote"); a project's supervisor requests a sample for
 * a flavorist (web/request-sample-dialog.tsx). Their pickers open to the areas that ask.
 */
export const forms: readonly PickerForm[] = [
  { area: RD_PROJECTS.area, fields: RD_SAMPLES.fields.filter((f) => f.name === 'flavorist_id') },
  ...[RD_PROMOTION_FORM, NEW_BULK_PRODUCT_FORM].map((form) => ({
    area: form.area,
    fields: form.fields,
  })),
];
