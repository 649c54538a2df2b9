import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useContext, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { STAMPING_ORDERS } from '../../../../domain/entities/production/stamping-orders.entity.ts';
import { EDITABLE_STAMPING_STATUSES } from '../../../../domain/entities/production/stamping-order-values.ts';
import { formatInteger } from '../../../../domain/formats/number.format.ts';
import {
  allowedStampingActions,
  PAGE_EVENTS,
} from '../../../../machines/workflows/stamping-order.machine.ts';
import type {
  WorkflowDoc,
  WorkflowUser,
} from '../../../../machines/workflows/document-workflow.ts';
import { DocumentActions } from '../../../common/entity/document-actions.tsx';
import { EntityForm } from '../../../common/entity-form/entity-form.tsx';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { recordIdOf } from '../../../common/entity-form/entity-form-page.tsx';
import { BesideTimeline } from '../../../common/timeline/beside-timeline.tsx';
import { useUser } from '../../../session/use-session.ts';
import { stampingPageOf } from './stamping-orders.page.tsx';
import { stampingPath, useStampingOrder, type StampingOrderRow } from './use-stamping-order.ts';

// The start page (production.stamping-order-start): the plan stays editable while draft or
// ready; Mark ready puts it ready on an operational machine; the stamper then ticks the reels of the
// order's jurisdiction (oldest first) and asks for them. Issuing happens on pending reel
// approvals, by stamp_inventory; this page then says what it waits for, and once they are
// issued (the order's broadcast reads it again) it leads on to the finish page.

type FreeReel = {
  id: number;
  reel_no: string;
  remaining_qty: number;
  first_serial: number;
  last_serial: number;
  stamp_type_name: string | null;
};

/** The bar's buttons: start and finish have pages of their own. */
const barActions = (doc: WorkflowDoc, user: WorkflowUser) =>
  allowedStampingActions(doc, user).filter((a) => !PAGE_EVENTS.includes(a.event as 'start'));

function ReelPicker({
  order,
  onStart,
}: {
  order: StampingOrderRow;
  onStart: (ids: number[]) => void;
}) {
  const request = useContext(EntityRequestContext);
  const [reels, setReels] = useState<FreeReel[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  useEffect(() => {
    void request<FreeReel[]>({ url: stampingPath(order.id, '/available-reels') }).then((reply) =>
      setReels(reply.data),
    );
  }, [request, order.id, order.version]);
  const planned = order.planned_units;
  const picked = reels
    .filter((r) => chosen.includes(r.id))
    .reduce((s, r) => s + r.remaining_qty, 0);
  if (reels.length === 0) {
    return <Alert color="yellow">No reel of this jurisdiction is available.</Alert>;
  }
  return (
    <Stack gap="xs">
      <Title order={5}>Reels to ask for</Title>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>Reel</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th ta="right">Stamps left</Table.Th>
            <Table.Th>Serials</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reels.map((reel) => (
            <Table.Tr key={reel.id}>
              <Table.Td>
                <Checkbox
                  aria-label={`Ask for reel ${reel.reel_no}`}
                  checked={chosen.includes(reel.id)}
                  onChange={(e) =>
                    setChosen((ids) =>
                      e.currentTarget.checked
                        ? [...ids, reel.id]
                        : ids.filter((i) => i !== reel.id),
                    )
                  }
                />
              </Table.Td>
              <Table.Td>{reel.reel_no}</Table.Td>
              <Table.Td>{reel.stamp_type_name ?? '—'}</Table.Td>
              <Table.Td ta="right">{formatInteger(reel.remaining_qty)}</Table.Td>
              <Table.Td>
                {reel.last_serial - reel.remaining_qty + 1}–{reel.last_serial}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button disabled={chosen.length === 0} onClick={() => onStart(chosen)}>
          Ask for {chosen.length} reel{chosen.length === 1 ? '' : 's'}
        </Button>
        <Text size="sm" c={picked >= planned ? 'dimmed' : 'orange'}>
          {formatInteger(picked)} stamps for {formatInteger(planned)} planned units
        </Text>
      </Group>
    </Stack>
  );
}

export function StampingStartPage() {
  const id = recordIdOf(useParams().id);
  const user = useUser();
  const { row, reload, send } = useStampingOrder(id ?? null);
  if (!id) return <Alert color="red">Open a stamping order from the list to start it.</Alert>;
  if (!row) return null;
  const status = String(row.status);
  const start = allowedStampingActions(row as unknown as WorkflowDoc, {
    id: Number(user.id),
    roles: user.roles,
  }).find((a) => a.event === 'start');
  return (
    <Box p="md">
      <BesideTimeline entity={STAMPING_ORDERS} id={row.id} revision={row.version}>
        <Stack>
          <Paper p="md" withBorder>
            <Title order={3} mb="md">
              Start stamping {String(row.number)}
            </Title>
            <EntityForm
              key={row.version}
              entity={STAMPING_ORDERS}
              id={row.id}
              columns={2}
              onSaved={reload}
              readOnlyReason={(r) =>
                EDITABLE_STAMPING_STATUSES.includes(r.status as 'draft')
                  ? null
                  : `This order is ${String(r.status).replaceAll('_', ' ')}: its plan no longer changes.`
              }
              toolbar={(r) => (
                <DocumentActions
                  entity={STAMPING_ORDERS}
                  doc={r}
                  allowed={barActions}
                  onDone={reload}
                />
              )}
            />
          </Paper>
          <Paper p="md" withBorder>
            {status === 'ready' && start?.allowed && (
              <ReelPicker order={row} onStart={(ids) => void send('start', { reel_ids: ids })} />
            )}
            {status === 'ready' && !start?.allowed && (
              <Text c="dimmed">{start?.reason ?? 'Only the stamper asks for reels.'}</Text>
            )}
            {status === 'draft' && (
              <Text c="dimmed">Mark the order ready to ask for its reels.</Text>
            )}
            {status === 'reel_pending' && (
              <Alert color="blue" title="Waiting for the reels">
                Requested {typeof row.reel_nos === 'string' ? row.reel_nos : 'reels'}: stamp
                inventory issues them from pending reel approvals.
              </Alert>
            )}
            {(status === 'in_progress' || status === 'finished') && (
              <Group>
                <Text>
                  {status === 'in_progress'
                    ? `Reels ${typeof row.reel_nos === 'string' ? row.reel_nos : ''} are issued: stamp, then record the counts.`
                    : 'This order is finished.'}
                </Text>
                <Button component={Link} to={stampingPageOf(row)}>
                  {status === 'in_progress' ? 'Record stamping' : 'Open reconciliation'}
                </Button>
              </Group>
            )}
            {status === 'cancelled' && (
              <Text c="dimmed">
                This order is cancelled
                {typeof row.cancel_reason === 'string' ? `: ${row.cancel_reason}` : '.'}
              </Text>
            )}
          </Paper>
        </Stack>
      </BesideTimeline>
    </Box>
  );
}
