import { Button, Group, Text } from '@mantine/core';
import { IconFileInvoice, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { OrderTax } from '../../../domain/entities/purchase/purchase-order-figures.ts';
import { purchasePrintPath } from '../../../domain/entities/purchase/purchase-order-print.ts';
import {
  purchaseOrderDoc,
  type PurchaseOrderDoc,
} from '../../../domain/entities/purchase/purchase-orders.entity.ts';
import { formatCurrency } from '../../../domain/formats/currency.format.ts';
import { allowedPurchaseOrderActions } from '../../../machines/workflows/purchase-order.machine.ts';
import type {
  ActionState,
  WorkflowDoc,
  WorkflowUser,
} from '../../../machines/workflows/document-workflow.ts';
import { useUser } from '../../session/use-session.ts';
import { ClosePurchaseOrder } from './close-purchase-order.tsx';
import { PurchasePdfButton } from './purchase-pdf-button.tsx';
import { SendToSupplier } from './send-to-supplier.tsx';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// The action bar's end of a purchase order: its figures as the server computed them when it
// was last saved (subtotal, each tax, total, and the CAD value that decides approval), and
// the way to its printable page and to the PDF file the supplier receives.

function inCurrency(code: string, value: number | null) {
  return new Intl.NumberFormat('en-CA', {
    style: 'currency',
    currency: code,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value ?? 0);
}

function Figures({ doc }: { doc: PurchaseOrderDoc }) {
  const code = doc.currency_code ?? 'CAD';
  const taxes = (doc.taxes as OrderTax[] | null) ?? [];
  const parts = [
    `Subtotal ${inCurrency(code, doc.subtotal)}`,
    ...taxes.map((t) => `${t.tax_code} ${inCurrency(code, t.amount)}`),
    // A supplier abroad bills no Canadian sales tax: said, not left to be inferred.
    ...(taxes.length === 0 ? ['No sales tax'] : []),
  ];
  return (
    <Text size="sm" aria-label="Order totals">
      {parts.join(' · ')} · <strong>Total {inCurrency(code, doc.total)}</strong>
      {code !== 'CAD' && <> = {formatCurrency(doc.total_cad ?? 0)} CAD</>}
    </Text>
  );
}

/** An order sent to its supplier is billed by its invoices (docs/domain/purchase.md §5). */
const BILLABLE = new Set([
  'approved',
  'sent',
  'partially_received',
  'received',
  'on_hold',
  'closed',
]);

/** Steps the order's own buttons take, with words of their own (not the bar's generic ones). */
const OWN_STEPS: ReadonlySet<string> = new Set(['send', 'close']);

/** The workflow bar's buttons: every step but the order's own. */
export const barPurchaseOrderActions = (doc: WorkflowDoc, user: WorkflowUser): ActionState[] =>
  allowedPurchaseOrderActions(doc, user).filter((a) => !OWN_STEPS.has(a.event));

/** Send (where it goes, before it goes) and Close (what it cancels), as the machine offers them. */
function OwnSteps({ doc }: { doc: PurchaseOrderDoc }) {
  const user = useUser();
  const actions = allowedPurchaseOrderActions(doc as unknown as WorkflowDoc, {
    id: Number(user.id),
    roles: user.roles,
  }).filter((a) => a.allowed || a.reason !== null);
  const send = actions.find((a) => a.event === 'send');
  const close = actions.find((a) => a.event === 'close');
  return (
    <>
      {send && <SendToSupplier doc={doc} action={send} />}
      {close && <ClosePurchaseOrder doc={doc} action={close} />}
    </>
  );
}

/** Send, Close, figures, Print, Download PDF and the way to enter its supplier's invoice, after the workflow buttons. */
export function purchaseOrderBar(row: EntityRow): ReactNode {
  const doc = purchaseOrderDoc(row);
  return (
    <Group gap="md">
      <OwnSteps doc={doc} />
      {BILLABLE.has(doc.status ?? '') && (
        <Button
          component={Link}
          to={`/purchase/${doc.id}/invoice`}
          size="xs"
          variant="light"
          leftSection={<IconFileInvoice size={14} />}
        >
          Enter invoice
        </Button>
      )}
      <Button
        component={Link}
        to={purchasePrintPath(doc.id)}
        size="xs"
        variant="light"
        leftSection={<IconPrinter size={14} />}
      >
        Print
      </Button>
      <PurchasePdfButton id={doc.id} />
      <Figures doc={doc} />
    </Group>
  );
}
