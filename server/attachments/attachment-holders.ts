import { sql, type SQL } from 'drizzle-orm';
import { canUseArea } from '../../src/domain/area-modules.ts';
import { LAB_RECEIVINGS } from '../../src/domain/entities/lab/lab-receivings.entity.ts';
import { PM_TASK_ITEM_RECORDS } from '../../modules/projects/shared/entities/pm-task-item-records.entity.ts';
import { PURCHASE_INVOICES } from '../../src/domain/entities/purchase/purchase-invoices.entity.ts';
import { TRAINING_DOCUMENTS } from '../../src/domain/entities/training/training-documents.entity.ts';
import { MY_TRAININGS } from '../../src/domain/entities/training/trainings.entity.ts';
import type { TrainingDocumentStatus } from '../../src/domain/entities/training/training-values.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { arrayParam } from '../db/array-param.ts';

// The documents that hold files, and who reads a file through each: exactly those who read the
// document through the API (the access table's area of its entity, with the area's modules).
// A file held by no document is read by its uploader only (and admin). A new kind of document
// with files is one more entry here; nothing else decides who reads a file.

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
function heldBy(name: string, area: Parameters<typeof canUseArea>[1], holds: (id: number) => SQL) {
  return {
    name,
    holds,
    readableBy: (reader: SessionUser, id: number) => (canUseArea(reader, area) ? holds(id) : null),
  } satisfies AttachmentHolder;
}

/**
 * Revisions a trainee trains on: past approval. A draft or an approved revision not yet in
 * force is read only by those who read the documents themselves (the trainer page's roles).
 */
const PUBLISHED: readonly TrainingDocumentStatus[] = ['effective', 'superseded', 'obsolete'];

const trainingDocumentFiles = (id: number) =>
  sql`exists (select 1 from training_documents d where d.attachment_id = ${id})`;

const trainingDocuments: AttachmentHolder = {
  name: 'training_document',
  holds: trainingDocumentFiles,
  readableBy(reader, id) {
    if (canUseArea(reader, TRAINING_DOCUMENTS.area)) return trainingDocumentFiles(id);
    // Everyone else reads the revisions of their own trainings (as "My trainings" shows them).
    if (!canUseArea(reader, MY_TRAININGS.area)) return null;
    return sql`exists (select 1 from training_documents d
      join trainings t on t.training_document_id = d.id
      where d.attachment_id = ${id} and t.trainee_id = ${reader.id}
        and d.status = any(${arrayParam(PUBLISHED, 'text')}))`;
  },
};

export const ATTACHMENT_HOLDERS: readonly AttachmentHolder[] = [
  heldBy(
    'purchase_invoice',
    PURCHASE_INVOICES.area,
    (id) =>
      sql`exists (select 1 from purchase_invoice_attachments l where l.attachment_id = ${id})`,
  ),
  heldBy(
    'time_record',
    PM_TASK_ITEM_RECORDS.area,
    (id) =>
      sql`exists (select 1 from pm_task_item_record_attachments l where l.attachment_id = ${id})`,
  ),
  heldBy(
    'lab_receiving_coa',
    LAB_RECEIVINGS.area,
    (id) => sql`exists (select 1 from lab_receiving_items i where i.coa_attachment_id = ${id})`,
  ),
  trainingDocuments,
];
