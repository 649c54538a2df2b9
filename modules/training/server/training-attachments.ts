import { sql } from 'drizzle-orm';
import { canUseArea } from '../../../src/domain/area-modules.ts';
import type { AttachmentHolder } from '../../../server/attachments/attachment-holder.ts';
import { arrayParam } from '../../../server/db/array-param.ts';
import { TRAINING_DOCUMENTS } from '../shared/entities/training-documents.entity.ts';
import type { TrainingDocumentStatus } from '../shared/entities/training-values.ts';
import { MY_TRAININGS } from '../shared/entities/trainings.entity.ts';

/**
 * Revisions a trainee trains on: past approval. A draft or an approved revision not yet in
 * force is read only by those who read the documents themselves (the trainer page's roles).
 */
const PUBLISHED: readonly TrainingDocumentStatus[] = ['effective', 'superseded', 'obsolete'];

const trainingDocumentFiles = (id: number) =>
  sql`exists (select 1 from training_documents d where d.attachment_id = ${id})`;

/** A revision's file: its readers, and each trainee of a published revision. */
export const trainingDocumentHolder: AttachmentHolder = {
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
