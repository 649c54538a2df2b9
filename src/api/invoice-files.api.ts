import { invoiceFilesApi, type InvoiceFile } from '../domain/entities/purchase/invoice-files.ts';
import type { Request } from './request.ts';

// A supplier invoice's files: listed, and an uploaded attachment linked with the invoice's
// version (the upload itself is attachments.api.ts's).

const path = (api: string) => api.replace(/^\/api\//, '');

export async function fetchInvoiceFiles(
  request: Request,
  invoiceId: number,
): Promise<InvoiceFile[]> {
  return (await request<InvoiceFile[]>({ url: path(invoiceFilesApi(invoiceId)) })).data;
}

/** Answers the invoice's new version and its files. */
export async function attachInvoiceFile(
  request: Request,
  invoiceId: number,
  version: number,
  attachmentId: number,
): Promise<{ version: number; files: InvoiceFile[] }> {
  const answer = await request<{ version: number; files: InvoiceFile[] }>({
    url: path(invoiceFilesApi(invoiceId)),
    method: 'POST',
    data: { version, attachment_id: attachmentId },
  });
  return answer.data;
}
