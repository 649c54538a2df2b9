import type { EntityDeclaration } from '../../entity/entity-declaration.ts';
import { STAMPING_CORRECTIONS } from './stamping-corrections.entity.ts';
import { STAMPING_ORDERS } from './stamping-orders.entity.ts';

/** The stamping orders' declarations (docs/domain/production.md §3.2), for the entity registry. */
export const STAMPING_ORDER_ENTITIES: readonly EntityDeclaration[] = [
  STAMPING_ORDERS,
  STAMPING_CORRECTIONS,
];
