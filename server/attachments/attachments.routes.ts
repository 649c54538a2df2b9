import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AttachmentMeta } from '../../src/domain/attachments/attachment-rules.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Db } from '../db/client.ts';
import { attachments } from '../db/schema/attachments.ts';
import { ApiError, validationError } from '../http/api-error.ts';
import { idParams } from '../http/routes/common-fields.ts';
import { addRoute, Answer, signedIn } from '../http/route.ts';
import { readsProjectFile } from '../db/projects/project-file.ts';
import { readsTrainingFile } from '../db/training/training-file.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { mayRead, mayUpload } from './attachment-access.ts';
import { sniffType } from './sniff-type.ts';

// Attachments (domain.md §0): POST the file as the raw request body (as imports do, so the
// browser reports upload progress) with its name in the query; the server judges its type by
// its bytes, keeps it immutable and answers its metadata. A download is always served as an
// attachment of its sniffed type with nosniff and a sandboxing CSP, so a browser never runs or
// renders it in the console's origin ("virus-free by construction": nothing is executed).

export const ATTACHMENTS_API = '/api/attachments';

const selection = {
  id: attachments.id,
  file_name: attachments.fileName,
  content_type: attachments.contentType,
  size_bytes: attachments.sizeBytes,
  sha256: attachments.sha256,
  created_at: attachments.createdAt,
  created_by: attachments.createdBy,
  storage_key: attachments.storageKey,
};

async function readAttachment(db: Db, id: number) {
  const [row] = await db.select(selection).from(attachments).where(eq(attachments.id, id));
  if (!row) throw new ApiError('not_found', null, 404);
  return row;
}

function metaOf(row: Awaited<ReturnType<typeof readAttachment>>): AttachmentMeta {
  const { storage_key: _key, created_at, ...rest } = row;
  return {
    ...rest,
    content_type: rest.content_type as AttachmentMeta['content_type'],
    created_at: created_at.toISOString(),
  };
}

// A file's name as stored: no path, no control characters, at most 255 characters.
const fileName = z
  .string()
  .trim()
  .min(1)
  .max(255)
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  .transform((name) => name.replace(/^.*[\\/]/, '').replace(/[\u0000-\u001f\u007f"]/g, '_'))
  .refine((name) => name.length > 0 && name !== '.' && name !== '..', { message: 'in' });

/**
 * Reads the body up to `max` bytes; past it, the rest is drained unread and the upload is
 * refused as `file: size`, so the client hears 422 instead of a reset connection.
 */
function bodyUpTo(max: number) {
  return (
    _request: FastifyRequest,
    payload: NodeJS.ReadableStream,
    done: (err: Error | null, body?: Buffer) => void,
  ) => {
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
    });
    payload.on('error', (error: Error) => done(error));
    payload.on('end', () => {
      if (size > max) done(validationError({ file: 'size' }));
      else done(null, Buffer.concat(chunks));
    });
  };
}

/**
 * Whether `reader` reads the attachment: by area or as its uploader (attachment-access.ts), or
 * through a document that holds it and that the reader reads (a training document, a time
 * record).
 */
async function readable(
  db: Db,
  reader: SessionUser,
  row: { id: number; created_by: number | null },
): Promise<boolean> {
  return (
    mayRead(reader, row.created_by) ||
    (await readsTrainingFile(db, reader, row.id)) ||
    readsProjectFile(db, reader, row.id)
  );
}

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

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
      summary: `Upload a file (raw body, ?file_name=): PDF, PNG, JPEG, text or CSV up to ${max} bytes, judged by its content`,
      query: z.object({ file_name: fileName }),
      body: z.instanceof(Buffer, { message: 'required' }),
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
            fileName: query.file_name,
            contentType: type,
            sizeBytes: body.length,
            sha256,
            storageKey,
            createdBy: actor.id,
          })
          .returning({ id: attachments.id });
        return new Answer(metaOf(await readAttachment(db, row!.id)), 'created', 201);
      },
    });
    done();
  });

  addRoute(app, {
    method: 'GET',
    url: `${ATTACHMENTS_API}/:id`,
    access: 'authenticated',
    summary: 'One attachment: name, type, size, sha256, who uploaded it and when',
    params: idParams,
    handler: async ({ params, user }) => {
      const row = await readAttachment(db, params.id);
      if (!(await readable(db, signedIn(user), row))) {
        throw new ApiError('no_privileges', null, 403);
      }
      return metaOf(row);
    },
  });

  addRoute(app, {
    method: 'GET',
    url: `${ATTACHMENTS_API}/:id/download`,
    access: 'authenticated',
    summary: 'The file itself, always as a download (Content-Disposition: attachment, nosniff)',
    params: idParams,
    handler: async ({ params, user, reply }) => {
      const row = await readAttachment(db, params.id);
      if (!(await readable(db, signedIn(user), row))) {
        throw new ApiError('no_privileges', null, 403);
      }
      const bytes = await deps.attachments.get(row.storage_key);
      return reply
        .header('Content-Type', row.content_type)
        .header('Content-Disposition', disposition(row.file_name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    },
  });
}
