import type { SQL } from 'drizzle-orm';
import { canUseArea } from '../../src/domain/area-modules.ts';
import type { SessionUser } from '../auth/session-user.ts';

// A kind of document that holds files, and who reads a file through it (attachment-holders.ts
// lists them; a module built as a slice gives its own through its server module).

export type AttachmentHolder = {
  /** The document kind, as the tests and the docs name it. */
  readonly name: string;
  /** True when some document of this kind holds the attachment `id`. */
  holds(id: number): SQL;
  /**
   * True when `reader` reads a document of this kind that holds `id`; null when the reader
   * reads no document of this kind at all.
   */
  readableBy(reader: SessionUser, id: number): SQL | null;
};

/** Held through a link table or a column: every reader of the entity reads its files. */
export function heldBy(
  name: string,
  area: Parameters<typeof canUseArea>[1],
  holds: (id: number) => SQL,
) {
  return {
    name,
    holds,
    readableBy: (reader: SessionUser, id: number) => (canUseArea(reader, area) ? holds(id) : null),
  } satisfies AttachmentHolder;
}
