import type { AttachmentMeta } from './attachment-rules.ts';

/**
 * A file as a document lists it (a supplier invoice's scans, a time record's receipts): the
 * attachment's metadata, and when and by whom it was attached to that document.
 */
export type AttachedFile = AttachmentMeta & {
  attached_at: string;
  attached_by_name: string | null;
};
