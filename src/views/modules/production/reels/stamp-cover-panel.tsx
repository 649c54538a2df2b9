import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { useContext, useState } from 'react';
import { canAccess } from '../../../../domain/access.ts';
import type {
  ReelRequest,
  StampCoverRow,
} from '../../../../domain/entities/production/stamp-cover.ts';
import { formatInteger, formatNumber } from '../../../../domain/formats/number.format.ts';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../common/entity-form/form-failure.ts';
import { notify } from '../../../common/notify.tsx';
import { useUser } from '../../../session/use-session.ts';
import classes from './stamp-cover.module.css';

// The stamp cover panel (docs/domain/production.md "Stamp cover"): per jurisdiction the stamps
// on hand and on order against the plan's daily need, and the days that makes beside the
// supplier's lead time. A row below it is flagged and, for stamp_inventory and managers,
// offers "Draft reel request" (the server drafts one at most per jurisdiction; another person
// approves it on the pending reel approvals). On the wall the same table, large, no buttons.

const days = (n: number | null) => (n === null ? 'No need' : `${formatNumber(n, 1)} d`);

const STATE_TEXT = { requested: 'Reel request pending', below: 'Below lead time', ok: 'Covered' };
// The darkest shades: axe's 4.5:1 on white and on the striped rows (green 9 falls short).
const STATE_COLOR = { requested: 'blue.9', below: 'red.9', ok: 'teal.9' };

/** A jurisdiction's state as words (never colour alone), coloured for the screen it is on. */
function CoverState({ row, wall }: { row: StampCoverRow; wall: boolean }) {
  const state =
    row.pending_request_id !== null ? 'requested' : row.below_lead_time === 1 ? 'below' : 'ok';
  return (
    <Text
      span
      inherit
      className={classes.state}
      c={wall ? undefined : STATE_COLOR[state]}
      data-cover-state={state}
    >
      {STATE_TEXT[state]}
    </Text>
  );
}

export function StampCoverPanel({
  rows,
  onChanged,
  wall = false,
}: {
  rows: StampCoverRow[] | null;
  onChanged: () => void;
  wall?: boolean;
}) {
  const request = useContext(EntityRequestContext);
  const user = useUser();
  const mayDraft = !wall && canAccess(user.roles, 'production_stamp_cover_draft');
  const [busy, setBusy] = useState<number | null>(null);

  async function draft(row: StampCoverRow) {
    setBusy(row.stamp_jurisdiction_id);
    try {
      const answer = await request<ReelRequest>({
        url: `production/stamp-cover/${row.stamp_jurisdiction_id}/reel-request`,
        method: 'POST',
      });
      const r = answer.data;
      notify.success(
        `${formatInteger(r.stamps_qty)} stamps for ${r.jurisdiction_name}, waiting for approval on Pending reel approvals`,
        answer.message === 'created' ? 'Reel request drafted' : 'A reel request is already pending',
      );
      onChanged();
    } catch (error) {
      showFailure(error, false);
    } finally {
      setBusy(null);
    }
  }

  const lead = rows?.[0]?.lead_time_days;
  return (
    <Stack gap="xs" data-testid="stamp-cover-panel" data-wall={wall || undefined}>
      {!wall && (
        <Title order={4} id="stamp-cover-title">
          Stamp cover{lead === undefined ? '' : ` · supplier lead time ${lead} days`}
        </Title>
      )}
      {rows === null ? (
        <Text c="dimmed">Reading the cover…</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">No stamp jurisdiction is active.</Text>
      ) : (
        <Table
          striped
          withTableBorder
          className={wall ? classes.wallTable : undefined}
          fz={wall ? undefined : 'sm'}
          verticalSpacing={wall ? 4 : 'xs'}
          aria-labelledby={wall ? undefined : 'stamp-cover-title'}
          aria-label={wall ? 'Stamp cover' : undefined}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Jurisdiction</Table.Th>
              <Table.Th ta="right">On hand</Table.Th>
              <Table.Th ta="right">On order</Table.Th>
              <Table.Th ta="right">Daily need</Table.Th>
              <Table.Th ta="right">Days of cover</Table.Th>
              <Table.Th ta="right">Lead time</Table.Th>
              <Table.Th>State</Table.Th>
              {mayDraft && <Table.Th>Action</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.stamp_jurisdiction_id}
                data-jurisdiction={row.jurisdiction_code}
                data-below={row.below_lead_time === 1 || undefined}
              >
                <Table.Td fw={600}>{row.jurisdiction_name}</Table.Td>
                <Table.Td ta="right" data-cell="on_hand">
                  {formatInteger(row.on_hand)}
                </Table.Td>
                <Table.Td ta="right" data-cell="on_order">
                  {formatInteger(row.on_order)}
                </Table.Td>
                <Table.Td ta="right" data-cell="daily_need">
                  {formatNumber(row.daily_need, 1)}
                </Table.Td>
                <Table.Td
                  ta="right"
                  fw={700}
                  c={!wall && row.below_lead_time === 1 ? 'red.9' : undefined}
                  data-cell="cover_days"
                >
                  {days(row.cover_days)}
                </Table.Td>
                <Table.Td ta="right">{row.lead_time_days} d</Table.Td>
                <Table.Td>
                  <CoverState row={row} wall={wall} />
                </Table.Td>
                {mayDraft && (
                  <Table.Td>
                    {row.below_lead_time === 1 && row.pending_request_id === null ? (
                      <Button
                        size="xs"
                        color="red"
                        loading={busy === row.stamp_jurisdiction_id}
                        disabled={busy !== null}
                        onClick={() => void draft(row)}
                        aria-label={`Draft reel request for ${row.jurisdiction_name}`}
                      >
                        Draft reel request
                      </Button>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {row.pending_request_id !== null ? 'Awaiting approval' : '—'}
                      </Text>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
