import { Badge, Card, Group, Loader, Text } from '@mantine/core';
import { ASSEMBLY_SHIPPING_SKIDS } from '../shared/entities/assembly-config.entities.ts';
import { ASSEMBLY_SHIPPING_ORDERS } from '../shared/entities/assembly-orders.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import type { TableQueryInput } from '../../../src/domain/table-filter/table-query.types.ts';
import { useLiveRows } from '../../../src/views/common/entity/use-live-rows.ts';
import { StatusTag } from '../../../src/views/common/status-tag.tsx';
import { useRealtime } from '../../../src/views/shell/realtime/realtime.context.tsx';
import {
  DashboardFrame,
  useWallDisplay,
} from '../../../src/views/modules/production/dashboard/dashboard-frame.tsx';
import classes from '../../../src/views/modules/production/dashboard/production-dashboard.module.css';
import {
  useNow,
  useStaleSince,
} from '../../../src/views/modules/production/dashboard/use-wall-recovery.ts';
import { AssemblyOrderCard } from './assembly-order-card.tsx';

// The assembly shipping dashboard: kit orders cartoned into stock, and the
// line's skids waiting for the truck, live on `private-assembly.shipping`. Nothing ships from
// here: kits are sold on sales orders and leave on their packing slips like any finished good,
// so a shipment always has a customer.

const IN_STOCK: TableQueryInput = {
  filter: [
    { field: 'status', field_type: 'enum', filters: [{ operator: 'in', value: ['completed'] }] },
  ],
  sort: { field: 'number', direction: 'asc' },
  page: 1,
  per_page: 500,
};

const SKIDS: TableQueryInput = {
  sort: { field: 'code', direction: 'asc' },
  page: 1,
  per_page: 500,
};

export function AssemblyShippingDashboardPage() {
  const wall = useWallDisplay();
  const realtime = useRealtime();
  const connection = realtime?.connection ?? null;
  const orders = useLiveRows(ASSEMBLY_SHIPPING_ORDERS, IN_STOCK, connection);
  const skids = useLiveRows(ASSEMBLY_SHIPPING_SKIDS, SKIDS, connection);
  const staleSince = useStaleSince(orders, realtime?.status ?? null);
  const now = useNow();
  const done = orders.rows
    .map((row) => rowOf(ASSEMBLY_SHIPPING_ORDERS, row))
    .filter((row) => row.status === 'completed');
  return (
    <DashboardFrame
      title="Assembly shipping"
      staleSince={staleSince}
      connection={realtime?.status ?? 'none'}
      headline={
        <>
          <Badge size={wall ? 'xl' : 'md'} variant="light" data-testid="waiting-orders">
            {done.length} kit order{done.length === 1 ? '' : 's'} in stock
          </Badge>
          {(orders.loading || skids.loading) && <Loader size="xs" />}
        </>
      }
    >
      <div className={`${classes.board} ${classes.five}`}>
        <section className={classes.column} aria-label="Kits in stock" data-column="in_stock">
          <Group justify="space-between">
            <Text fw={700} className={classes.columnTitle}>
              Kits in stock
            </Text>
            <Badge variant="default">{done.length}</Badge>
          </Group>
          <Text size="xs" c="dimmed">
            Kits ship on a sales order&apos;s packing slip.
          </Text>
          {done.map((row) => (
            <AssemblyOrderCard
              key={row.id}
              row={row}
              entity={ASSEMBLY_SHIPPING_ORDERS}
              events={[]}
              now={now}
              wall={wall}
            />
          ))}
        </section>
        <section className={classes.column} aria-label="Skids awaiting ship" data-column="skids">
          <Group justify="space-between">
            <Text fw={700} className={classes.columnTitle}>
              Skids awaiting ship
            </Text>
            <Badge variant="default">{skids.rows.length}</Badge>
          </Group>
          {skids.rows.map((row) => (
            <Card
              key={row.id}
              withBorder
              padding="sm"
              radius="md"
              data-card={`skid-${String(row.code)}`}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700} className={classes.number}>
                  {String(row.code)}
                </Text>
                <StatusTag size="sm" status={String(row.status)} />
              </Group>
              <Text size="xs" c="dimmed">
                {typeof row.location_name === 'string' ? row.location_name : ''}
              </Text>
            </Card>
          ))}
        </section>
      </div>
    </DashboardFrame>
  );
}
