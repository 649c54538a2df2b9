import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { saveBlob, type DownloadResult } from '../../../api/download.ts';
import { errorText } from '../../../api/error-text.ts';
import { notify } from '../notify.tsx';

// A document's PDF as the server lays it out, saved under the server's name. Busy while it
// downloads, so a double click asks once; a refusal or a failed network says why.

/** `fetchPdf` null: nothing to download yet (a record not saved). */
export function usePdfDownload(fetchPdf: (() => Promise<DownloadResult>) | null) {
  const [busy, setBusy] = useState(false);
  const download = useCallback(async () => {
    if (fetchPdf === null) return;
    setBusy(true);
    try {
      saveBlob(await fetchPdf());
    } catch (error) {
      notify.error(errorText(error, 'The PDF could not be downloaded'));
    } finally {
      setBusy(false);
    }
  }, [fetchPdf]);
  return { busy, download };
}

export function PdfDownloadButton({
  fetchPdf,
  children,
  disabled = false,
}: {
  fetchPdf: (() => Promise<DownloadResult>) | null;
  children: string;
  disabled?: boolean;
}) {
  const { busy, download } = usePdfDownload(fetchPdf);
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconFileTypePdf size={14} />}
      onClick={() => void download()}
      loading={busy}
      disabled={disabled || fetchPdf === null}
    >
      {children}
    </Button>
  );
}
