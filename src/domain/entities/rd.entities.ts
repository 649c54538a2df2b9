import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import { RD_PROMOTABLE_SAMPLES } from './rd/rd-promotion.entity.ts';
import { RD_PROJECTS } from './rd/rd-projects.entity.ts';
import { RD_SAMPLE_EVALUATIONS, RD_SAMPLES } from './rd/rd-samples.entity.ts';

/**
 * R&D's declared entities with lists of their own (docs/domain/rd.md §7). A sample's ingredients,
 * specifications and the promotion form are edited on the sample's routes, as a recipe's
 * ingredients are: their pickers are granted by the references the samples declare.
 */
export const RD_ENTITIES: readonly EntityDeclaration[] = [
  RD_PROJECTS,
  RD_SAMPLES,
  RD_SAMPLE_EVALUATIONS,
  RD_PROMOTABLE_SAMPLES,
];
