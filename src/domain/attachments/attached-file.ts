import { z } from 'zod';
import { ATTACHMENT_TYPES, type AttachmentMeta, type AttachmentType } from './attachment-rules.ts';

/**
 * A file as a document lists it (a supplier invoice's scans, a time record's receipts): the
 * attachment's metadata, and when and by whom it was attached to that document.
 */
export type AttachedFile = AttachmentMeta & {
  attached_at: string;
  attached_by_name: string | null;
};

/** An AttachedFile as the routes declare it (their OpenAPI `data`). */
export const attachedFileSchema: z.ZodType<AttachedFile> = z.object({
  id: z.number().int(),
  token: z.string(),
  file_name: z.string(),
  content_type: z.enum(Object.keys(ATTACHMENT_TYPES) as [AttachmentType, ...AttachmentType[]]),
  size_bytes: z.number().int(),
  sha256: z.string(),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
  attached_at: z.string(),
  attached_by_name: z.string().nullable(),
});
