import { Button, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { QrLabelSheet, type PrintableLabel } from './qr-label-sheet.tsx';

// What a labels page shows once labels are generated (transfer carts and skids, lab
// containers): the Print button, and the sheet with how many labels it holds.

export function PrintLabelsButton({ labels }: { labels: readonly PrintableLabel[] }) {
  return (
    <Button
      variant="default"
      leftSection={<IconPrinter size={16} />}
      onClick={() => window.print()}
      disabled={labels.length === 0}
    >
      Print
    </Button>
  );
}

export function PrintedLabels({ labels }: { labels: readonly PrintableLabel[] }) {
  if (labels.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {labels.reduce((sum, l) => sum + l.copies, 0)} labels: print them with the Print button
        (only the labels print).
      </Text>
      <QrLabelSheet labels={labels} />
    </Stack>
  );
}
