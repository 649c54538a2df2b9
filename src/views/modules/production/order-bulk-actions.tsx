import { Group, Text } from '@mantine/core';
import { useContext, useState } from 'react';
import { PRODUCTION_ORDERS } from '../../../domain/entities/production/production-orders.entity.ts';
import { statusLabel } from '../../../domain/status-tags.ts';
import { arrangeByConsequence } from '../../../machines/workflows/action-consequence.ts';
import type { WorkflowDoc } from '../../../machines/workflows/document-workflow.ts';
import { WorkflowButton } from '../../common/entity/workflow-button.tsx';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';
import { useUser } from '../../session/use-session.ts';
import {
  allowedCount,
  BULK_ORDER_EVENTS,
  sendToEach,
  type BulkDeps,
  type BulkOrderEvent,
  type BulkOutcome,
} from './order-bulk-events.ts';
import { orderActions } from './order-actions.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// The toolbar of the production orders list while rows are selected: Submit, Approve and
// Release for every selected order the person may move that way; the list then reports,
// order by order, what happened (bulk-outcome-modal.tsx).

export type BulkReport = { event: BulkOrderEvent; outcomes: readonly BulkOutcome[] };

export function OrderBulkActions({
  rows,
  onDone,
}: {
  rows: readonly EntityRow[];
  /** Told what happened to each order; the list shows it and clears the selection. */
  onDone: (report: BulkReport) => void;
}) {
  const request = useContext(EntityRequestContext);
  const user = useUser();
  const [busy, setBusy] = useState<BulkOrderEvent | null>(null);
  const deps: BulkDeps = {
    actionsOf: (row) =>
      orderActions(row as unknown as WorkflowDoc, { id: Number(user.id), roles: user.roles }),
    send: async (row, event) =>
      (
        await request<EntityRow>({
          url: `${PRODUCTION_ORDERS.api.replace(/^\/api\//, '')}/${row.id}/events/${event}`,
          method: 'POST',
          data: { version: row.version },
          // Each order's refusal is reported in the summary, not one alert per order.
          quiet: true,
        })
      ).data,
  };
  const run = async (event: BulkOrderEvent) => {
    setBusy(event);
    try {
      onDone({ event, outcomes: await sendToEach(rows, event, deps) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" role="group" aria-label="Selected orders">
      <Text size="sm" c="dimmed">
        {rows.length} selected
      </Text>
      {arrangeByConsequence(
        BULK_ORDER_EVENTS.map((event) => ({
          event,
          count: allowedCount(rows, event, deps.actionsOf),
          allowed: true,
        })).filter((a) => a.count > 0),
      ).map(({ event, count, consequence }) => (
        <WorkflowButton
          key={event}
          consequence={consequence}
          reason={null}
          loading={busy === event}
          off={busy !== null && busy !== event}
          onPress={() => void run(event)}
        >
          {statusLabel(event)} {count === rows.length ? 'selected' : `${count} of ${rows.length}`}
        </WorkflowButton>
      ))}
    </Group>
  );
}
