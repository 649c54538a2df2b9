import { Badge, Button, Loader } from '@mantine/core';
import { useState } from 'react';
import { statusColor } from '../../../../domain/status-colors.ts';
import {
  ACTIVE_SKID_STATUSES,
  OPEN_TRANSFER_STATUSES,
  PAIL_MOVERS,
} from '../../../../domain/entities/production/production-transfer-values.ts';
import {
  PRODUCTION_TRANSFERS,
  TRANSFER_ORDERS,
  TRANSFER_PAILS,
  TRANSFER_SKIDS,
  type ProductionTransferRow,
  type TransferOrderRow,
  type TransferPailRow,
  type TransferSkidRow,
} from '../../../../domain/entities/production/production-transfers.entity.ts';
import { rowOf } from '../../../../domain/entity/row-of.ts';
import { formatInteger } from '../../../../domain/formats/number.format.ts';
import { SKID_LOADERS } from '../../../../machines/workflows/skid.machine.ts';
import type { ActionState } from '../../../../machines/workflows/document-workflow.ts';
import { useLiveRows } from '../../../common/entity/use-live-rows.ts';
import { useUser } from '../../../session/use-session.ts';
import { useRealtime } from '../../../shell/realtime/realtime.context.tsx';
import { DashboardFrame, useWallDisplay } from '../dashboard/dashboard-frame.tsx';
import { StageColumn } from '../dashboard/stage-column.tsx';
import { boardQuery } from '../dashboard/use-live-board.ts';
import { useNow, useStaleSince } from '../dashboard/use-wall-recovery.ts';
import { combinedLive } from './combined-live.ts';
import { PailCard, SkidCard, TransferCard, WaitingOrderCard } from './transfer-cards.tsx';
import { askMove, transferShipment } from './move-question.ts';
import { askLoad, askNewTransfer, askPailMove, askReason } from './transfer-modals.tsx';
import classes from './transfer-dashboard.module.css';
import { useDashboardAction } from './use-dashboard-action.ts';

// The transfer dashboard (docs/domain/production.md §3.5): orders whose finished units wait for
// transfer, the skids being loaded, wrapped or on the road, the production transfers still moving,
// and the pails of bulk on the floor, live on private-production.transfer. The transfer crew loads
// and closes skids and puts them on a transfer here; each transfer's next step is offered to the
// roles its machine names; shipping a transfer (or moving it in one step) is confirmed first,
// naming its skids and where they go. A loader opens a new empty skid here when none is open.
// `?display=wall` is the same board for a wall display.

