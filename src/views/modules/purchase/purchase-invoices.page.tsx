import { Box } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import {
  PURCHASE_INVOICES,
  type PurchaseInvoiceRow,
} from '../../../domain/entities/purchase/purchase-invoices.entity.ts';
import { notify } from '../../common/notify.tsx';
import { EntityListPage } from '../../common/entity/entity-list-page.tsx';

// The supplier invoices, live on `private-purchase.invoices`. An invoice is entered from the
// purchase order it bills, so New leads to the orders with a word on where to go next.

export function PurchaseInvoicesPage() {
  const navigate = useNavigate();
  const open = (row: Pick<PurchaseInvoiceRow, 'id'> | null) => {
    if (row) {
      void navigate(`/invoice/${row.id}`);
      return;
    }
    notify.info('Open the purchase order the invoice bills, then choose Enter invoice.');
    void navigate('/purchases');
  };
  return (
    <Box>
      <EntityListPage entity={PURCHASE_INVOICES} onOpen={open} />
    </Box>
  );
}
