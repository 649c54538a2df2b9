import { Button } from '@mantine/core';
import { IconListNumbers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { sheetColumnOf } from '../../../machines/workflows/stock-count.machine.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';
import { stockCountDoc } from '../../../domain/entities/stock/stock-counts.entity.ts';

// The stock count page's way to its counting sheet, offered while the count takes counts (its
// first round or a recount, as the stock count workflow says).

/** The "Counting sheet" button of a count in a counting round, else nothing. */
export function countingSheetLink(row: EntityRow): ReactNode {
  const doc = stockCountDoc(row);
  if (!sheetColumnOf(doc.status ?? '')) return null;
  return (
    <Button
      component={Link}
      to={`/inventory/stock-count/${doc.id}/sheet`}
      size="xs"
      variant="light"
      leftSection={<IconListNumbers size={14} />}
    >
      Counting sheet
    </Button>
  );
}
