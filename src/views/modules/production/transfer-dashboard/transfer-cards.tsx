import { Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatInteger, formatNumber } from '../../../../domain/formats/number.format.ts';
import { VOLUME_DECIMALS, formatVolume } from '../../../../domain/formats/quantity.format.ts';
import { statusLabel } from '../../../../domain/status-tags.ts';
import { arrangeByConsequence } from '../../../../machines/workflows/action-consequence.ts';
import { allowedSkidActions } from '../../../../machines/workflows/skid.machine.ts';
import { allowedTransferActions } from '../../../../machines/workflows/transfer.machine.ts';
import type { ActionState } from '../../../../machines/workflows/document-workflow.ts';
import { WorkflowButton } from '../../../common/entity/workflow-button.tsx';
import { StatusTag } from '../../../common/status-tag.tsx';
import { elapsed } from '../dashboard/dashboard-columns.ts';
import classes from '../dashboard/production-dashboard.module.css';
import type { DashboardAction } from './use-dashboard-action.ts';
import type {
  ProductionTransferRow,
  TransferOrderRow,
  TransferPailRow,
  TransferSkidRow,
} from '../../../../domain/entities/production/production-transfers.entity.ts';

// The cards of the transfer dashboard: an order waiting for transfer, a skid, a transfer, a
// pail. Each shows what the crew reads from across the floor and, for a person who may act,
// the next steps its machine allows.

/** A count as people read it: '12,000'. */
const count = (value: number | null) => formatInteger(value ?? 0);
export type Actor = { id: number; roles: readonly string[] };

function Frame(props: {
  title: string;
  testId: string;
  tags: ReactNode;
  wall: boolean;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding={props.wall ? 'md' : 'sm'} radius="md" data-card={props.testId}>
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <Text fw={700} className={classes.number} style={{ whiteSpace: 'nowrap' }}>
          {props.title}
        </Text>
        <Group gap={4}>{props.tags}</Group>
      </Group>
      {props.children}
    </Card>
  );
}

/** A card's buttons: `event` names the workflow event (or the card's own step, 'load'). */
type CardAction = { key: string; event: string; label: string; onClick: () => void };

function ActionButtons(props: { actions: readonly CardAction[]; action: DashboardAction }) {
  if (props.actions.length === 0) return null;
  // Only what the person may do now is offered on a card: the forward step first, filled.
  const arranged = arrangeByConsequence(props.actions.map((a) => ({ ...a, allowed: true })));
  return (
    <Stack gap={4} mt="xs">
      {arranged.map((a) => (
        <WorkflowButton
          key={a.key}
          consequence={a.consequence}
          reason={null}
          loading={props.action.busy === a.key}
          off={props.action.busy !== null}
          onPress={a.onClick}
        >
          {a.label}
        </WorkflowButton>
      ))}
    </Stack>
  );
}

export function WaitingOrderCard(props: {
  row: TransferOrderRow;
  now: number;
  wall: boolean;
  onLoad: (() => void) | null;
  action: DashboardAction;
}) {
  const { row } = props;
  const left = row.unloaded_units ?? 0;
  return (
    <Frame
      title={String(row.number)}
      testId={`order-${row.number}`}
      wall={props.wall}
      tags={
        <>
          {row.status === 'on_hold' && <StatusTag status="on_hold" variant="filled" size="sm" />}
          <StatusTag size="sm" status={row.transfer_status ?? ''} />
        </>
      }
    >
      <Text size="sm" fw={600} className={classes.product} lineClamp={1}>
        {row.product_sku ?? ''}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1} className={classes.detail}>
        {row.product_name ?? ''}
      </Text>
      <Group gap="md" mt={4} className={classes.detail}>
        <Text size="xs">Produced {count(row.produced_units)}</Text>
        <Text size="xs">On skids {count(row.loaded_units)}</Text>
        <Text size="xs" fw={left > 0 ? 700 : 400} data-left>
          Left {formatInteger(left)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" className={classes.detail}>
        Waiting {elapsed(row.stage_since ?? row.updated_at, props.now)}
      </Text>
      <ActionButtons
        action={props.action}
        actions={
          props.onLoad && left > 0
            ? [
                {
                  key: `load-${row.id}`,
                  event: 'load',
                  label: 'Load on skid',
                  onClick: props.onLoad,
                },
              ]
            : []
        }
      />
    </Frame>
  );
}

