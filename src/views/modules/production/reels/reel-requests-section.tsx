import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useContext, useEffect, useState } from 'react';
import { auditTime, merge } from 'rxjs';
import {
  REEL_REQUESTS,
  REEL_REQUEST_TRANSITIONS,
  reelRequestRefusal,
  type ReelRequest,
  type ReelRequestEvent,
} from '../../../../domain/entities/production/stamp-cover.ts';
import { formatInteger } from '../../../../domain/formats/number.format.ts';
import { StatusTag } from '../../../common/status-tag.tsx';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../common/entity-form/form-failure.ts';
import { notify } from '../../../common/notify.tsx';
import { useUser } from '../../../session/use-session.ts';
import { broadcastsOf, reconnectsOf } from '../../../shell/realtime/queue-broadcasts.ts';
import { useRealtimeConnection } from '../../../shell/realtime/realtime.context.tsx';
import { askReason } from '../../../common/entity/document-actions.tsx';

// Reel requests on the pending reel approvals (docs/domain/production.md "Stamp cover"): the
// requests drafted from the stamp cover wait here for another person to approve (order from
// the supplier) or reject them; an approved one is marked received when its reels arrive.
// The list is read again when a request is drafted or decided anywhere (the cover's channel,
// `reel_request.*`), and when the connection comes back.

const EVENTS: readonly ReelRequestEvent[] = ['approve', 'reject', 'receive'];

export function ReelRequestsSection() {
  const request = useContext(EntityRequestContext);
  const user = useUser();
  const [rows, setRows] = useState<ReelRequest[]>([]);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    void request<ReelRequest[]>({ url: 'production/reel-requests', quiet: true })
      .then((answer) => setRows(answer.data))
      .catch(() => undefined);
  }, [request]);
  useEffect(load, [load]);

  const connection = useRealtimeConnection();
  useEffect(() => {
    if (!connection) return;
    const live = [{ channel: REEL_REQUESTS.channel, event: REEL_REQUESTS.event }];
    const subscription = merge(broadcastsOf(connection, live), reconnectsOf(connection))
      .pipe(auditTime(300))
      .subscribe(load);
    return () => subscription.unsubscribe();
  }, [connection, load]);

  async function send(row: ReelRequest, event: ReelRequestEvent) {
    const reason = event === 'reject' ? await askReason('Reject reel request', { confirm: 'Reject', cancel: 'Back' }) : null;
    if (event === 'reject' && !reason) return;
    setBusy(true);
    try {
      await request({
        url: `production/reel-requests/${row.id}/events/${event}`,
        method: 'POST',
        data: { version: row.version, ...(reason ? { reason } : {}) },
      });
      notify.success(
        `${row.jurisdiction_name}: ${formatInteger(row.stamps_qty)} stamps ${REEL_REQUEST_TRANSITIONS[event].to}`,
        'Reel request',
      );
      load();
    } catch (error) {
      showFailure(error, false);
    } finally {
      setBusy(false);
    }
  }

  if (rows.length === 0) return null;
  return (
    <Stack gap="xs" px="md" pt="md" data-testid="reel-requests">
      <Title order={4} id="reel-requests-title">
        Reel requests
      </Title>
      <Table withTableBorder striped aria-labelledby="reel-requests-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Jurisdiction</Table.Th>
            <Table.Th ta="right">Stamps</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Why</Table.Th>
            <Table.Th>Drafted by</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-request={row.id} data-status={row.status}>
              <Table.Td fw={600}>{row.jurisdiction_name}</Table.Td>
              <Table.Td ta="right">{formatInteger(row.stamps_qty)}</Table.Td>
              <Table.Td>
                <StatusTag status={row.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.note ?? ''}</Text>
              </Table.Td>
              <Table.Td>{row.created_by_name ?? ''}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  {EVENTS.filter((e) => REEL_REQUEST_TRANSITIONS[e].from === row.status).map(
                    (event) => {
                      const refusal = reelRequestRefusal(
                        event,
                        row.status,
                        Number(user.id),
                        row.created_by,
                      );
                      return (
                        <Button
                          key={event}
                          size="xs"
                          variant={event === 'reject' ? 'outline' : 'filled'}
                          color={event === 'reject' ? 'red.9' : undefined}
                          disabled={busy || refusal !== null}
                          title={refusal ?? undefined}
                          onClick={() => void send(row, event)}
                        >
                          {REEL_REQUEST_TRANSITIONS[event].label}
                        </Button>
                      );
                    },
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
