import type { AttachedFile } from '../../attachments/attached-file.ts';
import { PURCHASE_INVOICES } from './purchase-invoices.entity.ts';

// The supplier's own invoice files (PDF, scans) kept with a supplier invoice PI-: attached by
// the purchase role on /invoice/{id}, listed there and downloaded like every attachment (same
// store, same checks, same readers). Attaching adds to the invoice, so it carries the version
// read and moves it; a file once attached stays, as every attachment does
// (docs/domain/README.md §0).

/** `/api/purchase/purchase_invoices/{id}/files`: GET the list, POST `{version, attachment_id}`. */
export const invoiceFilesApi = (invoiceId: number) => `${PURCHASE_INVOICES.api}/${invoiceId}/files`;

/**
 * Statuses whose invoice takes files (decision): a draft, and a posted or paid one too, since
 * the supplier's copy often arrives after the invoice was entered; never a cancelled one.
 */
export const INVOICE_FILE_STATUSES: readonly string[] = ['draft', 'posted', 'paid'];

/** An attached file as listed: its metadata, and when and by whom it was attached. */
export type InvoiceFile = AttachedFile;