export function SkidCard(props: {
  row: TransferSkidRow;
  wall: boolean;
  actor: Actor | null;
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onEvent: (event: string) => void;
  action: DashboardAction;
}) {
  const { row } = props;
  const actions = props.actor
    ? allowedSkidActions(
        {
          status: String(row.status),
          item_count: row.item_count ?? 0,
          transfer_id: row.transfer_id ?? null,
        },
        props.actor,
      ).filter((a) => a.allowed)
    : [];
  return (
    <Frame
      title={String(row.code)}
      testId={`skid-${row.code}`}
      wall={props.wall}
      tags={<StatusTag size="sm" status={row.status ?? ''} />}
    >
      <Text size="sm" className={classes.detail} lineClamp={2}>
        {row.contents || 'Empty'}
      </Text>
      <Group gap="md" className={classes.detail}>
        <Text size="xs">{count(row.units)} units</Text>
        {row.transfer_number ? <Text size="xs">on {row.transfer_number}</Text> : null}
        {/* On the road a skid is nowhere yet: its place is shown again when it arrives. */}
        {row.location_name && row.status !== 'in_transfer' ? (
          <Text size="xs" c="dimmed">
            {row.location_name}
          </Text>
        ) : null}
      </Group>
      {props.selectable && (
        <Checkbox
          mt={6}
          size="xs"
          label="Put on a new transfer"
          checked={props.selected}
          onChange={(e) => props.onSelect(e.currentTarget.checked)}
        />
      )}
      <ActionButtons
        action={props.action}
        actions={actions.map((a) => ({
          key: `skid-${row.id}-${a.event}`,
          event: a.event,
          label: statusLabel(a.event),
          onClick: () => props.onEvent(a.event),
        }))}
      />
    </Frame>
  );
}

/** Events the dashboard offers on a transfer; a short receipt is entered line by line elsewhere. */
const TRANSFER_EVENTS_HERE = (a: ActionState) => a.allowed && a.event !== 'receive_partial';

export function TransferCard(props: {
  row: ProductionTransferRow;
  wall: boolean;
  actor: Actor | null;
  onEvent: (action: ActionState) => void;
  action: DashboardAction;
}) {
  const { row } = props;
  // The row says whether it stays on one site, so a shipment to a distribution centre offers
  // Ship (to shipping), not the one-step Transfer the server would refuse.
  const doc = {
    status: String(row.status),
    // A boolean column reads as 0 or 1 from the list; factOf takes either.
    ...(typeof row.same_site === 'boolean' || typeof row.same_site === 'number'
      ? { same_site: row.same_site }
      : {}),
    kind: 'production_output',
  };
  const actions = props.actor
    ? allowedTransferActions(doc, props.actor).filter(TRANSFER_EVENTS_HERE)
    : [];
  return (
    <Frame
      title={String(row.number)}
      testId={`transfer-${row.number}`}
      wall={props.wall}
      tags={<StatusTag size="sm" status={row.status ?? ''} />}
    >
      <Text size="sm" className={classes.detail} lineClamp={1}>
        {row.from_location_name ?? ''} → {row.to_location_name ?? ''}
      </Text>
      <Text size="xs" className={classes.detail} lineClamp={1}>
        {row.order_numbers ?? ''}
      </Text>
      <Group gap="md" className={classes.detail}>
        <Text size="xs">
          {count(row.skid_count)} skid{row.skid_count === 1 ? '' : 's'}
        </Text>
        <Text size="xs">{count(row.units_sent)} units</Text>
        {(row.units_received ?? 0) > 0 && (
          <Text size="xs">{count(row.units_received)} received</Text>
        )}
      </Group>
      <ActionButtons
        action={props.action}
        actions={actions.map((a) => ({
          key: `transfer-${row.id}-${a.event}`,
          event: a.event,
          label: statusLabel(a.event),
          onClick: () => props.onEvent(a),
        }))}
      />
    </Frame>
  );
}

export function PailCard(props: {
  row: TransferPailRow;
  wall: boolean;
  onMove: (() => void) | null;
  action: DashboardAction;
}) {
  const { row } = props;
  return (
    <Frame
      title={String(row.code)}
      testId={`pail-${row.code}`}
      wall={props.wall}
      tags={<StatusTag size="sm" status={row.status ?? ''} />}
    >
      <Text size="sm" className={classes.detail}>
        {formatNumber(row.volume_ml ?? 0, VOLUME_DECIMALS)} / {formatVolume(row.capacity_ml ?? 0)}
      </Text>
      <Group gap="md" className={classes.detail}>
        {row.production_order_number ? <Text size="xs">{row.production_order_number}</Text> : null}
        {row.phase_code ? <Text size="xs">{statusLabel(row.phase_code)}</Text> : null}
        {row.location_name ? (
          <Text size="xs" c="dimmed">
            {row.location_name}
          </Text>
        ) : null}
      </Group>
      <ActionButtons
        action={props.action}
        actions={
          props.onMove
            ? [{ key: `pail-${row.id}`, event: 'move', label: 'Move', onClick: props.onMove }]
            : []
        }
      />
    </Frame>
  );
}
