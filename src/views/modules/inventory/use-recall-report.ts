import { useCallback, useState } from 'react';
import { saveBlob } from '../../../api/download.ts';
import { errorText } from '../../../api/error-text.ts';
import { downloadRecallReport } from '../../../api/lot-trace.api.ts';
import { notify } from '../../common/notify.tsx';

// Downloads the recall report of the anchor on screen and saves it under the server's name;
// the button stays busy meanwhile, so a double click asks once.

export function useRecallReport(from: string) {
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const download = useCallback(
    async (format: 'pdf' | 'csv') => {
      setBusy(format);
      try {
        saveBlob(await downloadRecallReport(from, format));
      } catch (error) {
        notify.error(errorText(error, 'The recall report could not be downloaded'));
      } finally {
        setBusy(null);
      }
    },
    [from],
  );
  return { busy, download };
}
