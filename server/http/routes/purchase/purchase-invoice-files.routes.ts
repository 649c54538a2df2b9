import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  INVOICE_FILE_STATUSES,
  invoiceFilesApi,
  type InvoiceFile,
} from '../../../../src/domain/entities/purchase/invoice-files.ts';
import { PURCHASE_INVOICES } from '../../../../src/domain/entities/purchase/purchase-invoices.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import {
  attachedFiles,
  linkableFile,
  type AttachmentLinks,
} from '../../../attachments/attached-files.ts';
import { writeAudit } from '../../../db/audit.ts';
import type { Db, Tx } from '../../../db/client.ts';
import {
  purchaseInvoiceAttachments as links,
  purchaseInvoices,
} from '../../../db/schema/purchase-invoices.ts';
import { ApiError, ruleError } from '../../../errors/api-error.ts';
import { staleVersion } from '../../entity/entity-routes.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, Answer, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { readDocument, type ResolvedDocument } from '../../entity/document-spec.ts';
import { attachedFileSchema } from '../../../../src/domain/attachments/attached-file.ts';

// A supplier invoice's files (src/domain/entities/purchase/invoice-files.ts). The file is
// uploaded first through /api/attachments (type by content, size limit, the store); attaching
// links it to the invoice in one transaction with the invoice's version, an audit row for its
// timeline and, once committed, `invoice.updated` on the invoices channel.

const attachBody = z.object({
  version: versionField,
  attachment_id: z.coerce.number().int().positive(),
});

const invoiceLinks: AttachmentLinks = {
  table: links,
  id: links.id,
  owner: links.purchaseInvoiceId,
  attachmentId: links.attachmentId,
  createdAt: links.createdAt,
  createdBy: links.createdBy,
};

const filesOf = (db: Db | Tx, invoiceId: number): Promise<InvoiceFile[]> =>
  attachedFiles(db, invoiceLinks, invoiceId);

export function registerInvoiceFileRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  invoices: ResolvedDocument,
): void {
  const { db } = deps.database;
  const url = invoiceFilesApi(0).replace('/0/', '/:id/');

  addRoute(app, {
    method: 'GET',
    url,
    access: { area: PURCHASE_INVOICES.area },
    summary: "A supplier invoice's attached files, oldest first",
    params: idParams,
    response: z.array(attachedFileSchema),
    handler: async ({ params }) => {
      const [invoice] = await db
        .select({ id: purchaseInvoices.id })
        .from(purchaseInvoices)
        .where(eq(purchaseInvoices.id, params.id));
      if (!invoice) throw new ApiError('not_found', null, 404);
      return filesOf(db, params.id);
    },
  });

  addRoute(app, {
    method: 'POST',
    url,
    access: { area: PURCHASE_INVOICES.area },
    summary:
      'Attach an uploaded file (attachment_id from POST /api/attachments) to a supplier invoice; send the version you read',
    params: idParams,
    body: attachBody,
    response: z.object({ version: z.number().int(), files: z.array(attachedFileSchema) }),
    handler: async ({ params, body, user, request }) => {
      const actor = signedIn(user);
      const files = await db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from purchase_invoices where id = ${params.id} for update`);
        const [invoice] = await tx
          .select({ version: purchaseInvoices.version, status: purchaseInvoices.status })
          .from(purchaseInvoices)
          .where(eq(purchaseInvoices.id, params.id));
        if (!invoice) throw new ApiError('not_found', null, 404);
        if (invoice.version !== body.version) {
          throw await staleVersion(tx, invoices.binding, params.id);
        }
        if (!INVOICE_FILE_STATUSES.includes(invoice.status)) {
          throw ruleError('status', `A ${invoice.status} supplier invoice takes no more files`);
        }
        const file = await linkableFile(tx, invoiceLinks, params.id, body.attachment_id, actor);
        await tx.insert(links).values({
          purchaseInvoiceId: params.id,
          attachmentId: body.attachment_id,
          createdBy: actor.id,
        });
        // The invoice's version moves with its files: an editor holding it reads it again.
        await tx
          .update(purchaseInvoices)
          .set({ updatedBy: actor.id })
          .where(eq(purchaseInvoices.id, params.id));
        await writeAudit(tx, {
          entityType: PURCHASE_INVOICES.name,
          entityId: params.id,
          action: 'update',
          changes: { file_attached: [null, file.fileName] },
          userId: actor.id,
          ip: request.ip,
        });
        return filesOf(tx, params.id);
      });
      const row = await readDocument(db, invoices, params.id);
      await publishChange(deps, PURCHASE_INVOICES, 'updated', row);
      return new Answer({ version: row.version, files }, 'created', 201);
    },
  });
}
