import { eq } from 'drizzle-orm';
import type { AttachmentMeta } from '../../src/domain/attachments/attachment-rules.ts';
import type { Db } from '../../server/db/client.ts';
import { attachments } from '../../server/db/schema/attachments.ts';

// Uploads and downloads of attachments as the browser makes them: the raw file as the body with
// its name in the query, and the download by the file's token.

export type Upload = {
  status: number;
  body: { message: string; data: AttachmentMeta & Record<string, unknown> };
};

export async function uploadAttachment(
  baseUrl: string,
  token: string,
  bytes: Buffer,
  name: string,
  type = 'application/octet-stream',
): Promise<Upload> {
  const response = await fetch(`${baseUrl}/api/attachments?file_name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as Upload['body'] };
}

/** The upload's metadata, failing loudly when it was refused. */
export async function uploaded(
  baseUrl: string,
  token: string,
  bytes: Buffer,
  name: string,
): Promise<AttachmentMeta> {
  const up = await uploadAttachment(baseUrl, token, bytes, name);
  if (up.status !== 201)
    throw new Error(`upload of ${name}: ${up.status} ${JSON.stringify(up.body)}`);
  return up.body.data;
}

export const downloadAttachment = (baseUrl: string, token: string, fileToken: string) =>
  fetch(`${baseUrl}/api/attachments/${fileToken}/download`, {
    headers: { authorization: `Bearer ${token}` },
  });

/** The token addressing attachment `id` (its metadata answers it; suites holding ids read it). */
export async function attachmentToken(db: Db, id: number): Promise<string> {
  const [row] = await db
    .select({ token: attachments.token })
    .from(attachments)
    .where(eq(attachments.id, id));
  if (!row) throw new Error(`no attachment ${id}`);
  return row.token;
}
