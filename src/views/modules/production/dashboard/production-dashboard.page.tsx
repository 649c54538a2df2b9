import { Badge, Button, Loader, SimpleGrid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { canAccess } from '../../../../domain/access.ts';
import { OPEN_ORDER_STATUSES } from '../../../../domain/entities/production/production-order-values.ts';
import { DASHBOARD_ORDERS } from '../../../../domain/entities/production/production-orders.entity.ts';
import { rowOf } from '../../../../domain/entity/row-of.ts';
import { useUser } from '../../../session/use-session.ts';
import { byColumn, DASHBOARD_COLUMNS } from './dashboard-columns.ts';
import { DashboardFrame } from './dashboard-frame.tsx';
import { OrderCard } from './order-card.tsx';
import classes from './production-dashboard.module.css';
import { StageColumn } from './stage-column.tsx';
import { boardQuery, useLiveBoard } from './use-live-board.ts';
import { useDriftingOrders } from './use-drifting-orders.ts';
import { useNow } from './use-wall-recovery.ts';

// The production dashboard (docs/domain/production.md §3.5): every open order in the column of its
// stage, kept live by the orders' broadcasts. `?display=wall` is the same board for a wall display:
// no chrome (the shell leaves it out), large type, and a visible "stale since" when it may be old.

const OPEN_ORDERS = boardQuery('status', OPEN_ORDER_STATUSES, 'number');
/**
 * More orders than this in a wall column draw as short rows, so more of them show at once. A
 * full card is about half a column's height at 1920 × 1080 (seven narrow columns wrap its SKU
 * and name), so a second full card mostly went to a page of its own, leaving half the column
 * blank.
 */
const WALL_FULL_CARDS = 1;

export function ProductionDashboardPage() {
  const { wall, live, staleSince, connection } = useLiveBoard(DASHBOARD_ORDERS, OPEN_ORDERS);
  const user = useUser();
  const now = useNow();
  const actor = canAccess(user.roles, 'production_dashboard_change')
    ? { id: Number(user.id), roles: user.roles }
    : null;
  const checksLabels = canAccess(user.roles, 'production_label_check');
  const orders = live.rows.map((row) => rowOf(DASHBOARD_ORDERS, row));
  const columns = byColumn(orders);
  const drifting = useDriftingOrders(orders);
  // On a phone one stage shows at a time, chosen with big buttons that carry the counts; until
  // someone picks one it is the first stage holding orders, so open orders show at once.
  const phone = useMediaQuery('(max-width: 40em)', false) && !wall;
  const [picked, setPicked] = useState<string | null>(null);
  const firstBusy = DASHBOARD_COLUMNS.find((c) => (columns.get(c.key)?.length ?? 0) > 0)?.key;
  const shown = picked ?? firstBusy ?? DASHBOARD_COLUMNS[0]!.key;

  return (
    <DashboardFrame
      title="Production dashboard"
      staleSince={staleSince}
      connection={connection}
      headline={
        <>
          <Badge size={wall ? 'xl' : 'md'} variant="light" data-testid="open-orders">
            {live.rows.length} open order{live.rows.length === 1 ? '' : 's'}
          </Badge>
          {live.loading && <Loader size="xs" />}
        </>
      }
    >
      {phone && (
        <SimpleGrid cols={2} spacing="xs" role="group" aria-label="Stages">
          {DASHBOARD_COLUMNS.map((column) => (
            <Button
              key={column.key}
              size="md"
              variant={column.key === shown ? 'filled' : 'default'}
              aria-pressed={column.key === shown}
              justify="space-between"
              rightSection={<Badge variant="white">{columns.get(column.key)?.length ?? 0}</Badge>}
              onClick={() => setPicked(column.key)}
            >
              {column.title}
            </Button>
          ))}
        </SimpleGrid>
      )}
      {/* Scrolls sideways on narrow screens: focusable, so arrow keys reach every stage. */}
      <div className={classes.board} tabIndex={0} role="region" aria-label="Stages">
        {DASHBOARD_COLUMNS.filter((c) => !phone || c.key === shown).map((column) => {
          const rows = columns.get(column.key) ?? [];
          return (
            <StageColumn
              key={column.key}
              title={column.title}
              count={rows.length}
              column={column.key}
            >
              {rows.map((row) => (
                <OrderCard
                  key={row.id}
                  row={row}
                  column={column.key}
                  now={now}
                  actor={actor}
                  checksLabels={checksLabels}
                  wall={wall}
                  drift={drifting.get(row.id)}
                  compact={wall && rows.length > WALL_FULL_CARDS}
                />
              ))}
            </StageColumn>
          );
        })}
      </div>
    </DashboardFrame>
  );
}
