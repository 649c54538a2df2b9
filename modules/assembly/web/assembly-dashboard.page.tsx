import { Badge, Loader } from '@mantine/core';
import { ASSEMBLY_DASHBOARD_ORDERS } from '../shared/entities/assembly-orders.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { OPEN_ASSEMBLY_STATUSES } from '../shared/entities/assembly-order-values.ts';
import { FLOOR_EVENTS } from '../shared/machines/assembly-order.row.ts';
import { DashboardFrame } from '../../../src/views/modules/production/dashboard/dashboard-frame.tsx';
import classes from '../../../src/views/modules/production/dashboard/production-dashboard.module.css';
import { StageColumn } from '../../../src/views/modules/production/dashboard/stage-column.tsx';
import {
  boardQuery,
  useLiveBoard,
} from '../../../src/views/modules/production/dashboard/use-live-board.ts';
import { useNow } from '../../../src/views/modules/production/dashboard/use-wall-recovery.ts';
import { ASSEMBLY_BOARD_COLUMNS, assemblyColumns } from './assembly-board-columns.ts';
import { AssemblyOrderCard } from './assembly-order-card.tsx';

// The assembly dashboard (docs/domain/assembly.md §4): every open kit order in the column of its
// stage, live on `private-assembly.orders`; each crew (sealer, stamper, cartoner) moves the orders
// of its stage on; cartoning puts the kits into stock and ends the order. `?display=wall` is the
// same board for a wall display, as production's.

const OPEN_ORDERS = boardQuery('status', OPEN_ASSEMBLY_STATUSES, 'number');

export function AssemblyDashboardPage() {
  const { wall, live, staleSince, connection } = useLiveBoard(
    ASSEMBLY_DASHBOARD_ORDERS,
    OPEN_ORDERS,
  );
  const now = useNow();
  const columns = assemblyColumns(live.rows.map((row) => rowOf(ASSEMBLY_DASHBOARD_ORDERS, row)));
  const open = [...columns.values()].reduce((sum, rows) => sum + rows.length, 0);
  return (
    <DashboardFrame
      title="Assembly dashboard"
      staleSince={staleSince}
      connection={connection}
      headline={
        <>
          <Badge size={wall ? 'xl' : 'md'} variant="light" data-testid="open-orders">
            {open} open order{open === 1 ? '' : 's'}
          </Badge>
          {live.loading && <Loader size="xs" />}
        </>
      }
    >
      <div className={`${classes.board} ${classes.four}`}>
        {ASSEMBLY_BOARD_COLUMNS.map((column) => {
          const rows = columns.get(column.key) ?? [];
          return (
            <StageColumn
              key={column.key}
              title={column.title}
              count={rows.length}
              column={column.key}
            >
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
            </StageColumn>
          );
        })}
      </div>
    </DashboardFrame>
  );
}
