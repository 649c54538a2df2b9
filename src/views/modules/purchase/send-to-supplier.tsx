import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import type { PurchaseOrderRow } from '../../../domain/entities/purchase/purchase-orders.entity.ts';
import type { ActionState } from '../../../machines/workflows/document-workflow.ts';
import { notify } from '../../common/notify.tsx';
import { WorkflowButton } from '../../common/entity/workflow-button.tsx';
import { usePurchaseMail, usePurchaseOrderStep } from './use-purchase-order-step.ts';
import { usePurchasePdf } from './use-purchase-pdf.ts';

// Send, as a buyer reads it: a dialog that says where the order goes before it goes. With
// email set up and a supplier address it emails the PDF; without either it says which is
// missing, offers the PDF to download, and marks the order sent only when the buyer confirms
// they sent it themselves (the timeline says so).

export function SendToSupplier({ doc, action }: { doc: PurchaseOrderRow; action: ActionState }) {
  const [open, setOpen] = useState(false);
  const mail = usePurchaseMail(open);
  const step = usePurchaseOrderStep(doc);
  const pdf = usePurchasePdf(doc.id);
  const number = doc.number ?? '';
  const email = doc.supplier_email ?? '';
  const supplier = doc.supplier_name || 'The supplier';

  async function send(byHand: boolean) {
    const outcome = await step.run('send', byHand ? { sent_by_hand: true } : {});
    if (!outcome.ok) return;
    setOpen(false);
    notify.result({
      tone: 'success',
      title: 'Sent',
      message: byHand
        ? `${number}: marked sent, as you sent it yourself`
        : `${number}: emailed to ${email}`,
    });
  }

  const emails = mail?.configured === true && email !== '';
  const missing = !email
    ? `${supplier} has no email address: add one on the supplier to email orders from here.`
    : 'Email is not set up on this server (SMTP_URL), so Plantline cannot email this order.';
  return (
    <>
      <WorkflowButton
        consequence="primary"
        off={!action.allowed || step.busy}
        reason={action.allowed ? null : action.reason}
        loading={step.busy}
        onPress={() => {
          step.clear();
          setOpen(true);
        }}
      >
        Send to supplier
      </WorkflowButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Send ${number} to ${supplier}`}>
        {mail === null ? (
          <Text size="sm">Checking how this order can be sent…</Text>
        ) : (
          <Stack gap="sm">
            {emails ? (
              <Text size="sm">
                Email {number}.pdf to <strong>{email}</strong> from {mail.from}. The order is marked
                sent once the mail server takes it.
              </Text>
            ) : (
              <>
                <Alert color="yellow" variant="light" title="This order cannot be emailed">
                  {missing}
                </Alert>
                <Text size="sm">
                  Download the PDF and send it to the supplier yourself
                  {email ? ` at ${email}` : ''}; then confirm here, and the timeline records that
                  you sent it.
                </Text>
              </>
            )}
            {step.error && (
              <Alert color="red" variant="light" role="alert">
                {step.error}
              </Alert>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              {emails ? (
                <Button
                  leftSection={<IconMail size={16} />}
                  loading={step.busy}
                  onClick={() => void send(false)}
                >
                  Email the PDF to {email}
                </Button>
              ) : (
                <>
                  <Button variant="light" loading={pdf.busy} onClick={() => void pdf.download()}>
                    Download PDF
                  </Button>
                  <Button loading={step.busy} onClick={() => void send(true)}>
                    I sent it: mark as sent
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
