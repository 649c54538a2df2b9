import { downloadPurchaseOrderPdf } from '../../../api/purchase.api.ts';
import { usePdfDownload } from '../../common/print/pdf-download-button.tsx';

// A purchase order's PDF, for the button that saves it and for sending it to the supplier.

/** What fetches the order's PDF; null before the order is saved. */
export const purchaseOrderPdf = (id: number | null) =>
  id === null ? null : () => downloadPurchaseOrderPdf(id);

export function usePurchasePdf(id: number | null) {
  return usePdfDownload(purchaseOrderPdf(id));
}
