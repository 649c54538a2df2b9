import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { openToReceive } from '../../../domain/entities/purchase/purchase-order-figures.ts';
import type { PurchaseOrderDoc } from '../../../domain/entities/purchase/purchase-orders.entity.ts';
import { formatAmount } from '../../../domain/formats/number.format.ts';
import type { ActionState } from '../../../machines/workflows/document-workflow.ts';
import { notify } from '../../common/notify.tsx';
import { WorkflowButton } from '../../common/entity/workflow-button.tsx';
import { usePurchaseOrderStep } from './use-purchase-order-step.ts';

// Close, named after what it gives up: "Close and cancel the open 33,600", the quantity still
// expected on the order's lines, which the server cancels line by line (purchase-orders.routes.ts).

/** The quantity the order still expects, over all its lines. */
export function openQuantityOf(doc: PurchaseOrderDoc): number {
  const open = (doc.lines ?? []).reduce(
    (sum, line) =>
      sum +
      openToReceive({
        qty: line.qty ?? 0,
        qty_received: line.qty_received ?? 0,
        qty_billed: line.qty_billed ?? 0,
        qty_cancelled: line.qty_cancelled ?? 0,
      }),
    0,
  );
  return Math.round(open * 1000) / 1000;
}

export function ClosePurchaseOrder({
  doc,
  action,
}: {
  doc: PurchaseOrderDoc;
  action: ActionState;
}) {
  const step = usePurchaseOrderStep(doc);
  const open = openQuantityOf(doc);
  const label = open > 0 ? `Close and cancel the open ${formatAmount(open)}` : 'Close';
  const number = doc.number ?? '';

  function confirm() {
    modals.openConfirmModal({
      title: `Close ${number}?`,
      children: (
        <Text size="sm">
          {open > 0
            ? `The open ${formatAmount(open)} will not come: what each line still expects is cancelled. This cannot be undone.`
            : 'Everything ordered was received. This cannot be undone.'}
        </Text>
      ),
      // Not a bare "Cancel" beside "Close and cancel…": it keeps the order as it is.
      labels: { confirm: label, cancel: 'Keep it open' },
      onConfirm: () => {
        void step.run('close').then((outcome) => {
          if (outcome.ok) {
            notify.result({ tone: 'success', title: 'Closed', message: `${number}: closed` });
          } else notify.error(outcome.error);
        });
      },
    });
  }

  return (
    <WorkflowButton
      consequence="neutral"
      off={!action.allowed || step.busy}
      reason={action.allowed ? null : action.reason}
      loading={step.busy}
      onPress={confirm}
    >
      {label}
    </WorkflowButton>
  );
}
