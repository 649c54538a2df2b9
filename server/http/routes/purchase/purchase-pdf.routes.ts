import type { FastifyInstance } from 'fastify';
import { purchasePdfApi } from '../../../../src/domain/entities/purchase/purchase-order-print.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { renderPdf } from '../../../pdf-render/render-pdf.ts';
import { addRoute } from '../../route.ts';
import { idParams } from '../common-fields.ts';
import type { ResolvedDocument } from '../../entity/document-spec.ts';
import { readOrderPrint } from './purchase-print.routes.ts';
import { sendFile } from '../../file-reply.ts';

// The order as a PDF file a supplier can receive by e-mail: the same reading as the print view,
// laid out on the server, so what is sent does not depend on a browser's print dialog. Whoever
// reads purchase orders may download it. It is laid out in a PDF worker thread, so a long order
// never holds up other requests.

/** A file name of the order's number, whatever characters a number may one day hold. */
export const purchaseOrderFileName = (number: unknown) =>
  `${(typeof number === 'string' && number !== '' ? number : 'purchase-order').replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;

export function registerPurchasePdfRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  orders: ResolvedDocument,
): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'GET',
    url: purchasePdfApi(orders.binding.entity.api, ':id'),
    access: { area: 'purchase' },
    summary: 'A purchase order as a PDF file: letterhead, supplier, lines, taxes and totals',
    params: idParams,
    replyType: 'application/pdf',
    handler: async ({ params, reply }) => {
      const print = await readOrderPrint(db, orders, params.id);
      const pdf = await renderPdf('purchase-order', print);
      return sendFile(reply, {
        body: pdf,
        type: 'application/pdf',
        fileName: purchaseOrderFileName(print.order.number),
      });
    },
  });
}
