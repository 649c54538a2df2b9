import { sql } from 'drizzle-orm';
import { PURCHASE_INVOICES } from '../../src/domain/entities/purchase/purchase-invoices.entity.ts';
import { serverModules } from '../server-modules.ts';
import { heldBy, type AttachmentHolder } from './attachment-holder.ts';

// The documents that hold files, and who reads a file through each: exactly those who read the
// document through the API (the access table's area of its entity, with the area's modules).
// A file held by no document is read by its uploader only (and admin). A new kind of document
// with files is one more entry here, or in its slice's server module; nothing else decides who
// reads a file.

const LAYERED_HOLDERS: readonly AttachmentHolder[] = [
  heldBy(
    'purchase_invoice',
    PURCHASE_INVOICES.area,
    (id) =>
      sql`exists (select 1 from purchase_invoice_attachments l where l.attachment_id = ${id})`,
  ),
];

let holders: Promise<readonly AttachmentHolder[]> | undefined;

/** Every kind of document that holds files: the layered modules', then the slices'. */
export function attachmentHolders(): Promise<readonly AttachmentHolder[]> {
  holders ??= serverModules().then((modules) => [
    ...LAYERED_HOLDERS,
    ...modules.flatMap((module) => module.attachmentHolders ?? []),
  ]);
  return holders;
}
