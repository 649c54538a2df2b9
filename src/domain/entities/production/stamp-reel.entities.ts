import type { EntityDeclaration } from '../../entity/entity-declaration.ts';
import {
  PENDING_REELS,
  REEL_ADJUSTMENT_LOG,
  REEL_MOVEMENTS,
  STAMP_REELS,
  STAMPS_INVENTORY,
} from './stamp-reels.entity.ts';

/** The stamp reels' declarations (docs/domain/production.md §3.2), for the entity registry. */
export const STAMP_REEL_ENTITIES: readonly EntityDeclaration[] = [
  STAMP_REELS,
  PENDING_REELS,
  REEL_MOVEMENTS,
  REEL_ADJUSTMENT_LOG,
  STAMPS_INVENTORY,
];
