import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import type { DocumentLines } from '../../../src/domain/entity/line-fields.ts';
import {
  ASSEMBLY_CONFIG_ENTITIES,
  ASSEMBLY_FLOW_ACTION_LINES,
  ASSEMBLY_FLOWS,
} from './entities/assembly-config.entities.ts';
import {
  ASSEMBLY_DASHBOARD_ORDERS,
  ASSEMBLY_LINE_REELS,
  ASSEMBLY_ORDERS,
  ASSEMBLY_SHIPPING_ORDERS,
  KIT_COMPONENTS,
} from './entities/assembly-orders.entity.ts';
import { ASSEMBLY_REPORT_ENTITIES } from './entities/assembly-reports.entity.ts';

// Assembly's declarations (docs/domain/assembly.md §4), for the entity registry. An order's
// components are read with the order (GET /:id), not listed on their own: they are not registered.

export const entities: readonly EntityDeclaration[] = [
  ...ASSEMBLY_CONFIG_ENTITIES,
  KIT_COMPONENTS,
  ASSEMBLY_ORDERS,
  ASSEMBLY_DASHBOARD_ORDERS,
  ASSEMBLY_SHIPPING_ORDERS,
  ASSEMBLY_LINE_REELS,
  ...ASSEMBLY_REPORT_ENTITIES,
];

/** An assembly flow's steps, edited on its form. */
export const documentLines: readonly DocumentLines[] = [
  { entity: ASSEMBLY_FLOWS, lines: ASSEMBLY_FLOW_ACTION_LINES },
];
