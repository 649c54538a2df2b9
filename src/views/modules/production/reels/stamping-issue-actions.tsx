import { Group, Text } from '@mantine/core';
import { eventNotice } from '../../../../api/result-notice.ts';
import { useContext, useState } from 'react';
import { arrangeByConsequence } from '../../../../machines/workflows/action-consequence.ts';
import { allowedStampingActions } from '../../../../machines/workflows/stamping-order.machine.ts';
import { WorkflowButton } from '../../../common/entity/workflow-button.tsx';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../common/entity-form/form-failure.ts';
import { notify } from '../../../common/notify.tsx';
import { useUser } from '../../../session/use-session.ts';
import type { PENDING_REELS } from '../../../../domain/entities/production/stamp-reels.entity.ts';
import type { RowOf } from '../../../../domain/entity/row-of.ts';
import { askReason } from '../../../common/entity/document-actions.tsx';

// A requested reel on pending reel approvals: issuing it (or cancelling the order that asked
// for it) is the stamping order's event, sent through the pending reels' own route so
// stamp_inventory and managers need no access to the stamping orders' screens.

const PENDING_STAMPING = 'production/pending_reels/stamping-orders';

export function StampingIssueActions({
  reel,
  onDone,
}: {
  reel: RowOf<typeof PENDING_REELS>;
  onDone: () => void;
}) {
  const request = useContext(EntityRequestContext);
  const user = useUser();
  const [busy, setBusy] = useState(false);
  const orderId = reel.stamping_order_id ?? 0;
  const number = reel.stamping_order_number ?? '';
  const actions = allowedStampingActions(
    { status: 'reel_pending' },
    { id: Number(user.id), roles: user.roles },
  );

  async function send(event: 'issue' | 'cancel') {
    const reason =
      event === 'cancel'
        ? await askReason('Cancel stamping order', { confirm: 'Yes', cancel: 'Back' })
        : null;
    if (event === 'cancel' && !reason) return;
    setBusy(true);
    try {
      await request({
        url: `${PENDING_STAMPING}/${orderId}/events/${event}`,
        method: 'POST',
        data: { version: reel.stamping_order_version, ...(reason ? { reason } : {}) },
      });
      notify.result(eventNotice('Stamping order', { number }, event));
      onDone();
    } catch (error) {
      showFailure(error, false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Group>
      <Text size="sm">
        Requested by {number}
        {typeof reel.stamping_order_product === 'string' ? ` (${reel.stamping_order_product})` : ''}
      </Text>
      {arrangeByConsequence(actions).map((a) => (
        <WorkflowButton
          key={a.event}
          consequence={a.consequence}
          off={!a.allowed || busy}
          reason={a.reason}
          loading={busy}
          onPress={() => void send(a.event as 'issue' | 'cancel')}
        >
          {a.event === 'issue' ? `Issue to ${number}` : `Cancel ${number}`}
        </WorkflowButton>
      ))}
    </Group>
  );
}
