import { Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  SHIPMENTS,
  type ShipmentRow,
} from '../../../../domain/entities/production/production-transfers.entity.ts';
import { rowOf } from '../../../../domain/entity/row-of.ts';
import { statusColor } from '../../../../domain/status-colors.ts';
import { formatDate, formatDateTime } from '../../../../domain/formats/date.format.ts';
import { formatInteger } from '../../../../domain/formats/number.format.ts';
import { statusLabel } from '../../../../domain/status-tags.ts';
import { allowedAllocationActions } from '../../../../machines/workflows/allocation.machine.ts';
import { allowedTransferActions } from '../../../../machines/workflows/transfer.machine.ts';
import { StatusTag } from '../../../common/status-tag.tsx';
import { useUser } from '../../../session/use-session.ts';
import { DashboardFrame } from '../dashboard/dashboard-frame.tsx';
import dashboard from '../dashboard/production-dashboard.module.css';
import { StageColumn } from '../dashboard/stage-column.tsx';
import { boardQuery, useLiveBoard } from '../dashboard/use-live-board.ts';
import classes from './transfer-dashboard.module.css';
import { askMove, dashboardShipment } from './move-question.ts';
import { useDashboardAction } from './use-dashboard-action.ts';

// The shipping dashboard (docs/domain/production.md §3.5): transfers ready to leave and on the
// road, and packed packing lists, live on private-production.shipping (`shipment.updated`).
// Shipping sends the ready ones off from here; every other step stays with the roles and screens
// that own it.

const SHOWN = ['ready', 'in_transit', 'packed'] as const;
const QUERY = boardQuery('status', SHOWN, 'number');

const COLUMNS: { key: string; title: string; shows: (row: ShipmentRow) => boolean }[] = [
  {
    key: 'ready',
    title: 'Ready to ship',
    shows: (r) => r.kind === 'transfer' && r.status === 'ready',
  },
  {
    key: 'in_transit',
    title: 'In transit',
    shows: (r) => r.kind === 'transfer' && r.status === 'in_transit',
  },
  {
    key: 'packed',
    title: 'Packed packing lists',
    shows: (r) => r.kind === 'packing_list' && r.status === 'packed',
  },
];

function ShipmentCard(props: { row: ShipmentRow; wall: boolean; children: ReactNode }) {
  const { row } = props;
  return (
    <Card
      withBorder
      padding={props.wall ? 'md' : 'sm'}
      radius="md"
      data-card={`shipment-${row.number ?? ''}`}
    >
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <Text fw={700} className={dashboard.number}>
          {row.number ?? ''}
        </Text>
        <StatusTag size="sm" status={row.status ?? ''} />
      </Group>
      <Text size="sm" className={dashboard.detail} lineClamp={1}>
        {row.from_name ?? ''} → {row.to_name ?? ''}
      </Text>
      <Group gap="md" className={dashboard.detail}>
        <Text size="xs">{formatInteger(row.units ?? 0)} units</Text>
        {(row.skid_count ?? 0) > 0 && (
          <Text size="xs">
            {formatInteger(row.skid_count ?? 0)} skid{row.skid_count === 1 ? '' : 's'}
          </Text>
        )}
        {row.carrier ? <Text size="xs">{row.carrier}</Text> : null}
      </Group>
      <Text size="xs" c="dimmed" className={dashboard.detail}>
        {row.shipped_at
          ? `Shipped ${formatDateTime(row.shipped_at)}`
          : row.ship_date
            ? `Ship on ${formatDate(row.ship_date)}`
            : ''}
      </Text>
      {props.children}
    </Card>
  );
}

export function ShippingDashboardPage() {
  const { wall, live, staleSince, connection } = useLiveBoard(SHIPMENTS, QUERY);
  const user = useUser();
  const action = useDashboardAction();
  const actor = wall ? null : { id: Number(user.id), roles: user.roles };

  /** `ship` when this person may send it: a ready transfer, a packed list. */
  const shipments = live.rows.map((row) => rowOf(SHIPMENTS, row));
  const mayShip = (row: ShipmentRow) => {
    if (!actor) return false;
    const allowed = row.kind === 'transfer' ? allowedTransferActions : allowedAllocationActions;
    return allowed({ status: String(row.status) }, actor).some(
      (a) => a.event === 'ship' && a.allowed,
    );
  };
  // Shipping is for good: the person reads what leaves, and where to, before it goes.
  const ship = async (row: ShipmentRow) => {
    if (!(await askMove(dashboardShipment(row), 'ship'))) return;
    await action.run(
      `ship-${row.id}`,
      `inventory/${row.kind === 'transfer' ? 'transfers' : 'allocations'}/${row.document_id ?? 0}/events/ship`,
      { version: row.version },
      `${row.number ?? ''} shipped`,
    );
  };

  const count = (key: string) => shipments.filter(COLUMNS.find((c) => c.key === key)!.shows).length;
  return (
    <DashboardFrame
      title="Shipping dashboard"
      staleSince={staleSince}
      connection={connection}
      headline={
        <>
          {/* Each count in the colour of the status it counts, as the cards below show it. */}
          <Badge
            size={wall ? 'xl' : 'md'}
            variant="light"
            color={statusColor('ready')}
            data-testid="ready-count"
          >
            {count('ready')} ready
          </Badge>
          <Badge size={wall ? 'xl' : 'md'} variant="light" color={statusColor('in_transit')}>
            {count('in_transit')} in transit
          </Badge>
          <Badge size={wall ? 'xl' : 'md'} variant="light" color={statusColor('packed')}>
            {count('packed')} packed
          </Badge>
          {live.loading && <Loader size="xs" />}
        </>
      }
    >
      <div
        className={classes.board}
        style={{ gridTemplateColumns: 'repeat(3, minmax(240px, 1fr))' }}
      >
        {COLUMNS.map((column) => {
          const rows = shipments.filter(column.shows);
          return (
            <StageColumn
              key={column.key}
              title={column.title}
              count={rows.length}
              column={column.key}
            >
              {rows.map((row) => (
                <ShipmentCard key={row.id} row={row} wall={wall}>
                  {mayShip(row) && (
                    <Stack gap={4} mt="xs">
                      <Button
                        size="xs"
                        loading={action.busy === `ship-${row.id}`}
                        disabled={action.busy !== null}
                        onClick={() => void ship(row)}
                      >
                        {statusLabel('ship')}
                      </Button>
                    </Stack>
                  )}
                </ShipmentCard>
              ))}
            </StageColumn>
          );
        })}
      </div>
    </DashboardFrame>
  );
}
