import { z } from 'zod';
import { attachmentMetaSchema } from './attachment-rules.ts';

/**
 * A file as a document lists it (a supplier invoice's scans, a time record's receipts): the
 * attachment's metadata, and when and by whom it was attached to that document. The routes
 * declare it as their OpenAPI `data`.
 */
export const attachedFileSchema = attachmentMetaSchema.extend({
  attached_at: z.string(),
  attached_by_name: z.string().nullable(),
});
export type AttachedFile = z.infer<typeof attachedFileSchema>;
