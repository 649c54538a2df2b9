import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import { ASSEMBLY_CONFIG_ENTITIES } from './assembly/assembly-config.entities.ts';
import {
  ASSEMBLY_DASHBOARD_ORDERS,
  ASSEMBLY_LINE_REELS,
  ASSEMBLY_ORDERS,
  ASSEMBLY_SHIPPING_ORDERS,
  KIT_COMPONENTS,
} from './assembly/assembly-orders.entity.ts';
import { ASSEMBLY_REPORT_ENTITIES } from './assembly/assembly-reports.entity.ts';

// Assembly's declarations (docs/domain/assembly.md §4), for the entity registry. An order's
// components are read with the order (GET /:id), not listed on their own: they are not registered.

export const ASSEMBLY_ENTITIES: readonly EntityDeclaration[] = [
  ...ASSEMBLY_CONFIG_ENTITIES,
  KIT_COMPONENTS,
  ASSEMBLY_ORDERS,
  ASSEMBLY_DASHBOARD_ORDERS,
  ASSEMBLY_SHIPPING_ORDERS,
  ASSEMBLY_LINE_REELS,
  ...ASSEMBLY_REPORT_ENTITIES,
];
