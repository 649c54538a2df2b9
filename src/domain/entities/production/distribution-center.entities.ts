import type { EntityDeclaration } from '../../entity/entity-declaration.ts';
import {
  DUPLICATED_WAREHOUSE_LOCATIONS,
  WAREHOUSE_LOCATION_LOGS,
  WAREHOUSE_PRODUCT_LOCATIONS,
} from './warehouse-locations.entity.ts';

/**
 * The distribution centers' declarations (docs/domain/production.md §3.3), for the entity registry.
 */
export const DISTRIBUTION_CENTER_ENTITIES: readonly EntityDeclaration[] = [
  WAREHOUSE_PRODUCT_LOCATIONS,
  WAREHOUSE_LOCATION_LOGS,
  DUPLICATED_WAREHOUSE_LOCATIONS,
];
