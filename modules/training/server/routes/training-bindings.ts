import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { TRAINING_CATEGORIES } from '../../shared/entities/training-categories.entity.ts';
import { TRAINING_DOCUMENTS } from '../../shared/entities/training-documents.entity.ts';
import { TRAINING_LOGS } from '../../shared/entities/training-logs.entity.ts';
import {
  TRAINING_PROJECT_DOCUMENTS,
  TRAINING_PROJECTS,
} from '../../shared/entities/training-projects.entity.ts';
import { readableFile } from '../../../../server/attachments/attached-files.ts';
import { attachments } from '../../../../server/db/schema/attachments.ts';
import {
  trainingCategories,
  trainingDocuments,
  trainingLogs,
  trainingProjectDocuments,
  trainingProjects,
} from '../db/training.schema.ts';
import { roles } from '../../../../server/db/schema/users.ts';
import { ApiError, ruleError } from '../../../../server/errors/api-error.ts';
import { logComputed, logTable } from '../../../../server/http/entity/log-table.ts';
import {
  qualified,
  refLabel,
  type EntityBinding,
} from '../../../../server/http/entity/entity-binding.ts';
import { aStatus } from '../../../../src/domain/status-tags.ts';

// Training's master rows on the entity pattern: categories, document revisions (written while
// a draft), curricula and their documents, and the read-only log.

/** `SOP-001 rev 2 · Title`: how a document revision reads in pickers and lists. */
export const documentLabel = (id: ReturnType<typeof qualified>) =>
  sql<string | null>`(select d.code || ' rev ' || d.revision || ' · ' || d.title
    from training_documents d where d.id = ${id})`;

/** A column of a revision's file (its name, its download token), null without one. */
export const documentFile = (id: ReturnType<typeof qualified>, column: 'file_name' | 'token') =>
  sql<string | null>`(select a.${sql.identifier(column)}::text from training_documents d
    join attachments a on a.id = d.attachment_id where d.id = ${id})`;

const doc = (column: AnyPgColumn) => qualified(column);

/**
 * The label of the revision of its code that people mean by the code: the effective one, or
 * the newest while none is effective (a first draft); null on every other revision, so Ctrl+K
 * offers one revision per code, the one in force.
 */
const currentLabel = sql<string | null>`case when ${doc(trainingDocuments.status)} = 'effective'
    or (not exists (select 1 from training_documents e
                     where e.code = ${doc(trainingDocuments.code)} and e.status = 'effective')
        and ${doc(trainingDocuments.revision)} = (select max(m.revision) from training_documents m
                     where m.code = ${doc(trainingDocuments.code)}))
  then ${documentLabel(doc(trainingDocuments.id))} end`;

export const categoriesBinding: EntityBinding = {
  entity: TRAINING_CATEGORIES,
  table: trainingCategories,
};

export const documentsBinding: EntityBinding = {
  entity: TRAINING_DOCUMENTS,
  table: trainingDocuments,
  computed: {
    category_name: refLabel(trainingDocuments.categoryId, trainingCategories),
    file_name: refLabel(trainingDocuments.attachmentId, attachments, 'file_name'),
    file_token: refLabel(trainingDocuments.attachmentId, attachments, 'token'),
    label: documentLabel(qualified(trainingDocuments.id)),
    current_label: currentLabel,
  },
  // A picker that names a status (`parameterType: 'effective'`) offers only revisions in it.
  optionsOfType: (status) => sql`${qualified(trainingDocuments.status)} = ${status}`,
  hooks: {
    beforeWrite: async ({ tx, actor, values, before }) => {
      if (before && before.status !== 'draft') {
        throw ruleError(
          'status',
          `${aStatus(String(before.status))} document cannot be edited: write its next revision`,
        );
      }
      // Only a file the writer reads goes on the revision: a guessed id is as good as absent.
      const file = values.attachment_id;
      if (typeof file === 'number' && file !== before?.attachment_id) {
        await readableFile(tx, actor, file);
      }
    },
    beforeDelete: async ({ before }) => {
      if (before.status !== 'draft') throw new ApiError('database_delete_7', null, 409);
    },
  },
};

const projectId = qualified(trainingProjects.id);

export const projectsBinding: EntityBinding = {
  entity: TRAINING_PROJECTS,
  table: trainingProjects,
  computed: {
    category_name: refLabel(trainingProjects.categoryId, trainingCategories),
    role_name: refLabel(trainingProjects.roleId, roles),
    documents_count: sql<number>`(select count(*)::int from training_project_documents x
      where x.training_project_id = ${projectId})`,
    trainings_count: sql<number>`(select count(*)::int from trainings x
      where x.training_project_id = ${projectId})`,
  },
};

export const projectDocumentsBinding: EntityBinding = {
  entity: TRAINING_PROJECT_DOCUMENTS,
  table: trainingProjectDocuments,
  computed: {
    project_name: refLabel(trainingProjectDocuments.trainingProjectId, trainingProjects),
    document_label: documentLabel(qualified(trainingProjectDocuments.trainingDocumentId)),
    document_status: refLabel(
      trainingProjectDocuments.trainingDocumentId,
      trainingDocuments,
      'status',
    ),
  },
};

const logTraining = (column: string) =>
  sql.raw(`(select t.${column} from trainings t where t.id = training_logs.training_id)`);

export const logsBinding: EntityBinding = {
  entity: TRAINING_LOGS,
  table: logTable(trainingLogs),
  computed: {
    ...logComputed(trainingLogs),
    trainee_name: sql<
      string | null
    >`(select u.name from users u where u.id = ${logTraining('trainee_id')})`,
    document_label: documentLabel(logTraining('training_document_id')),
  },
};
