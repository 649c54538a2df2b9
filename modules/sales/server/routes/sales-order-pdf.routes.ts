import type { FastifyInstance } from 'fastify';
import { salesPdfApi } from '../../shared/entities/packing-slip.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { renderPdf } from '../../../../server/pdf-render/render-pdf.ts';
import { addRoute } from '../../../../server/http/route.ts';
import { idParams } from '../../../../server/http/routes/common-fields.ts';
import type { ResolvedDocument } from '../../../../server/http/entity/document-spec.ts';
import { readSalesOrderPrint } from './sales-order-print-reading.ts';
import { sendFile } from '../../../../server/http/file-reply.ts';

// The sales order as a PDF file for the customer, with its vaping duty federal and provincial
// per unit and in total (docs/domain/sales.md "Vaping duty"), beside the shipping documents'
// PDFs (packing-slip.routes.ts): whoever reads sales orders downloads it, at any status (a
// draft's PDF says Draft). Laid out in a PDF worker thread, off the event loop.

/** A file name of the order's number, whatever characters a number may one day hold. */
const fileName = (number: string) =>
  `sales-order-${(number || 'order').replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;

export function registerSalesOrderPdfRoute(
  app: FastifyInstance,
  deps: AppDeps,
  orders: ResolvedDocument,
): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'GET',
    url: salesPdfApi(orders.binding.entity.api, ':id', 'sales-order'),
    access: { area: orders.binding.entity.area },
    summary:
      'A sales order as a PDF file: letterhead, customer, lines with their vaping duty per unit (federal, provincial), duty totals, taxes and total',
    params: idParams,
    replyType: 'application/pdf',
    handler: async ({ params, reply }) => {
      const print = await readSalesOrderPrint(db, orders, params.id);
      const pdf = await renderPdf('sales-order', print);
      return sendFile(reply, {
        body: pdf,
        type: 'application/pdf',
        fileName: fileName(print.order.number),
      });
    },
  });
}
