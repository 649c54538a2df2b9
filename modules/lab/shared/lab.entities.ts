import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import type { DocumentLines } from '../../../src/domain/entity/line-fields.ts';
import { FLASHPOINT_CLASSES } from './entities/flashpoint-classes.entity.ts';
import {
  LAB_RECEIVING_ITEM_LINES,
  LAB_RECEIVING_ITEMS,
  LAB_RECEIVINGS,
} from './entities/lab-receivings.entity.ts';
import { RECEIVING_CONTAINERS } from './entities/receiving-containers.entity.ts';

/** Lab Receiving's declared entities (docs/domain/lab-receiving.md §10). */
export const entities: readonly EntityDeclaration[] = [
  FLASHPOINT_CLASSES,
  LAB_RECEIVINGS,
  LAB_RECEIVING_ITEMS,
  RECEIVING_CONTAINERS,
];

/** A receiving's items, edited on its form. */
export const documentLines: readonly DocumentLines[] = [
  { entity: LAB_RECEIVINGS, lines: LAB_RECEIVING_ITEM_LINES },
];
