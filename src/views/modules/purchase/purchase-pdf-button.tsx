import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { usePurchasePdf } from './use-purchase-pdf.ts';

// "Download PDF" beside Print: the file a supplier receives, as the server lays it out.

export function PurchasePdfButton({
  id,
  disabled = false,
}: {
  id: number | null;
  disabled?: boolean;
}) {
  const { busy, download } = usePurchasePdf(id);
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconFileTypePdf size={14} />}
      onClick={() => void download()}
      loading={busy}
      disabled={disabled || id === null}
    >
      Download PDF
    </Button>
  );
}