const ORDERS = boardQuery('stage', ['transfer_pending'], 'number');
const SKID_STATUSES = [...ACTIVE_SKID_STATUSES, 'received'] as const;
const SKIDS = boardQuery('status', SKID_STATUSES, 'code');
const TRANSFERS = boardQuery('status', OPEN_TRANSFER_STATUSES);
const PAILS = boardQuery('status', ['empty', 'filled', 'in_transfer', 'at_bottling'], 'code');
const strip = (api: string) => api.replace(/^\/api\//, '');

const within =
  (values: readonly string[]) =>
  (row: { status: string | null }): boolean =>
    row.status !== null && values.includes(row.status);

export function TransferDashboardPage() {
  const wall = useWallDisplay();
  const user = useUser();
  const realtime = useRealtime();
  const connection = realtime?.connection ?? null;
  const orders = useLiveRows(TRANSFER_ORDERS, ORDERS, connection);
  const skids = useLiveRows(TRANSFER_SKIDS, SKIDS, connection);
  const transfers = useLiveRows(PRODUCTION_TRANSFERS, TRANSFERS, connection);
  const pails = useLiveRows(TRANSFER_PAILS, PAILS, connection);
  const staleSince = useStaleSince(
    combinedLive([orders, skids, transfers, pails]),
    realtime?.status ?? null,
  );
  const now = useNow();
  const action = useDashboardAction();
  const [chosen, setChosen] = useState<number[]>([]);

  const has = (roles: readonly string[]) =>
    !wall && user.roles.some((r) => r === 'admin' || roles.includes(r));
  const actor = wall ? null : { id: Number(user.id), roles: user.roles };
  const mayLoad = has(SKID_LOADERS);
  const mayRequest = has(['transfer', 'planning']);

  const waiting = orders.rows
    .map((r) => rowOf(TRANSFER_ORDERS, r))
    .filter((r) => r.stage === 'transfer_pending');
  const skidRows = skids.rows.map((r) => rowOf(TRANSFER_SKIDS, r)).filter(within(SKID_STATUSES));
  const moving = transfers.rows
    .map((r) => rowOf(PRODUCTION_TRANSFERS, r))
    .filter(within(OPEN_TRANSFER_STATUSES));
  const pailRows = pails.rows
    .map((r) => rowOf(TRANSFER_PAILS, r))
    .filter((r) => r.status !== 'cleaning');
  const open = skidRows.filter((s) => s.status === 'open');
  const free = (s: TransferSkidRow) => s.status === 'closed' && !s.transfer_id;
  const picked = skidRows.filter((s) => free(s) && chosen.includes(s.id));

  async function load(order: TransferOrderRow) {
    const choices = open.map((s) => ({ value: String(s.id), label: `${s.code}` }));
    const values = await askLoad(String(order.number), choices, order.unloaded_units ?? 0);
    const skid = open.find((s) => s.id === values?.skid_id);
    if (!values || !skid) return;
    await action.run(
      `load-${order.id}`,
      `production/skids/${skid.id}/load`,
      { version: skid.version, production_order_id: order.id, ...values },
      `${formatInteger(values.units)} units of ${order.number} on ${skid.code}`,
    );
  }

  async function newTransfer() {
    const values = await askNewTransfer(picked.map((s) => String(s.code)).join(', '));
    if (!values) return;
    await action.run(
      'new-transfer',
      strip(PRODUCTION_TRANSFERS.api),
      { ...values, skid_ids: picked.map((s) => s.id) },
      'Transfer created',
    );
    setChosen([]);
  }

  async function transferEvent(row: ProductionTransferRow, a: ActionState) {
    if (a.confirm && !(await askMove(transferShipment(row), a.event))) return;
    const reason = a.needsReason ? await askReason(`Cancel ${row.number}`) : null;
    if (a.needsReason && !reason) return;
    await action.run(
      `transfer-${row.id}-${a.event}`,
      `inventory/transfers/${row.id}/events/${a.event}`,
      { version: row.version, ...(reason ? { reason } : {}) },
      `${row.number}: ${a.event.replaceAll('_', ' ')} done`,
    );
  }

  async function movePail(row: TransferPailRow) {
    const values = await askPailMove(String(row.code), row.volume_ml ?? 0, row.capacity_ml ?? 0);
    if (!values) return;
    await action.run(
      `pail-${row.id}`,
      `production/pails/${row.id}/move`,
      { version: row.version, ...values },
      `Pail ${row.code} moved`,
    );
  }

  const loading = orders.loading || skids.loading || transfers.loading || pails.loading;
  return (
    <DashboardFrame
      title="Transfer dashboard"
      staleSince={staleSince}
      connection={realtime?.status ?? 'none'}
      headline={
        <>
          {/* Each count in the colour of the status it counts, as the cards below show it. */}
          <Badge
            size={wall ? 'xl' : 'md'}
            variant="light"
            color={statusColor('transfer_pending')}
            data-testid="waiting-orders"
          >
            {waiting.length} waiting
          </Badge>
          <Badge size={wall ? 'xl' : 'md'} variant="light" color={statusColor('open')}>
            {open.length} open skids
          </Badge>
          <Badge size={wall ? 'xl' : 'md'} variant="light" color={statusColor('in_transfer')}>
            {moving.length} transfers
          </Badge>
          {loading && <Loader size="xs" />}
        </>
      }
    >
      <div className={classes.board}>
        <StageColumn title="Waiting for transfer" count={waiting.length}>
          {waiting.map((row) => (
            <WaitingOrderCard
              key={row.id}
              row={row}
              now={now}
              wall={wall}
              action={action}
              onLoad={mayLoad && open.length > 0 ? () => void load(row) : null}
            />
          ))}
        </StageColumn>
        <StageColumn
          title="Skids"
          count={skidRows.length}
          extra={
            <>
              {mayLoad && (
                <Button
                  size="compact-xs"
                  variant="light"
                  loading={action.busy === 'new-skid'}
                  disabled={action.busy !== null}
                  onClick={() =>
                    void action.run(
                      'new-skid',
                      'production/skids/new',
                      { module: 'production' },
                      'New skid opened',
                    )
                  }
                >
                  New skid
                </Button>
              )}
              {mayRequest && picked.length > 0 && (
                <Button size="compact-xs" onClick={() => void newTransfer()}>
                  New transfer ({picked.length})
                </Button>
              )}
            </>
          }
        >
          {skidRows.map((row) => (
            <SkidCard
              key={row.id}
              row={row}
              wall={wall}
              actor={mayLoad ? actor : null}
              selectable={mayRequest && free(row)}
              selected={chosen.includes(row.id)}
              onSelect={(on) =>
                setChosen((ids) => (on ? [...ids, row.id] : ids.filter((id) => id !== row.id)))
              }
              onEvent={(event) =>
                void action.run(
                  `skid-${row.id}-${event}`,
                  `production/skids/${row.id}/events/${event}`,
                  { version: row.version },
                  `Skid ${row.code}: ${event} done`,
                )
              }
              action={action}
            />
          ))}
        </StageColumn>
        <StageColumn title="Transfers" count={moving.length}>
          {moving.map((row) => (
            <TransferCard
              key={row.id}
              row={row}
              wall={wall}
              actor={actor}
              onEvent={(a) => void transferEvent(row, a)}
              action={action}
            />
          ))}
        </StageColumn>
        <StageColumn title="Pails" count={pailRows.length}>
          {pailRows.map((row) => (
            <PailCard
              key={row.id}
              row={row}
              wall={wall}
              action={action}
              onMove={has(PAIL_MOVERS) ? () => void movePail(row) : null}
            />
          ))}
        </StageColumn>
      </div>
    </DashboardFrame>
  );
}
