import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AttachedFile } from '../../src/domain/attachments/attached-file.ts';
import type { AttachmentType } from '../../src/domain/attachments/attachment-rules.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Db, Tx } from '../db/client.ts';
import { attachments } from '../db/schema/attachments.ts';
import { validationError } from '../errors/api-error.ts';
import { readsAttachment } from './attachment-access.ts';

// The files a document holds through its link table (a supplier invoice's, a time record's):
// each attachment's metadata with when and by whom it was linked, oldest link first.

export type AttachmentLinks = {
  table: PgTable;
  id: AnyPgColumn;
  /** The document's id in the link row. */
  owner: AnyPgColumn;
  attachmentId: AnyPgColumn;
  createdAt: AnyPgColumn<{ data: Date; notNull: true }>;
  createdBy: AnyPgColumn;
};

export async function attachedFiles(
  db: Db | Tx,
  links: AttachmentLinks,
  ownerId: number,
): Promise<AttachedFile[]> {
  const rows = await db
    .select({
      id: attachments.id,
      token: attachments.token,
      file_name: attachments.fileName,
      content_type: attachments.contentType,
      size_bytes: attachments.sizeBytes,
      sha256: attachments.sha256,
      created_at: attachments.createdAt,
      created_by: attachments.createdBy,
      attached_at: links.createdAt,
      attached_by_name: sql<
        string | null
      >`(select u.name from users u where u.id = ${links.createdBy})`,
    })
    .from(links.table)
    .innerJoin(attachments, eq(attachments.id, links.attachmentId))
    .where(eq(links.owner, ownerId))
    .orderBy(asc(links.id));
  return rows.map((r) => ({
    ...r,
    content_type: r.content_type as AttachmentType,
    created_at: r.created_at.toISOString(),
    attached_at: r.attached_at.toISOString(),
  }));
}

/**
 * The uploaded file `attachmentId` as `actor` may put on a document: refused under `field` as
 * absent when the actor may not read it (its name is not told), so a guessed id links nothing.
 */
export async function readableFile(
  tx: Db | Tx,
  actor: SessionUser,
  attachmentId: number,
  field = 'attachment_id',
): Promise<{ fileName: string }> {
  const [file] = await tx
    .select({ fileName: attachments.fileName, createdBy: attachments.createdBy })
    .from(attachments)
    .where(eq(attachments.id, attachmentId));
  if (
    !file ||
    !(await readsAttachment(tx, actor, { id: attachmentId, created_by: file.createdBy }))
  ) {
    throw validationError({ [field]: 'exists' });
  }
  return file;
}

/**
 * The uploaded file `attachmentId` as `actor` may link it to the document `ownerId`: one they
 * read (readableFile), refused as `unique` when the document already holds it.
 */
export async function linkableFile(
  tx: Tx,
  links: AttachmentLinks,
  ownerId: number,
  attachmentId: number,
  actor: SessionUser,
): Promise<{ fileName: string }> {
  const file = await readableFile(tx, actor, attachmentId);
  const [already] = await tx
    .select({ id: links.id })
    .from(links.table)
    .where(and(eq(links.owner, ownerId), eq(links.attachmentId, attachmentId)));
  if (already) throw validationError({ attachment_id: 'unique' });
  return file;
}
