import { Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { EntityRow } from '../../../api/entity.api.ts';
import { purchasePrintPath } from '../../../domain/entities/purchase/purchase-order-print.ts';

/** The "Print" button of a purchase order: its printable page (PDF through the print dialog). */
export function purchasePrintLink(doc: EntityRow): ReactNode {
  return (
    <Button
      component={Link}
      to={purchasePrintPath(doc.id)}
      size="xs"
      variant="light"
      leftSection={<IconPrinter size={14} />}
    >
      Print
    </Button>
  );
}
