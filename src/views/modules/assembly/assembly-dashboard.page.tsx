import { Badge, Group, Loader, Text } from '@mantine/core';
import { ASSEMBLY_DASHBOARD_ORDERS } from '../../../domain/entities/assembly/assembly-orders.entity.ts';
import { OPEN_ASSEMBLY_STATUSES } from '../../../domain/entities/assembly/assembly-order-values.ts';
import type { TableQueryInput } from '../../../domain/table-filter/table-query.types.ts';
import { FLOOR_EVENTS } from '../../../machines/workflows/assembly-order.row.ts';
import { useLiveRows } from '../../common/entity/use-live-rows.ts';
import { useRealtime } from '../../shell/realtime/realtime.context.tsx';
import { DashboardFrame, useWallDisplay } from '../production/dashboard/dashboard-frame.tsx';
import classes from '../production/dashboard/production-dashboard.module.css';
import { useNow, useStaleSince } from '../production/dashboard/use-wall-recovery.ts';
import { ASSEMBLY_BOARD_COLUMNS, assemblyColumns } from './assembly-board-columns.ts';
import { AssemblyOrderCard } from './assembly-order-card.tsx';

// The assembly dashboard (domain.md §4): every open kit order in the column of its stage, live
// on `private-assembly.orders`; each crew (sealer, stamper, cartoner, transfer) moves the
// orders of its stage on. `?display=wall` is the same board for a wall display, as production's.

const OPEN_ORDERS: TableQueryInput = {
  filter: [
    {
      field: 'status',
      field_type: 'enum',
      filters: [{ operator: 'in', value: [...OPEN_ASSEMBLY_STATUSES] }],
    },
  ],
  sort: { field: 'number', direction: 'asc' },
  page: 1,
  per_page: 500,
};

export function AssemblyDashboardPage() {
  const wall = useWallDisplay();
  const realtime = useRealtime();
  const live = useLiveRows(ASSEMBLY_DASHBOARD_ORDERS, OPEN_ORDERS, realtime?.connection ?? null);
  const staleSince = useStaleSince(live, realtime?.status ?? null);
  const now = useNow();
  const columns = assemblyColumns(live.rows);
  const open = [...columns.values()].reduce((sum, rows) => sum + rows.length, 0);
  return (
    <DashboardFrame
      title="Assembly dashboard"
      staleSince={staleSince}
      connection={realtime?.status ?? 'none'}
      headline={
        <>
          <Badge size={wall ? 'xl' : 'md'} variant="light" data-testid="open-orders">
            {open} open order{open === 1 ? '' : 's'}
          </Badge>
          {live.loading && <Loader size="xs" />}
        </>
      }
    >
      <div className={`${classes.board} ${classes.five}`}>
        {ASSEMBLY_BOARD_COLUMNS.map((column) => {
          const rows = columns.get(column.key) ?? [];
          return (
            <section
              key={column.key}
              className={classes.column}
              aria-label={column.title}
              data-column={column.key}
            >
              <Group justify="space-between">
                <Text fw={700} className={classes.columnTitle}>
                  {column.title}
                </Text>
                <Badge variant="default">{rows.length}</Badge>
              </Group>
              {rows.map((row) => (
                <AssemblyOrderCard
                  key={row.id}
                  row={row}
                  entity={ASSEMBLY_DASHBOARD_ORDERS}
                  events={FLOOR_EVENTS}
                  now={now}
                  wall={wall}
                />
              ))}
            </section>
          );
        })}
      </div>
    </DashboardFrame>
  );
}
