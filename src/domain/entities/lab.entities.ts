import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import { FLASHPOINT_CLASSES } from './lab/flashpoint-classes.entity.ts';
import { LAB_RECEIVING_ITEMS, LAB_RECEIVINGS } from './lab/lab-receivings.entity.ts';
import { RECEIVING_CONTAINERS } from './lab/receiving-containers.entity.ts';

/** Lab Receiving's declared entities (docs/domain/lab-receiving.md §10). */
export const LAB_ENTITIES: readonly EntityDeclaration[] = [
  FLASHPOINT_CLASSES,
  LAB_RECEIVINGS,
  LAB_RECEIVING_ITEMS,
  RECEIVING_CONTAINERS,
];
