import { Anchor, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { eventNotice } from '../../../../api/result-notice.ts';
import { useContext, useState } from 'react';
import { Link } from 'react-router-dom';
import { canAccess } from '../../../../domain/access.ts';
import {
  PRODUCTION_ORDERS,
  type DashboardOrderRow,
} from '../../../../domain/entities/production/production-orders.entity.ts';
import {
  ageingOf,
  EXPECTED_STAGE_MINUTES,
} from '../../../../domain/entities/production/stage-ageing.ts';
import { formatStrength } from '../../../../domain/formats/nicotine.format.ts';
import { formatInteger } from '../../../../domain/formats/number.format.ts';
import { formatVolume } from '../../../../domain/formats/quantity.format.ts';
import { verdictColor } from '../../../../domain/status-colors.ts';
import { statusLabel } from '../../../../domain/status-tags.ts';
import { arrangeByConsequence } from '../../../../machines/workflows/action-consequence.ts';
import { allowedProductionOrderActions } from '../../../../machines/workflows/production-order.machine.ts';
import { type OrderEventName } from '../../../../machines/workflows/production-order-events.ts';
import {
  COUNTED_EVENTS,
  FLOOR_EVENTS,
  orderFactsOfRow,
  positionOfRow,
} from '../../../../machines/workflows/production-order.row.ts';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../common/entity-form/form-failure.ts';
import { WorkflowButton } from '../../../common/entity/workflow-button.tsx';
import { notify } from '../../../common/notify.tsx';
import { StatusTag } from '../../../common/status-tag.tsx';
import { doneUnits, elapsed } from './dashboard-columns.ts';
import { LabelCheckModal } from '../label-check/label-check-modal.tsx';
import { askCounts } from './floor-action-modal.tsx';
import { RecordPicksModal } from './record-picks-modal.tsx';
import { StuckReason, type StuckKind } from './stuck-signal.tsx';
import { orderDetailPath } from '../order-detail/order-paths.ts';
import type { DriftingOrder } from '../../../../domain/entities/production/potency-chart-values.ts';
import { PotencyDriftBadge } from './potency-drift-badge.tsx';
import { useUser } from '../../../session/use-session.ts';
import classes from './production-dashboard.module.css';

// One order on the production dashboard: what it is, how far along, how long in its stage,
// and (for the floor roles that move it) the next step of its stage.

const PICKERS = ['admin', 'batcher', 'head_batcher', 'supervisor_batcher'];
const AGEING_COLOR = { fresh: undefined, ageing: 'orange.5', late: 'red.6' } as const;

/** What a count modal starts with: the plan, or what the stage before passed on. */
function initialCounts(event: OrderEventName, row: DashboardOrderRow): Record<string, number> {
  if (event === 'finish_batching') return { actual_batch_ml: row.planned_ml ?? 0 };
  if (event === 'finish_bottling')
    return { bottled_units: row.planned_units ?? 0, bottling_waste_units: 0 };
  return { labeled_units: row.bottled_units ?? 0, label_waste_units: 0 };
}

export function OrderCard({
  row,
  column,
  now,
  actor,
  checksLabels,
  wall,
  drift,
  compact = false,
}: {
  row: DashboardOrderRow;
  /** The dashboard column it shows in, whose expected time says how late it is. */
  column: string;
  now: number;
  /** The person, when they may change orders here; null shows no actions. */
  actor: { id: number; roles: readonly string[] } | null;
  /** Whether the person records label checks (docs/product.md §6 "Label check"). */
  checksLabels: boolean;
  wall: boolean;
  /** The potency charts its HPLC result makes drift, if any. */
  drift?: DriftingOrder | undefined;
  /** A wall column with many orders draws each as a short row: number, SKU, why it waits. */
  compact?: boolean;
}) {
  const request = useContext(EntityRequestContext);
  const [busy, setBusy] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [picking, setPicking] = useState(false);
  const held = row.status === 'on_hold';
  const since = row.stage_since ?? row.updated_at;
  const ageing = ageingOf(column, since, now);
  const expected = EXPECTED_STAGE_MINUTES[column];
  const urgent = row.priority === 'urgent' || row.priority === 'high';
  const hplc = row.stage?.startsWith('hplc') ? row.stage : null;
  const reader = canAccess(useUser().roles, 'production_orders');
  const actions = actor
    ? allowedProductionOrderActions(positionOfRow(row), actor, orderFactsOfRow(row)).filter(
        (a) => a.allowed && FLOOR_EVENTS.includes(a.event as OrderEventName),
      )
    : [];

  // Before batching starts, a batcher confirms or scans the lots and bins of the picks.
  const canPick =
    actor !== null &&
    row.status === 'released' &&
    !row.picks_complete &&
    actor.roles.some((r) => PICKERS.includes(r));

  // In labeling, the label is checked against the expected UPC and lot before it may finish.
  const labeling = row.status === 'in_progress' && row.stage === 'labeling';
  const lastCheck = labeling ? row.last_label_check || null : null;
  const canCheck = labeling && checksLabels && lastCheck !== 'pass' && !wall;
  const failed = hplc === 'hplc_failed' || lastCheck === 'fail';
  const stuck: StuckKind | null = held
    ? 'held'
    : failed
      ? 'failed'
      : ageing === 'late'
        ? 'overdue'
        : null;
  const expectedFor =
    ageing === 'late' && expected !== undefined
      ? ` · expected ${elapsed(new Date(now - expected * 60_000), now)}`
      : '';
  const age = `${elapsed(since, now)}${expectedFor}`;
  // On the wall the time in the stage is the large part, what was expected a quieter line.
  const overdueFor = (
    <>
      {elapsed(since, now)}
      <span className={classes.expected}>{expectedFor}</span>
    </>
  );
  // A failed test on the wall is told by its reason line, not by a tag besides.
  const tagHplc = hplc !== null && !(wall && stuck === 'failed');
  // On the wall the reason it is stuck is the card's largest text; elsewhere tags say it.
  const reason =
    wall && stuck ? (
      <StuckReason
        kind={stuck}
        wall
        data-hold-reason={stuck === 'held' || undefined}
        data-elapsed={stuck === 'overdue' || undefined}
      >
        {stuck === 'held'
          ? `On hold${row.hold_reason ? `: ${row.hold_reason}` : ''}`
          : stuck === 'failed'
            ? hplc === 'hplc_failed'
              ? 'HPLC failed'
              : 'Label check failed'
            : overdueFor}
      </StuckReason>
    ) : null;

  async function send(event: OrderEventName) {
    const fields = COUNTED_EVENTS[event];
    const counts = fields
      ? await askCounts(`${statusLabel(event)} ${row.number}`, fields, initialCounts(event, row))
      : {};
    if (counts === null) return;
    setBusy(event);
    try {
      await request({
        url: `${PRODUCTION_ORDERS.api.replace(/^\/api\//, '')}/${row.id}/events/${event}`,
        method: 'POST',
        data: { version: row.version, ...counts },
      });
      notify.result(eventNotice('Order', row, event));
    } catch (error) {
      showFailure(error, false);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card
      withBorder
      padding={wall ? 'md' : 'sm'}
      radius="md"
      className={classes.card}
      data-order={String(row.number)}
      data-held={held || undefined}
      data-ageing={ageing}
      data-stuck={stuck ?? undefined}
      data-compact={compact || undefined}
      aria-label={`Order ${row.number}`}
    >
      {compact ? (
        <>
          <Text fw={700} className={classes.number} style={{ whiteSpace: 'nowrap' }}>
            {String(row.number)}
          </Text>
          <Text fw={600} className={classes.product}>
            {row.product_sku ?? ''}
          </Text>
          {reason ?? (
            <Text className={classes.detail} data-elapsed>
              {age}
            </Text>
          )}
          {drift && <PotencyDriftBadge drift={drift} wall />}
        </>
      ) : (
        <>
          <Text fw={700} className={classes.number} style={{ whiteSpace: 'nowrap' }}>
            {/* Its whole story, for whoever may read orders; a wall display is only watched. */}
            {reader && !wall ? (
              <Anchor component={Link} to={orderDetailPath(row.id)} inherit c="inherit">
                {String(row.number)}
              </Anchor>
            ) : (
              String(row.number)
            )}
          </Text>
          {((held && !wall) || urgent || tagHplc || lastCheck || drift) && (
            <Group gap={4} mb={4}>
              {held && !wall && (
                <Tooltip label={row.hold_reason ?? ''} disabled={!row.hold_reason}>
                  <StatusTag status="on_hold" variant="filled" size="sm" />
                </Tooltip>
              )}
              {urgent && <StatusTag status={row.priority ?? ''} size="sm" />}
              {tagHplc && (
                <StatusTag
                  size="sm"
                  status={hplc}
                  label={statusLabel(hplc).replace('Hplc', 'HPLC')}
                />
              )}
              {lastCheck && (
                <Badge
                  size="sm"
                  variant="light"
                  tt="none"
                  color={verdictColor(lastCheck === 'pass')}
                  data-label-check={lastCheck}
                >
                  {lastCheck === 'pass' ? 'Label passed' : 'Label failed'}
                </Badge>
              )}
              {drift && <PotencyDriftBadge drift={drift} wall={wall} />}
            </Group>
          )}
          {reason}
          {/* A SKU is read whole: it wraps rather than being cut. */}
          <Text size="sm" fw={600} className={classes.product}>
            {row.product_sku ?? ''}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={wall ? undefined : 1} className={classes.detail}>
            {row.product_name ?? ''}
          </Text>
          <Group gap="md" mt={4} className={classes.detail}>
            <Text size="xs">{formatStrength(row.nicotine_mg ?? 0)}</Text>
            <Text size="xs">{formatVolume(row.volume_ml ?? 0)}</Text>
            <Text size="xs" data-units>
              {formatInteger(doneUnits(row))} / {formatInteger(row.planned_units ?? 0)} units
            </Text>
          </Group>
          <Group gap="md" className={classes.detail}>
            {row.cart_code ? <Text size="xs">Cart {row.cart_code}</Text> : null}
            {row.operator_name ? <Text size="xs">{row.operator_name}</Text> : null}
            {stuck !== 'overdue' || !wall ? (
              <Text
                size="xs"
                c={AGEING_COLOR[ageing] ?? 'dimmed'}
                fw={ageing === 'fresh' ? undefined : 700}
                data-elapsed
              >
                {age}
              </Text>
            ) : null}
          </Group>
          {(actions.length > 0 || canPick || canCheck) && (
            <Stack gap={4} mt="xs">
              {canCheck && (
                <Button
                  size="xs"
                  variant={lastCheck === 'fail' ? 'filled' : 'light'}
                  color={lastCheck === 'fail' ? 'red' : undefined}
                  disabled={busy !== null}
                  onClick={() => setChecking(true)}
                >
                  Record label check
                </Button>
              )}
              {canPick && (
                <Button
                  size="xs"
                  variant="light"
                  disabled={busy !== null}
                  onClick={() => setPicking(true)}
                >
                  Record picks
                </Button>
              )}
              {arrangeByConsequence(actions).map((action) => (
                <WorkflowButton
                  key={action.event}
                  consequence={action.consequence}
                  reason={null}
                  loading={busy === action.event}
                  off={busy !== null}
                  onPress={() => void send(action.event as OrderEventName)}
                >
                  {statusLabel(action.event)}
                </WorkflowButton>
              ))}
            </Stack>
          )}
        </>
      )}
      {checking && <LabelCheckModal orderId={row.id} onClose={() => setChecking(false)} />}
      {picking && (
        <RecordPicksModal
          orderId={row.id}
          number={String(row.number)}
          onClose={() => setPicking(false)}
        />
      )}
    </Card>
  );
}
