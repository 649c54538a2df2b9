import { Alert, Box, Button, Group, Loader } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PrintableState } from './use-printable.ts';

// The page around a printable sheet: back to its document, Print (the print CSS prints only
// the sheet) and the page's own buttons, then the sheet once it is read.

export function PrintPage<T>({
  backTo,
  loadingLabel,
  state,
  actions,
  sheet,
}: {
  backTo: string;
  loadingLabel: string;
  state: PrintableState<T>;
  /** More buttons beside Print (Download PDF). */
  actions?: ReactNode;
  sheet: (doc: T) => ReactNode;
}) {
  return (
    <Box p="md">
      <Group mb="md">
        <Button
          component={Link}
          to={backTo}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          Back to the order
        </Button>
        <Button
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.print()}
          disabled={state.kind !== 'ready'}
        >
          Print
        </Button>
        {actions}
      </Group>
      {state.kind === 'loading' && <Loader role="status" aria-label={loadingLabel} />}
      {state.kind === 'failed' && <Alert color="red">{state.message}</Alert>}
      {state.kind === 'ready' && sheet(state.doc)}
    </Box>
  );
}
