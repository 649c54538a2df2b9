import { Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useContext, useState } from 'react';
import type { EntityRow } from '../../../../api/entity.api.ts';
import { PRODUCTION_ORDERS } from '../../../../domain/entities/production/production-orders.entity.ts';
import { statusLabel } from '../../../../domain/status-tags.ts';
import {
  allowedProductionOrderActions,
  type OrderEventName,
} from '../../../../machines/workflows/production-order.machine.ts';
import {
  COUNTED_EVENTS,
  FLOOR_EVENTS,
  orderFactsOfRow,
  positionOfRow,
} from '../../../../machines/workflows/production-order.row.ts';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../common/entity-form/form-failure.ts';
import { notify } from '../../../common/notify.tsx';
import { StatusTag } from '../../../common/status-tag.tsx';
import { doneUnits, elapsed } from './dashboard-columns.ts';
import { askCounts } from './floor-action-modal.tsx';
import classes from './production-dashboard.module.css';

// One order on the production dashboard: what it is, how far along, how long in its stage,
// and (for the floor roles that move it) the next step of its stage.

const n = (value: unknown) => Number(value ?? 0);
const PICKERS = ['admin', 'batcher', 'head_batcher', 'supervisor_batcher'];
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What a count modal starts with: the plan, or what the stage before passed on. */
function initialCounts(event: OrderEventName, row: EntityRow): Record<string, number> {
  if (event === 'finish_batching') return { actual_batch_ml: n(row.planned_ml) };
  if (event === 'finish_bottling')
    return { bottled_units: n(row.planned_units), bottling_waste_units: 0 };
  return { labeled_units: n(row.bottled_units), label_waste_units: 0 };
}

export function OrderCard({
  row,
  now,
  actor,
  wall,
}: {
  row: EntityRow;
  now: number;
  /** The person, when they may change orders here; null shows no actions. */
  actor: { id: number; roles: readonly string[] } | null;
  wall: boolean;
}) {
  const request = useContext(EntityRequestContext);
  const [busy, setBusy] = useState<string | null>(null);
  const held = row.status === 'on_hold';
  const urgent = row.priority === 'urgent' || row.priority === 'high';
  const hplc = typeof row.stage === 'string' && row.stage.startsWith('hplc') ? row.stage : null;
  const actions = actor
    ? allowedProductionOrderActions(positionOfRow(row), actor, orderFactsOfRow(row)).filter(
        (a) => a.allowed && FLOOR_EVENTS.includes(a.event as OrderEventName),
      )
    : [];

  // Before batching starts, a batcher records the picks of the suggested lots and bins.
  const canPick =
    actor !== null &&
    row.status === 'released' &&
    !row.picks_complete &&
    actor.roles.some((r) => PICKERS.includes(r));

  async function pick() {
    setBusy('pick');
    try {
      await request({
        url: `${PRODUCTION_ORDERS.api.replace(/^\/api\//, '')}/${row.id}/picks`,
        method: 'POST',
        data: { version: row.version },
      });
      notify.success('Picks recorded');
    } catch (error) {
      showFailure(error, false);
    } finally {
      setBusy(null);
    }
  }

  async function send(event: OrderEventName) {
    const fields = COUNTED_EVENTS[event];
    const counts = fields
      ? await askCounts(
          `${statusLabel(event)} ${String(row.number)}`,
          fields,
          initialCounts(event, row),
        )
      : {};
    if (counts === null) return;
    setBusy(event);
    try {
      await request({
        url: `${PRODUCTION_ORDERS.api.replace(/^\/api\//, '')}/${row.id}/events/${event}`,
        method: 'POST',
        data: { version: row.version, ...counts },
      });
      notify.success(`${statusLabel(event)} successfully executed`);
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
      aria-label={`Order ${String(row.number)}`}
    >
      <Text fw={700} className={classes.number} style={{ whiteSpace: 'nowrap' }}>
        {String(row.number)}
      </Text>
      {(held || urgent || hplc) && (
        <Group gap={4} mb={4}>
          {held && (
            <Tooltip label={text(row.hold_reason)} disabled={!row.hold_reason}>
              <Badge color="red" variant="filled" size="sm">
                On hold
              </Badge>
            </Tooltip>
          )}
          {urgent && (
            <Badge color="orange" variant="light" size="sm">
              {String(row.priority)}
            </Badge>
          )}
          {hplc && (
            <StatusTag size="sm" status={hplc} label={statusLabel(hplc).replace('Hplc', 'HPLC')} />
          )}
        </Group>
      )}
      <Text size="sm" fw={600} className={classes.product} lineClamp={1}>
        {text(row.product_sku)}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1} className={classes.detail}>
        {text(row.product_name)}
      </Text>
      <Group gap="md" mt={4} className={classes.detail}>
        <Text size="xs">{n(row.nicotine_mg)} mg</Text>
        <Text size="xs">{n(row.volume_ml)} ml</Text>
        <Text size="xs" data-units>
          {doneUnits(row)} / {n(row.planned_units)} units
        </Text>
      </Group>
      <Group gap="md" className={classes.detail}>
        {Boolean(row.cart_code) && <Text size="xs">Cart {String(row.cart_code)}</Text>}
        {Boolean(row.operator_name) && <Text size="xs">{String(row.operator_name)}</Text>}
        <Text size="xs" c="dimmed" data-elapsed>
          {elapsed(row.stage_since ?? row.updated_at, now)}
        </Text>
      </Group>
      {(actions.length > 0 || canPick) && (
        <Stack gap={4} mt="xs">
          {canPick && (
            <Button
              size="xs"
              variant="light"
              loading={busy === 'pick'}
              disabled={busy !== null}
              onClick={() => void pick()}
            >
              Record picks
            </Button>
          )}
          {actions.map((action) => (
            <Button
              key={action.event}
              size="xs"
              loading={busy === action.event}
              disabled={busy !== null}
              onClick={() => void send(action.event as OrderEventName)}
            >
              {statusLabel(action.event)}
            </Button>
          ))}
        </Stack>
      )}
    </Card>
  );
}
