import { Button, Group, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { DocumentTax } from '../../general/shared/entities/document-taxes.ts';
import { packingSlipPath } from '../shared/entities/packing-slip.ts';
import { salesOrderDoc, type SalesOrderDoc } from '../shared/entities/sales-orders.entity.ts';
import { formatCurrency } from '../../../src/domain/formats/currency.format.ts';
import { formatRate } from '../../../src/domain/formats/percent.format.ts';
import { TraceOrderMenu } from '../../../src/views/common/trace-link.tsx';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';
import { SalesPdfButton } from './sales-pdf-button.tsx';

// The action bar's end of a sales order: its figures as the server computed them when it was
// last saved (subtotal at tier prices, discounts, vaping duty, each provincial tax, total), the customer's
// credit beside it while it waits for confirmation, the order as a PDF (its duty federal and
// provincial, as wholesalers invoice it), and the packing slip once goods shipped.

/** The codes of the discounts the lines got (the line editor shows only what one types). */
function discountCodes(doc: SalesOrderDoc): string {
  const codes = new Set(
    (doc.lines ?? []).map((l) => l.discount_code).filter((c): c is string => typeof c === 'string'),
  );
  return codes.size > 0 ? ` (${[...codes].join(', ')})` : '';
}

function Figures({ doc }: { doc: SalesOrderDoc }) {
  const taxes = (doc.taxes as DocumentTax[] | null) ?? [];
  const discount = doc.discount_total ?? 0;
  const duty = doc.duty_total ?? 0;
  const parts = [
    `Subtotal ${formatCurrency(doc.subtotal ?? 0)}`,
    ...(discount > 0 ? [`Discounts −${formatCurrency(discount)}${discountCodes(doc)}`] : []),
    // The vaping duty of the lines, before the taxes it is part of the base of.
    ...(duty > 0 ? [`Vaping duty ${formatCurrency(duty)}`] : []),
    ...taxes.map((t) => `${t.tax_code} ${formatRate(t.rate)} ${formatCurrency(t.amount)}`),
  ];
  return (
    <Text size="sm" aria-label="Order totals">
      {parts.join(' · ')} · <strong>Total {formatCurrency(doc.total ?? 0)}</strong>
    </Text>
  );
}

function Credit({ doc }: { doc: SalesOrderDoc }) {
  const over = Boolean(doc.over_credit_limit);
  return (
    <Text size="sm" c={over ? 'orange' : 'dimmed'} aria-label="Credit">
      Open orders {formatCurrency(doc.open_orders_total ?? 0)} of{' '}
      {formatCurrency(doc.credit_limit ?? 0)} credit
      {over ? ': this order goes over the limit' : ''}
    </Text>
  );
}

/** Figures, credit, the order's PDF and the packing slip, after the workflow buttons. */
export function salesOrderBar(row: EntityRow): ReactNode {
  const doc = salesOrderDoc(row);
  return (
    <Group gap="md">
      <SalesPdfButton id={doc.id} document="sales-order">
        Download PDF
      </SalesPdfButton>
      {Boolean(doc.shipped_any) && (
        <Button
          component={Link}
          to={packingSlipPath(doc.id)}
          size="xs"
          variant="light"
          leftSection={<IconTruckDelivery size={14} />}
        >
          Packing slip
        </Button>
      )}
      {doc.status !== 'draft' && (
        <TraceOrderMenu
          id={doc.id}
          lines={(doc.lines ?? []).map((l, i) => ({
            id: l.id,
            label: `Line ${i + 1}: ${String(l.product_sku ?? l.product_id)} × ${String(l.qty)}`,
          }))}
        />
      )}
      <Figures doc={doc} />
      {doc.status === 'draft' && <Credit doc={doc} />}
    </Group>
  );
}
