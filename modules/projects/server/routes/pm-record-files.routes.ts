import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  attachedFileSchema,
  type AttachedFile,
} from '../../../../src/domain/attachments/attached-file.ts';
import {
  PM_TASK_ITEM_RECORDS,
  type TaskItemRecordRow,
} from '../../shared/entities/pm-task-item-records.entity.ts';
import { recordFileApi, recordFilesApi } from '../../shared/entities/record-files.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import {
  attachedFiles,
  linkableFile,
  type AttachmentLinks,
} from '../../../../server/attachments/attached-files.ts';
import { writeAudit } from '../../../../server/db/audit.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { attachments } from '../../../../server/db/schema/attachments.ts';
import { pmTaskItemRecordAttachments as links, pmTaskItemRecords } from '../db/projects.schema.ts';
import { ApiError } from '../../../../server/errors/api-error.ts';
import type { ResolvedBinding } from '../../../../server/http/entity/entity-binding.ts';
import {
  lockedRead,
  readOrFail,
  staleVersion,
} from '../../../../server/http/entity/entity-routes.ts';
import { publishChange } from '../../../../server/http/entity/publish-change.ts';
import type { SessionUser } from '../../../../server/auth/session-user.ts';
import { addRoute, Answer, signedIn } from '../../../../server/http/route.ts';
import { idParams, versionField } from '../../../../server/http/routes/common-fields.ts';
import { openParents } from './project-of.ts';

// A time record's files (modules/projects/shared/entities/record-files.ts), for the roles that
// write the record. The file is uploaded first through /api/attachments (type by content, size
// limit, the store); attaching or removing links it in one transaction that locks the record,
// checks the version read and the open project, moves the version, writes the audit row, and
// once committed tells private-projects, so the records list shows the new file count.

const recordLinks: AttachmentLinks = {
  table: links,
  id: links.id,
  owner: links.pmTaskItemRecordId,
  attachmentId: links.attachmentId,
  createdAt: links.createdAt,
  createdBy: links.createdBy,
};

type Changed = { version: number; files: AttachedFile[] };

const changedSchema = z.object({ version: z.number().int(), files: z.array(attachedFileSchema) });

export function registerRecordFileRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  records: ResolvedBinding,
): void {
  const { db } = deps.database;
  const { entity } = records;
  const url = recordFilesApi(0).replace('/0/', '/:id/');
  const access = { area: entity.area } as const;

  /**
   * Runs `change` on the locked record once its version and open project are checked, then
   * moves its version and audits `changes`; answers the record's new version and files.
   */
  async function changeFiles(
    actor: SessionUser,
    ip: string,
    id: number,
    version: number,
    change: (tx: Tx) => Promise<Record<string, [unknown, unknown]>>,
  ): Promise<{ row: TaskItemRecordRow; files: AttachedFile[] }> {
    return db.transaction(async (tx) => {
      const before = rowOf(PM_TASK_ITEM_RECORDS, await lockedRead(tx, records, id));
      if (before.version !== version) throw await staleVersion(tx, records, id);
      // A closed project takes no more hours, and no more changes to their files either.
      await openParents(tx, { item: before.task_item_id }, 'attachment_id');
      const changes = await change(tx);
      await tx
        .update(pmTaskItemRecords)
        .set({ updatedBy: actor.id })
        .where(eq(pmTaskItemRecords.id, id));
      await writeAudit(tx, {
        entityType: entity.name,
        entityId: id,
        action: 'update',
        changes,
        userId: actor.id,
        ip,
      });
      return {
        row: rowOf(PM_TASK_ITEM_RECORDS, await readOrFail(tx, records, id)),
        files: await attachedFiles(tx, recordLinks, id),
      };
    });
  }

  async function answered(changed: {
    row: TaskItemRecordRow;
    files: AttachedFile[];
  }): Promise<Changed> {
    await publishChange(deps, entity, 'updated', changed.row);
    return { version: changed.row.version, files: changed.files };
  }

  addRoute(app, {
    method: 'GET',
    url,
    access,
    summary: "A time record's attached files, oldest first",
    params: idParams,
    response: z.array(attachedFileSchema),
    handler: async ({ params }) => {
      await readOrFail(db, records, params.id);
      return attachedFiles(db, recordLinks, params.id);
    },
  });

  addRoute(app, {
    method: 'POST',
    url,
    access,
    summary:
      'Attach an uploaded file (attachment_id from POST /api/attachments) to a time record; send the version you read',
    params: idParams,
    body: z.object({ version: versionField, attachment_id: z.coerce.number().int().positive() }),
    response: changedSchema,
    handler: async ({ params, body, user, request }) => {
      const actor = signedIn(user);
      const changed = await changeFiles(actor, request.ip, params.id, body.version, async (tx) => {
        const file = await linkableFile(tx, recordLinks, params.id, body.attachment_id, actor);
        await tx.insert(links).values({
          pmTaskItemRecordId: params.id,
          attachmentId: body.attachment_id,
          createdBy: actor.id,
          updatedBy: actor.id,
        });
        return { file_attached: [null, file.fileName] };
      });
      return new Answer(await answered(changed), 'created', 201);
    },
  });

  addRoute(app, {
    method: 'DELETE',
    url: recordFileApi(0, 0).replace('/0/files/0', '/:id/files/:attachment_id'),
    access,
    summary:
      'Remove a file from a time record (the attachment itself stays); send the version you read',
    params: idParams.extend({ attachment_id: z.coerce.number().int().positive() }),
    response: changedSchema,
    query: z.object({ version: versionField }),
    handler: async ({ params, query, user, request }) => {
      const actor = signedIn(user);
      const changed = await changeFiles(actor, request.ip, params.id, query.version, async (tx) => {
        const removed = await tx
          .delete(links)
          .where(
            and(
              eq(links.pmTaskItemRecordId, params.id),
              eq(links.attachmentId, params.attachment_id),
            ),
          )
          .returning({ id: links.id });
        if (removed.length === 0) throw new ApiError('not_found', null, 404);
        const [file] = await tx
          .select({ fileName: attachments.fileName })
          .from(attachments)
          .where(eq(attachments.id, params.attachment_id));
        return { file_removed: [file?.fileName ?? null, null] };
      });
      return answered(changed);
    },
  });
}
