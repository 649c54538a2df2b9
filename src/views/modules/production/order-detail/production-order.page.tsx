import {
  Alert,
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { canAccess } from '../../../../domain/access.ts';
import { canWriteEntity } from '../../../../domain/entity/can-write-entity.ts';
import {
  PRODUCTION_ORDERS,
  productionOrderDoc,
} from '../../../../domain/entities/production/production-orders.entity.ts';
import { DocumentActions } from '../../../common/entity/document-actions.tsx';
import { TraceLink } from '../../../common/trace-link.tsx';
import { EntityFormDrawer } from '../../../common/entity-form/entity-form-drawer.tsx';
import { recordIdOf } from '../../../common/entity-form/entity-form-page.tsx';
import { DocumentTimeline } from '../../../common/timeline/document-timeline.tsx';
import { useUser } from '../../../session/use-session.ts';
import { orderActions } from '../order-actions.ts';
import { OrderFacts, OrderQuantities } from './order-facts.tsx';
import { ORDERS_LIST_PATH } from './order-paths.ts';
import { OrderFloorTables } from './order-floor-tables.tsx';
import { OrderStoryTables } from './order-story-tables.tsx';
import { useProductionOrder } from './use-production-order.ts';
import { ReworkProposal } from '../potency/rework-proposal.tsx';

// A production order's whole story at /production/production-orders/:id,
// opened from the orders list, a dashboard card or its URL: where it stands and what a person
// may do with it now, its quantities planned and actual, what the floor picked and made, the
// lab's samples, its label checks, stamping, skids and transfers, and the timeline of every
// transition and edit. It follows the order live; a draft is edited in the usual drawer.

function OrderDetail({ id }: { id: number }) {
  const user = useUser();
  const navigate = useNavigate();
  const { state, reload } = useProductionOrder(id);
  const [editing, setEditing] = useState(false);
  const writes = canWriteEntity(user.roles, PRODUCTION_ORDERS);

  if (state.kind === 'loading') {
    return (
      <Group justify="center" p="xl">
        <Loader role="status" aria-label="Loading the production order" />
      </Group>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Alert color="red" title="The production order could not be read">
        <Text size="sm">
          {state.missing ? 'There is no production order at this address.' : state.message}
        </Text>
        {!state.missing && (
          <Button mt="sm" size="xs" variant="light" onClick={reload}>
            Retry
          </Button>
        )}
      </Alert>
    );
  }
  const { story } = state.detail;
  const order = productionOrderDoc(state.detail.order);
  const draft = order.status === 'draft';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Title order={2} fz={22}>
          Production order {order.number ?? ''}
        </Title>
        <Anchor component={Link} to={ORDERS_LIST_PATH} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            All production orders
          </Group>
        </Anchor>
      </Group>
      <DocumentActions
        entity={PRODUCTION_ORDERS}
        doc={order}
        allowed={orderActions}
        onDone={reload}
        extra={() => (
          <>
            {draft && writes && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconEdit size={14} />}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
            )}
            {!draft && <TraceLink kind="production_order" id={id} />}
          </>
        )}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <OrderFacts order={order} />
            <OrderQuantities order={order} />
            <OrderFloorTables order={order} />
            <OrderStoryTables story={story} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder p="md">
            <DocumentTimeline entity={PRODUCTION_ORDERS} id={id} revision={order.version} />
          </Paper>
        </Grid.Col>
      </Grid>
      {editing && (
        <EntityFormDrawer
          entity={PRODUCTION_ORDERS}
          id={id}
          opened
          onClose={() => setEditing(false)}
          onSaved={reload}
          onDeleted={() => void navigate(ORDERS_LIST_PATH)}
        />
      )}
    </Stack>
  );
}

export function ProductionOrderPage() {
  const id = recordIdOf(useParams().id);
  const user = useUser();
  return (
    <Box p="md">
      {id && canAccess(user.roles, 'production_hplc') && (
        <Box mb="md">
          <ReworkProposal key={id} orderId={id} onlyWhenFlagged />
        </Box>
      )}
      {id ? (
        <OrderDetail key={id} id={id} />
      ) : (
        <Alert color="red">There is no production order at this address.</Alert>
      )}
    </Box>
  );
}
