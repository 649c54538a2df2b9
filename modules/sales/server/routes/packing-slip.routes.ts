import type { FastifyInstance } from 'fastify';
import { packingSlipSchema, salesPdfApi } from '../../shared/entities/packing-slip.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { renderPdf } from '../../../../server/pdf-render/render-pdf.ts';
import { addRoute } from '../../../../server/http/route.ts';
import { idParams } from '../../../../server/http/routes/common-fields.ts';
import {
  documentSchema,
  type ResolvedDocument,
} from '../../../../server/http/entity/document-spec.ts';
import { readPackingSlip, type ShippedOrder } from './packing-slip-reading.ts';
import { sendFile } from '../../../../server/http/file-reply.ts';

// The shipping documents of a shipped order: the packing slip (a page and a PDF) and the bill
// of lading (a PDF for the carrier), all from one reading. Readers of the order read them
// (sale and the sales section); the letterhead comes from `general.company`. The PDFs are laid
// out in a PDF worker thread, off the event loop.

/** A file name of the order's number, whatever characters a number may one day hold. */
const fileName = (number: unknown, document: string) =>
  `${document}-${(typeof number === 'string' && number !== '' ? number : 'order').replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;

const PDFS = [
  {
    document: 'packing-slip',
    summary: 'The packing slip of a shipped sales order as a PDF file',
    write: (slip: ShippedOrder) => renderPdf('packing-slip', slip),
  },
  {
    document: 'bill-of-lading',
    summary:
      'The bill of lading of a shipped sales order as a PDF file: shipper, consignee, carrier, pieces, dangerous goods',
    write: (slip: ShippedOrder) => renderPdf('bill-of-lading', slip),
  },
] as const satisfies readonly {
  document: 'packing-slip' | 'bill-of-lading';
  summary: string;
  write: (slip: ShippedOrder) => Promise<Buffer>;
}[];

export function registerPackingSlipRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  orders: ResolvedDocument,
): void {
  const { db } = deps.database;
  const api = orders.binding.entity.api;
  addRoute(app, {
    method: 'GET',
    url: `${api}/:id/packing-slip`,
    access: { area: orders.binding.entity.area },
    summary: 'The packing slip of a shipped sales order: what was shipped, lot by lot',
    params: idParams,
    response: packingSlipSchema.extend({ order: documentSchema(orders) }),
    handler: async ({ params }) => readPackingSlip(db, orders, params.id),
  });
  for (const { document, summary, write } of PDFS) {
    addRoute(app, {
      method: 'GET',
      url: salesPdfApi(api, ':id', document),
      access: { area: orders.binding.entity.area },
      summary,
      params: idParams,
      replyType: 'application/pdf',
      handler: async ({ params, reply }) => {
        const slip = await readPackingSlip(db, orders, params.id);
        const pdf = await write(slip);
        return sendFile(reply, {
          body: pdf,
          type: 'application/pdf',
          fileName: fileName(slip.order.number, document),
        });
      },
    });
  }
}
