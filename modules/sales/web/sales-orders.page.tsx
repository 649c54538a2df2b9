import { Box } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { SALES_ORDERS } from '../shared/entities/sales-orders.entity.ts';
import { EntityListPage } from '../../../src/views/common/entity/entity-list-page.tsx';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// The sales orders list, live on private-sales.orders; a row opens its order's page.

export function SalesOrdersPage() {
  const navigate = useNavigate();
  const open = (row: EntityRow | null) => void navigate(`/sale/${row ? row.id : 'new'}`);
  return (
    <Box>
      <EntityListPage entity={SALES_ORDERS} onOpen={open} />
    </Box>
  );
}
