import { z } from 'zod';

// What the server accepts as an attachment (CoAs, supplier invoices; docs/domain/README.md §0
// "Attachments"): the file types it recognises by their first bytes and the default size limit.
// The browser reads the same list for its file picker's `accept`, the server decides.

/** Content types recognised by sniffing; anything else is refused (`in`). */
export const ATTACHMENT_TYPES = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg,.jpeg',
  'text/plain': '.txt',
  'text/csv': '.csv',
} as const;

export type AttachmentType = keyof typeof ATTACHMENT_TYPES;

/** The file picker's accept list: extensions and types. */
export const ATTACHMENT_ACCEPT = [
  ...Object.keys(ATTACHMENT_TYPES),
  ...Object.values(ATTACHMENT_TYPES).flatMap((e) => e.split(',')),
].join(',');

/** `ATTACHMENTS_MAX_BYTES` when unset: 10 MB. */
export const DEFAULT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * An attachment as the API answers it (metadata only; the bytes come from /download). `id`
 * links it to a document; `token`, random, addresses it in URLs, so one file's address tells
 * nothing of another's.
 */
export const attachmentMetaSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  file_name: z.string(),
  content_type: z.enum(Object.keys(ATTACHMENT_TYPES) as [AttachmentType, ...AttachmentType[]]),
  size_bytes: z.number().int(),
  sha256: z.string(),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
});
export type AttachmentMeta = z.infer<typeof attachmentMetaSchema>;

/** Where an attachment's bytes are downloaded, relative to the API base. */
export const attachmentDownloadPath = (token: string) => `attachments/${token}/download`;
