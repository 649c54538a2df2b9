import { sql } from 'drizzle-orm';
import type { Area } from '../../src/domain/access.ts';
import { canUseArea } from '../../src/domain/area-modules.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Db, Tx } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { attachmentHolders } from './attachment-holders.ts';

// Who may upload and read attachments (decision, documented in the README). Uploading is for
// the roles that attach files to their documents: lab receiving CoAs, purchase invoices,
// training revisions (the change roles) and time records (Project Management). Reading follows
// the documents: a file is read by whoever reads a document holding it (attachment-holders.ts),
// and by its uploader; a file no document holds yet is its uploader's alone, and admin's.

const UPLOAD_AREAS: readonly Area[] = ['lab_receiving', 'purchase', 'training_change', 'projects'];

export function mayUpload(user: SessionUser): boolean {
  return UPLOAD_AREAS.some((area) => canUseArea(user, area));
}

/** The part of an attachment row its read rule looks at. */
export type AttachmentOwner = { id: number; created_by: number | null };

/**
 * Whether `reader` reads the attachment: as its uploader, through a document holding it that
 * they read, or as admin when no document holds it.
 */
export async function readsAttachment(
  db: Db | Tx,
  reader: SessionUser,
  file: AttachmentOwner,
): Promise<boolean> {
  if (file.created_by === reader.id) return true;
  const holders = await attachmentHolders();
  const grants = holders.flatMap((h) => h.readableBy(reader, file.id) ?? []);
  const readable = grants.length > 0 ? sql.join(grants, sql` or `) : sql`false`;
  const held = sql.join(
    holders.map((h) => h.holds(file.id)),
    sql` or `,
  );
  const [row] = await queryRows<{ readable: boolean; held: boolean }>(
    db,
    sql`select (${readable}) as readable, (${held}) as held`,
  );
  return Boolean(row?.readable) || (reader.roles.includes('admin') && !row?.held);
}
