import { useCallback, useState } from 'react';
import { saveBlob } from '../../../api/download.ts';
import { errorText } from '../../../api/error-text.ts';
import { downloadPurchaseOrderPdf } from '../../../api/purchase.api.ts';
import { notify } from '../../common/notify.tsx';

// Downloads an order's PDF and saves it under the server's name; a refusal or a failed
// network says why, and the button stays busy meanwhile so a double click asks once.

export function usePurchasePdf(id: number | null) {
  const [busy, setBusy] = useState(false);
  const download = useCallback(async () => {
    if (id === null) return;
    setBusy(true);
    try {
      saveBlob(await downloadPurchaseOrderPdf(id));
    } catch (error) {
      notify.error(errorText(error, 'The PDF could not be downloaded'));
    } finally {
      setBusy(false);
    }
  }, [id]);
  return { busy, download };
}
