import { Button, NumberInput, Stack, Textarea } from '@mantine/core';
import { eventNotice } from '../../../../api/result-notice.ts';
import { modals } from '@mantine/modals';
import { useContext, useState } from 'react';
import { STAMP_REELS } from '../../../../domain/entities/production/stamp-reels.entity.ts';
import { allowedStampReelActions } from '../../../../machines/workflows/stamp-reel.machine.ts';
import type {
  WorkflowDoc,
  WorkflowUser,
} from '../../../../machines/workflows/document-workflow.ts';
import { useUser } from '../../../session/use-session.ts';
import { DocumentActions } from '../../../common/entity/document-actions.tsx';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../common/entity-form/form-failure.ts';
import { notify } from '../../../common/notify.tsx';
import type { EntityRow } from '../../../../domain/entities/entity-row.ts';
import { rowOf } from '../../../../domain/entity/row-of.ts';

// A reel's workflow bar: approve or reject its receipt, declare it lost (the shared document
// bar) and adjust its count, which needs a signed quantity besides the reason.

/** Every reel action but adjust, which has a dialog of its own. */
export const reelBarActions = (doc: WorkflowDoc, user: WorkflowUser) =>
  allowedStampReelActions(doc, user).filter((a) => a.event !== 'adjust');

function AdjustButton({ doc, onDone }: { doc: EntityRow; onDone: () => void }) {
  const request = useContext(EntityRequestContext);
  const user = useUser();
  const [busy, setBusy] = useState(false);
  const adjust = allowedStampReelActions(doc as unknown as WorkflowDoc, {
    id: Number(user.id),
    roles: user.roles,
  }).find((a) => a.event === 'adjust');
  if (!adjust?.allowed) return null;

  const open = () => {
    let qty: number | null = null;
    let reason = '';
    modals.openConfirmModal({
      title: `Adjust reel ${rowOf(STAMP_REELS, doc).reel_no}`,
      children: (
        <Stack>
          <NumberInput
            label="Stamps (+ found, − missing)"
            required
            allowDecimal={false}
            autoFocus
            onChange={(v) => {
              qty = typeof v === 'number' ? v : null;
            }}
          />
          <Textarea
            label="Reason"
            required
            minRows={2}
            onChange={(e) => {
              reason = e.currentTarget.value;
            }}
          />
        </Stack>
      ),
      labels: { confirm: 'Adjust', cancel: 'Cancel' },
      onConfirm: () => void send(qty, reason.trim()),
    });
  };

  async function send(qty: number | null, reason: string) {
    setBusy(true);
    try {
      await request({
        url: `${STAMP_REELS.api.replace(/^\/api\//, '')}/${doc.id}/events/adjust`,
        method: 'POST',
        data: {
          version: doc.version,
          ...(qty === null ? {} : { qty }),
          ...(reason ? { reason } : {}),
        },
      });
      notify.result(eventNotice(STAMP_REELS.label, doc, 'adjust'));
      onDone();
    } catch (error) {
      showFailure(error, false);
    } finally {
      setBusy(false);
    }
  }

  return (
    // A side step, styled as the bar's neutral steps are (workflow-button.tsx).
    <Button size="xs" variant="default" loading={busy} onClick={open}>
      Adjust
    </Button>
  );
}

export function ReelActions({ doc, onDone }: { doc: EntityRow; onDone: () => void }) {
  return (
    <DocumentActions
      entity={STAMP_REELS}
      doc={doc}
      allowed={reelBarActions}
      extra={(row) => <AdjustButton doc={row} onDone={onDone} />}
      onDone={onDone}
    />
  );
}
