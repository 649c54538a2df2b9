import { Badge, Group, Loader, Text } from '@mantine/core';
import { canAccess } from '../../../../domain/access.ts';
import { OPEN_ORDER_STATUSES } from '../../../../domain/entities/production/production-order-values.ts';
import { DASHBOARD_ORDERS } from '../../../../domain/entities/production/production-orders.entity.ts';
import type { TableQueryInput } from '../../../../domain/table-filter/table-query.types.ts';
import { useLiveRows } from '../../../common/entity/use-live-rows.ts';
import { useUser } from '../../../session/use-session.ts';
import { useRealtime } from '../../../shell/realtime/realtime.context.tsx';
import { byColumn, DASHBOARD_COLUMNS } from './dashboard-columns.ts';
import { DashboardFrame, useWallDisplay } from './dashboard-frame.tsx';
import { OrderCard } from './order-card.tsx';
import classes from './production-dashboard.module.css';
import { useNow, useStaleSince } from './use-wall-recovery.ts';

// The production dashboard (domain.md §3.5): every open order in the column of its stage, kept
// live by the orders' broadcasts. `?display=wall` is the same board for a wall display: no
// chrome (the shell leaves it out), large type, and a visible "stale since" when it may be old.

const OPEN_ORDERS: TableQueryInput = {
  filter: [
    {
      field: 'status',
      field_type: 'enum',
      filters: [{ operator: 'in', value: [...OPEN_ORDER_STATUSES] }],
    },
  ],
  sort: { field: 'number', direction: 'asc' },
  page: 1,
  per_page: 500,
};

export function ProductionDashboardPage() {
  const wall = useWallDisplay();
  const user = useUser();
  const realtime = useRealtime();
  const live = useLiveRows(DASHBOARD_ORDERS, OPEN_ORDERS, realtime?.connection ?? null);
  const staleSince = useStaleSince(live, realtime?.status ?? null);
  const now = useNow();
  const actor = canAccess(user.roles, 'production_dashboard_change')
    ? { id: Number(user.id), roles: user.roles }
    : null;
  const columns = byColumn(live.rows);

  return (
    <DashboardFrame
      title="Production dashboard"
      staleSince={staleSince}
      connection={realtime?.status ?? 'none'}
      headline={
        <>
          <Badge size={wall ? 'xl' : 'md'} variant="light" data-testid="open-orders">
            {live.rows.length} open orders
          </Badge>
          {live.loading && <Loader size="xs" />}
        </>
      }
    >
      <div className={classes.board}>
        {DASHBOARD_COLUMNS.map((column) => {
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
                <OrderCard key={row.id} row={row} now={now} actor={actor} wall={wall} />
              ))}
            </section>
          );
        })}
      </div>
    </DashboardFrame>
  );
}
