import { Badge, Card, Group, SimpleGrid, Text } from '@mantine/core';
import type { MachineCard } from '../../../../domain/entities/production/machine-card.ts';
import { MACHINE_KIND_LABELS } from '../../../../domain/entities/production/production-values.ts';
import { statusLabel } from '../../../../domain/status-tags.ts';
import { formatInteger } from '../../../../domain/formats/number.format.ts';
import { StatusTag } from '../../../common/status-tag.tsx';
import { usePolledRead } from '../../../common/use-polled-read.ts';
import { DashboardFrame, useWallDisplay } from './dashboard-frame.tsx';
import classes from './production-dashboard.module.css';
import { StuckReason } from './stuck-signal.tsx';

// The machines dashboard (docs/domain/production.md §3.5): a card per machine. It reads the figures
// again when a machine's status or a work order changes (broadcasts on private-production.machines,
// at most twice a second) and every 30 s, since what a machine runs moves with the orders.

const REFRESH_MS = 30_000;
const EVENTS = ['machine.status_changed', 'work_order.updated', 'work_order.created'];

const minutes = (m: number | null) =>
  m === null
    ? '—'
    : m < 60
      ? `${m} min`
      : `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')}`;

function MachineTile({ machine, wall }: { machine: MachineCard; wall: boolean }) {
  return (
    <Card
      withBorder
      radius="md"
      padding={wall ? 'lg' : 'md'}
      className={classes.machine}
      data-machine={machine.code}
      data-status={machine.status}
      data-stuck={machine.status === 'down' ? 'down' : undefined}
    >
      <Group justify="space-between" gap={4}>
        <Text fw={700} className={classes.number} style={{ whiteSpace: 'nowrap' }}>
          {machine.code}
        </Text>
        {/* Coloured as the machines list colours it; a down tile carries the down signal. */}
        <StatusTag
          className={classes.status}
          status={machine.status}
          variant="filled"
          // White on the lighter status colours falls under 4.5:1 at the wall's distance.
          autoContrast={wall}
          data-status={machine.status}
        />
      </Group>
      <Text size="xs" c="dimmed" className={classes.detail}>
        {MACHINE_KIND_LABELS[machine.kind] ?? statusLabel(machine.kind)}
        {machine.kind === 'stamper' || machine.counter_total > 0
          ? ` · counter ${formatInteger(machine.counter_total)}`
          : ''}
      </Text>
      {machine.status === 'down' && (
        <StuckReason kind="down" wall={wall} data-down-reason>
          Down: {machine.down_reason ?? 'no work order says why'}
        </StuckReason>
      )}
      <Text size="sm" mt={6} className={classes.detail}>
        {machine.current_operation
          ? `${machine.current_operation} · ${machine.current_order}`
          : 'Idle'}
      </Text>
      <SimpleGrid cols={2} spacing={4} mt={6} className={classes.detail}>
        <Text size="xs">Open WOs: {formatInteger(machine.open_work_orders)}</Text>
        <Text size="xs">Down today: {minutes(machine.down_minutes_today)}</Text>
        <Text size="xs">Down 7 d: {minutes(machine.down_minutes_7d)}</Text>
        <Text size="xs">Failures 30 d: {machine.failures_30d}</Text>
        <Text size="xs">MTTR: {minutes(machine.mttr_minutes)}</Text>
        <Text size="xs">MTBF: {minutes(machine.mtbf_minutes)}</Text>
      </SimpleGrid>
    </Card>
  );
}

export function MachinesDashboardPage() {
  const wall = useWallDisplay();
  const { data, failedAt } = usePolledRead<MachineCard[]>(
    'production/dashboard/machines',
    'production.machines',
    EVENTS,
    REFRESH_MS,
  );
  const machines = data ?? [];

  const down = machines.filter((m) => m.status !== 'operational').length;
  return (
    <DashboardFrame
      title="Machines dashboard"
      staleSince={failedAt}
      headline={
        <Badge size={wall ? 'xl' : 'md'} color={down > 0 ? 'red' : 'green'} variant="light">
          {down} of {machines.length} not running
        </Badge>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4, xl: 4 }}>
        {machines.map((machine) => (
          <MachineTile key={machine.id} machine={machine} wall={wall} />
        ))}
      </SimpleGrid>
    </DashboardFrame>
  );
}
