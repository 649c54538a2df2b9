import { Box, Button } from '@mantine/core';
import { IconTrendingDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  PURCHASE_ORDERS,
  type PurchaseOrderRow,
} from '../../../domain/entities/purchase/purchase-orders.entity.ts';
import { notify } from '../../common/notify.tsx';
import { EntityListPage } from '../../common/entity/entity-list-page.tsx';
import { LowStockOrdersModal } from './low-stock-orders.modal.tsx';

// The purchase orders list, with the way to draft orders from the low-stock suggestions.
// One draft made opens it; several stay in the list, newest first.

export function PurchaseOrdersPage() {
  const navigate = useNavigate();
  const [suggesting, setSuggesting] = useState(false);
  const [created, setCreated] = useState<PurchaseOrderRow | null>(null);
  const open = (row: Pick<PurchaseOrderRow, 'id'> | null) =>
    void navigate(`/purchase/${row ? row.id : 'new'}`);
  return (
    <Box>
      <EntityListPage
        entity={PURCHASE_ORDERS}
        onOpen={open}
        created={created}
        actions={
          <Button
            size="xs"
            variant="light"
            leftSection={<IconTrendingDown size={14} />}
            onClick={() => setSuggesting(true)}
          >
            From low stock
          </Button>
        }
      />
      {suggesting && (
        <LowStockOrdersModal
          onClose={() => setSuggesting(false)}
          onCreated={(orders) => {
            setSuggesting(false);
            notify.success(`${orders.map((o) => o.number).join(', ')} drafted`);
            const [first] = orders;
            if (orders.length === 1 && first) open(first);
            else setCreated(first ?? null);
          }}
        />
      )}
    </Box>
  );
}
