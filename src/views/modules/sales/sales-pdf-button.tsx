import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { saveBlob } from '../../../api/download.ts';
import { errorText } from '../../../api/error-text.ts';
import { downloadSalesPdf } from '../../../api/sales.api.ts';
import type { SalesPdfDocument } from '../../../domain/entities/sales/packing-slip.ts';
import { notify } from '../../common/notify.tsx';

// A sales order's PDF (the order itself, or once shipped its packing slip or bill of lading) as
// the server lays it out, saved under the server's name; busy while it downloads so a double
// click asks once, and a refusal says why.

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
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (id === null) return;
    setBusy(true);
    try {
      saveBlob(await downloadSalesPdf(id, document));
    } catch (error) {
      notify.error(errorText(error, 'The PDF could not be downloaded'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconFileTypePdf size={14} />}
      onClick={() => void download()}
      loading={busy}
      disabled={disabled || id === null}
    >
      {children}
    </Button>
  );
}
