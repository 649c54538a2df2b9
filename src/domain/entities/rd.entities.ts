import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import { RD_PROMOTABLE_SAMPLES, RD_PROMOTION_FORM } from './rd/rd-promotion.entity.ts';
import { RD_PROJECTS } from './rd/rd-projects.entity.ts';
import {
  RD_SAMPLE_EVALUATIONS,
  RD_SAMPLE_INGREDIENTS,
  RD_SAMPLE_SPECIFICATIONS,
  RD_SAMPLES,
} from './rd/rd-samples.entity.ts';

/** R&D's declared entities (domain.md §7). */
export const RD_ENTITIES: readonly EntityDeclaration[] = [
  RD_PROJECTS,
  RD_SAMPLES,
  RD_SAMPLE_INGREDIENTS,
  RD_SAMPLE_EVALUATIONS,
  RD_SAMPLE_SPECIFICATIONS,
  RD_PROMOTABLE_SAMPLES,
  RD_PROMOTION_FORM,
];
