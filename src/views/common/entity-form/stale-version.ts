import { isApiError } from '../../../api/api-error.ts';
import type { StaleVersion } from '../../../api/entity.api.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import type { RecordChange } from './record-change.ts';

// A 409 `stale_version` says who saved the record since this form read it
// (docs/domain/README.md §0). Reload takes their version and re-applies what this person typed on
// top, so nothing is lost and nothing of theirs is overwritten unseen: fields both changed are
// listed as conflicts.

export type StaleNotice = {
  /** Who saved first, or null when the server did not say. */
  name: string | null;
  /** When, as the API sent it. */
  at: string | null;
  /** What their save changed, as the page shows it, once the newer version was read. */
  changes?: readonly RecordChange[];
};

/** The notice of a stale-version failure, or null for any other failure. */
export function staleNoticeOf(error: unknown): StaleNotice | null {
  if (!isApiError(error) || error.code !== 'stale_version') return null;
  const current = (error.data as StaleVersion | null)?.current;
  return { name: current?.updated_by_name ?? null, at: current?.updated_at ?? null };
}

/** A field this person changed that the other save changed too. */
export type Conflict = { field: EntityField; theirs: string };
