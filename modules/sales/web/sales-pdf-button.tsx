import { downloadSalesPdf } from './api/sales.api.ts';
import type { SalesPdfDocument } from '../shared/entities/packing-slip.ts';
import { PdfDownloadButton } from '../../../src/views/common/print/pdf-download-button.tsx';

// A sales order's PDF: the order itself, or once shipped its packing slip or bill of lading.

export function SalesPdfButton({
  id,
  document,
  children,
  disabled = false,
}: {
  id: number | null;
  document: SalesPdfDocument;
  children: string;
  disabled?: boolean;
}) {
  return (
    <PdfDownloadButton
      fetchPdf={id === null ? null : () => downloadSalesPdf(id, document)}
      disabled={disabled}
    >
      {children}
    </PdfDownloadButton>
  );
}
