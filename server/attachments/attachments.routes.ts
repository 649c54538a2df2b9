import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ATTACHMENT_TYPES,
  attachmentMetaSchema,
  type AttachmentMeta,
} from '../../src/domain/attachments/attachment-rules.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Db } from '../db/client.ts';
import { attachments } from '../db/schema/attachments.ts';
import { ApiError, validationError } from '../errors/api-error.ts';
import { addRoute, Answer, signedIn } from '../http/route.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { mayUpload, readsAttachment } from './attachment-access.ts';
import { contentDisposition, storedFileName } from './safe-file-name.ts';
import { sniffType } from './sniff-type.ts';
import { bodyUpTo } from './upload-body.ts';

// Attachments (docs/domain/README.md §0): POST the file as the raw request body (as imports do, so
// the browser reports upload progress) with its name in the query; the server judges its type by
// its bytes, names it after that type, keeps it immutable and answers its metadata. A file is
// addressed by its random token, never its serial id, and read only by those who read a
// document holding it, or uploaded it (attachment-access.ts). A download is always served as
// an attachment of its sniffed type with nosniff and a sandboxing CSP, so a browser never runs
// or renders it in the console's origin ("virus-free by construction": nothing is executed).

export const ATTACHMENTS_API = '/api/attachments';

const selection = {
  id: attachments.id,
  token: attachments.token,
  file_name: attachments.fileName,
  content_type: attachments.contentType,
  size_bytes: attachments.sizeBytes,
  sha256: attachments.sha256,
  created_at: attachments.createdAt,
  created_by: attachments.createdBy,
  storage_key: attachments.storageKey,
};

type AttachmentRow = Awaited<ReturnType<typeof rowWhere>>;

async function rowWhere(db: Db, where: ReturnType<typeof eq>) {
  const [row] = await db.select(selection).from(attachments).where(where);
  if (!row) throw new ApiError('not_found', null, 404);
  return row;
}

/** The attachment of `token` when `reader` reads it: 404 when there is none, 403 otherwise. */
async function readableRow(db: Db, reader: SessionUser, token: string): Promise<AttachmentRow> {
  // Not a token at all (an old numeric address, say): there is nothing there.
  if (!z.uuid().safeParse(token).success) throw new ApiError('not_found', null, 404);
  const row = await rowWhere(db, eq(attachments.token, token));
  if (!(await readsAttachment(db, reader, row))) throw new ApiError('no_privileges', null, 403);
  return row;
}

function metaOf(row: AttachmentRow): AttachmentMeta {
  const { storage_key: _key, created_at, ...rest } = row;
  return {
    ...rest,
    content_type: rest.content_type as AttachmentMeta['content_type'],
    created_at: created_at.toISOString(),
  };
}

const tokenParams = z.object({ token: z.string().max(100) });

export function registerAttachmentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const max = deps.config.ATTACHMENTS_MAX_BYTES;

  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', bodyUpTo(max));
    addRoute(scope, {
      method: 'POST',
      url: ATTACHMENTS_API,
      access: 'authenticated',
      summary: `Upload a file (raw body, ?file_name=): PDF, PNG, JPEG, text or CSV up to ${max} bytes (413 past it), judged by its content and named with its type's extension`,
      query: z.object({ file_name: z.string().trim().min(1).max(255) }),
      body: z.instanceof(Buffer, { message: 'required' }),
      response: attachmentMetaSchema,
      handler: async ({ query, body, user }) => {
        const actor = signedIn(user);
        if (!mayUpload(actor)) throw new ApiError('no_privileges', null, 403);
        if (body.length === 0) throw validationError({ file: 'required' });
        const type = sniffType(body, query.file_name);
        if (!type) throw validationError({ file: 'in' });
        const sha256 = createHash('sha256').update(body).digest('hex');
        // Bytes first: a row never points at a file that is not there. A failed insert leaves
        // an unreferenced file, which is harmless.
        const storageKey = await deps.attachments.put(body, sha256);
        const [row] = await db
          .insert(attachments)
          .values({
            fileName: storedFileName(query.file_name, type),
            contentType: type,
            sizeBytes: body.length,
            sha256,
            storageKey,
            createdBy: actor.id,
          })
          .returning({ id: attachments.id });
        return new Answer(metaOf(await rowWhere(db, eq(attachments.id, row!.id))), 'created', 201);
      },
    });
    done();
  });

  addRoute(app, {
    method: 'GET',
    url: `${ATTACHMENTS_API}/:token`,
    access: 'authenticated',
    summary: 'One attachment by its token: name, type, size, sha256, who uploaded it and when',
    params: tokenParams,
    response: attachmentMetaSchema,
    handler: async ({ params, user }) =>
      metaOf(await readableRow(db, signedIn(user), params.token)),
  });

  addRoute(app, {
    method: 'GET',
    url: `${ATTACHMENTS_API}/:token/download`,
    access: 'authenticated',
    summary:
      'The file itself, by its token, always as a download (Content-Disposition: attachment, nosniff)',
    params: tokenParams,
    replyType: Object.keys(ATTACHMENT_TYPES),
    handler: async ({ params, user, reply }) => {
      const row = await readableRow(db, signedIn(user), params.token);
      const bytes = await deps.attachments.get(row.storage_key);
      // Named again on the way out: a file kept before names were cleaned leaves clean too.
      const name = storedFileName(
        row.file_name,
        row.content_type as AttachmentMeta['content_type'],
      );
      return reply
        .header('Content-Type', row.content_type)
        .header('Content-Disposition', contentDisposition(name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    },
  });
}
