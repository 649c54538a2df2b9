import { ActionIcon, Badge, Group, Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import {
  PURCHASE_INVOICE_LINE_FIELDS,
  type PurchaseInvoiceLineRow,
} from '../../../domain/entities/purchase/purchase-invoices.entity.ts';
import { formatAmount } from '../../../domain/formats/number.format.ts';
import { formatPercent } from '../../../domain/formats/percent.format.ts';
import { cellText } from '../../common/grid/cell-text.ts';
import { FieldInput } from '../../common/entity-form/field-input.tsx';
import { textOf, type FormValues } from '../../common/entity-form/form-values.ts';
import { isSet } from '../../../api/bool-to-int.ts';

// The billed lines of a supplier invoice beside their purchase order lines: what was ordered,
// received and billed before, the PO price, and the three-way match of each line: as typed
// while a draft is edited (so a mismatch shows before it is saved), else the server's as saved.
// A draft edits the billed quantity and unit price; otherwise the table reads only.

const field = (name: string): EntityField => {
  const found = PURCHASE_INVOICE_LINE_FIELDS.find((f) => f.name === name);
  if (!found) throw new Error(`no invoice line field ${name}`);
  return found;
};
const SHOWN = ['product_sku', 'product_name', 'po_qty', 'qty_received', 'billed_other'].map(field);
const QTY = field('qty');
const PRICE = field('unit_price');
const PO_PRICE = field('po_unit_price');
const TOTAL = field('line_total');

/** A line's match as badges: what is billed past what came in, the price off the PO's, or none. */
function MatchRow({
  over,
  pricePct,
  label,
}: {
  over: string | null;
  pricePct: number | null;
  label?: string;
}) {
  const badges = [];
  if (over !== null) {
    badges.push(
      <Badge key="qty" color="red" variant="light" tt="none">
        {over}
      </Badge>,
    );
  }
  if (pricePct !== null) {
    badges.push(
      <Badge key="price" color="orange" variant="light" tt="none">
        {`Price ${pricePct > 0 ? '+' : ''}${formatPercent(pricePct, 2)} vs PO`}
      </Badge>,
    );
  }
  if (badges.length === 0) {
    badges.push(
      <Badge key="ok" color="green" variant="light" tt="none">
        Matched
      </Badge>,
    );
  }
  return (
    <Group gap={4} wrap="nowrap" aria-label={label}>
      {badges}
    </Group>
  );
}

/**
 * The match of one line as typed, before it is saved: billing more than was received, or a
 * price off the PO's. The server's flags (and its price tolerance) are its own once saved.
 */
export function TypedMatch({
  line,
  info,
}: {
  line: FormValues;
  info: PurchaseInvoiceLineRow | undefined;
}) {
  if (!info) return null;
  // What is typed may be text or empty; the server's figures are numbers.
  const num = (value: unknown) => Number(value ?? 0) || 0;
  const billed = (info.billed_other ?? 0) + num(line.qty);
  const received = info.qty_received ?? 0;
  const poPrice = info.po_unit_price ?? 0;
  const pct = poPrice > 0 ? ((num(line.unit_price) - poPrice) / poPrice) * 100 : 0;
  return (
    <MatchRow
      over={
        billed - received > 0.0005
          ? `Billed ${formatAmount(billed)}, received ${formatAmount(received)}`
          : null
      }
      pricePct={Math.abs(pct) >= 0.005 ? pct : null}
      label={`Match as typed (line ${textOf(info.product_sku)})`}
    />
  );
}

/** The match of one line in words, as the server last saved it. */
export function MatchBadges({ info }: { info: PurchaseInvoiceLineRow | undefined }) {
  if (!info || info.qty_mismatch === undefined) return null;
  return (
    <MatchRow
      over={isSet(info.qty_mismatch) ? `Over by ${cellText(field('qty_over'), info)}` : null}
      pricePct={isSet(info.price_variance) ? (info.price_variance_pct ?? 0) : null}
    />
  );
}

export function InvoiceLinesTable({
  form,
  lineInfo,
  readOnly,
}: {
  form: UseFormReturnType<FormValues>;
  lineInfo: (poLineId: unknown) => PurchaseInvoiceLineRow | undefined;
  readOnly: boolean;
}) {
  const rows = (form.getValues().lines as FormValues[] | undefined) ?? [];
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table withTableBorder verticalSpacing={4} aria-label="Invoice lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            {SHOWN.map((f) => (
              <Table.Th key={f.name}>{f.label}</Table.Th>
            ))}
            <Table.Th w={130}>{QTY.label}</Table.Th>
            <Table.Th>{PO_PRICE.label}</Table.Th>
            <Table.Th w={130}>{PRICE.label}</Table.Th>
            <Table.Th>{TOTAL.label}</Table.Th>
            <Table.Th w={230}>Match</Table.Th>
            {!readOnly && <Table.Th w={40} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={SHOWN.length + 7}>
                <Text size="sm" c="dimmed">
                  Nothing received on this order is left to bill.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((line, i) => {
            const info = lineInfo(line.purchase_order_line_id);
            const shown = { ...info, ...line };
            const sku = textOf(info?.product_sku ?? '');
            const error = form.errors[`lines.${i}.purchase_order_line_id`];
            return (
              <Table.Tr
                key={typeof line._key === 'string' ? line._key : i}
                aria-label={`Line ${i + 1} ${sku}`}
              >
                <Table.Td>{i + 1}</Table.Td>
                {SHOWN.map((f) => (
                  <Table.Td key={f.name}>{info ? cellText(f, info) : ''}</Table.Td>
                ))}
                <Table.Td>
                  {readOnly ? (
                    cellText(QTY, shown)
                  ) : (
                    <FieldInput
                      field={{ ...QTY, label: `Qty billed (line ${i + 1} ${sku})` }}
                      form={form}
                      path={`lines.${i}.qty`}
                      hideLabel
                      autoFocus={false}
                    />
                  )}
                </Table.Td>
                <Table.Td>{info ? cellText(PO_PRICE, info) : ''}</Table.Td>
                <Table.Td>
                  {readOnly ? (
                    cellText(PRICE, shown)
                  ) : (
                    <FieldInput
                      field={{ ...PRICE, label: `Unit price (line ${i + 1} ${sku})` }}
                      form={form}
                      path={`lines.${i}.unit_price`}
                      hideLabel
                    />
                  )}
                </Table.Td>
                <Table.Td>{info?.line_total !== undefined ? cellText(TOTAL, info) : ''}</Table.Td>
                <Table.Td>
                  {readOnly ? <MatchBadges info={info} /> : <TypedMatch line={line} info={info} />}
                  {typeof error === 'string' && (
                    <Text size="xs" c="red">
                      {error}
                    </Text>
                  )}
                </Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove line ${i + 1}`}
                      onClick={() => form.removeListItem('lines', i)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
