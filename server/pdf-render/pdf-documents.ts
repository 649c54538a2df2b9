import { purchaseOrderPdf } from '../purchase-pdf/purchase-order.pdf.ts';
import { billOfLadingPdf } from '../../modules/sales/server/pdf/bill-of-lading.pdf.ts';
import { packingSlipPdf } from '../../modules/sales/server/pdf/packing-slip.pdf.ts';
import { salesOrderPdf } from '../../modules/sales/server/pdf/sales-order.pdf.ts';
import { stampReconciliationPdf } from '../stamp-reconciliation/reconciliation.pdf.ts';
import { recallPdf } from '../trace-report/recall-report.pdf.ts';
import type { RecallReport } from '../trace-report/recall-report.ts';

// Every PDF the server lays out, by name, with the reading each is laid out from: what a
// request hands the PDF worker (a name and a structured-clonable reading) and what the worker
// runs.

export const PDF_DOCUMENTS = {
  'purchase-order': purchaseOrderPdf,
  'sales-order': salesOrderPdf,
  'packing-slip': packingSlipPdf,
  'bill-of-lading': billOfLadingPdf,
  'recall-report': ({ report, tracedAt }: { report: RecallReport; tracedAt: Date }) =>
    recallPdf(report, tracedAt),
  'stamp-reconciliation': stampReconciliationPdf,
} as const;

export type PdfDocument = keyof typeof PDF_DOCUMENTS;
export type PdfReading<D extends PdfDocument> = Parameters<(typeof PDF_DOCUMENTS)[D]>[0];

export type ToPdfWorker = { id: number; document: PdfDocument; reading: unknown };
export type FromPdfWorker = { id: number; bytes: Uint8Array } | { id: number; failed: string };
