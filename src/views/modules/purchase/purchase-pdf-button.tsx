import { PdfDownloadButton } from '../../common/print/pdf-download-button.tsx';
import { purchaseOrderPdf } from './use-purchase-pdf.ts';

// "Download PDF" beside Print: the file a supplier receives, as the server lays it out.

export function PurchasePdfButton({
  id,
  disabled = false,
}: {
  id: number | null;
  disabled?: boolean;
}) {
  return (
    <PdfDownloadButton fetchPdf={purchaseOrderPdf(id)} disabled={disabled}>
      Download PDF
    </PdfDownloadButton>
  );
}
