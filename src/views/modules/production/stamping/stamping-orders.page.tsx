import { Box, Paper, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { STAMPING_ORDERS } from '../../../../domain/entities/production/stamping-orders.entity.ts';
import { EntityListPage } from '../../../common/entity/entity-list-page.tsx';
import { EntityForm } from '../../../common/entity-form/entity-form.tsx';
import { rowOf, type RowOf } from '../../../../domain/entity/row-of.ts';

// The stamping orders list and the new-order form (production.stamping-orders,
// production.stamping-order-form). A row opens where its next step is taken: a plan on the
// start page (edit, save, ask for reels), an order stamping or done on the finish page.

const BASE = '/production/product-stamping-orders';

/** Where a stamping order of `status` is worked on. */
export function stampingPageOf(row: Pick<RowOf<typeof STAMPING_ORDERS>, 'id' | 'status'>): string {
  const onStart = row.status !== null && ['draft', 'ready', 'reel_pending'].includes(row.status);
  return `${BASE}/${onStart ? 'start' : 'finish'}/${row.id}`;
}

export function StampingOrdersPage() {
  const navigate = useNavigate();
  return (
    <EntityListPage
      entity={STAMPING_ORDERS}
      onOpen={(row) =>
        void navigate(row ? stampingPageOf(rowOf(STAMPING_ORDERS, row)) : `${BASE}/form`)
      }
    />
  );
}

/** A new order: the inputs in tab order, Enter saves; then the start page takes over. */
export function StampingOrderFormPage() {
  const navigate = useNavigate();
  return (
    <Box p="md">
      <Paper p="md" withBorder>
        <Title order={3} mb="md">
          New stamping order
        </Title>
        <EntityForm
          entity={STAMPING_ORDERS}
          id={null}
          columns={2}
          onCancel={() => void navigate(BASE)}
          onSaved={(row) => void navigate(`${BASE}/start/${row.id}`, { replace: true })}
        />
      </Paper>
    </Box>
  );
}
