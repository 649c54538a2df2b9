import { Alert, Group, Loader, Paper, Table, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useContext, useEffect, useMemo, useState } from 'react';
import { fieldErrors, fieldMessage } from '../../../src/api/api-error.ts';
import { errorText } from '../../../src/api/error-text.ts';
import { fetchSalesOrderQuote } from './api/sales.api.ts';
import type { SalesOrderQuote } from '../shared/entities/sales-order-quote.ts';
import { SALES_ORDER_LINE_ITEMS } from '../shared/entities/sales-orders.entity.ts';
import { formatCurrency, formatUnitPrice } from '../../../src/domain/formats/currency.format.ts';
import { formatRate } from '../../../src/domain/formats/percent.format.ts';
import { formatAmount } from '../../../src/domain/formats/number.format.ts';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import type { FormValues } from '../../../src/views/common/entity-form/form-values.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';
import { SCROLL_BY_KEYBOARD } from '../../../src/views/common/scroll-by-keyboard.ts';

// What the order in the form will cost, before it is saved: under the line editor,
// each line's tier price at its best quantity break, the discounts it gets, its net price and
// duty per unit and total, then the subtotal, discounts, vaping duty, each tax and the total,
// all from the server's quote
// (the code a save runs), asked again when the customer, the order date or a line changes.
// The quote waits for the typing to pause so a quantity typed digit by digit asks once.

const QUOTE_PAUSE_MS = 300;

const idOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

const qtyOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
};

/** The order as the quote route takes it, with the editor's row of each quoted line. */
function quoteRequestOf(values: FormValues) {
  const customerId = idOf(values.customer_id);
  const orderDate = typeof values.order_date === 'string' ? values.order_date : '';
  const rows = (values[SALES_ORDER_LINE_ITEMS.name] as FormValues[] | undefined) ?? [];
  const lines = rows.flatMap((row, index) => {
    const productId = idOf(row.product_id);
    const qty = qtyOf(row.qty);
    return productId !== null && qty !== null ? [{ index, product_id: productId, qty }] : [];
  });
  if (customerId === null || !/^\d{4}-\d{2}-\d{2}$/.test(orderDate) || lines.length === 0) {
    return null;
  }
  return { customer_id: customerId, order_date: orderDate, lines };
}

type Quoted = { quote: SalesOrderQuote; rows: number[] } | { failure: string } | null;

/** A failure of the quote said in words: the server's reason, for the line it names. */
function failureText(error: unknown, rows: readonly number[]): string {
  const errors = fieldErrors(error);
  const [field] = Object.keys(errors);
  if (field === undefined) return errorText(error);
  const line = /^lines\.(\d+)\./.exec(field);
  const row = line ? rows[Number(line[1])] : undefined;
  const message = fieldMessage(errors, field);
  return row === undefined ? message : `Line ${row + 1}: ${message}`;
}

function SalesOrderQuotePanel({ form }: { form: UseFormReturnType<FormValues> }) {
  const request = useContext(EntityRequestContext);
  const asked = quoteRequestOf(form.getValues());
  // The request as text: a new value of anything else in the form asks nothing.
  const key = asked === null ? '' : JSON.stringify(asked);
  const [quoted, setQuoted] = useState<Quoted>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (key === '') {
      setQuoted(null);
      return undefined;
    }
    const { customer_id, order_date, lines } = JSON.parse(key) as NonNullable<
      ReturnType<typeof quoteRequestOf>
    >;
    const rows = lines.map((l) => l.index);
    const abort = new AbortController();
    setWaiting(true);
    const timer = setTimeout(() => {
      fetchSalesOrderQuote(
        request,
        {
          customer_id,
          order_date,
          lines: lines.map(({ product_id, qty }) => ({ product_id, qty })),
        },
        abort.signal,
      )
        .then((quote) => setQuoted({ quote, rows }))
        .catch((error: unknown) => {
          if (!abort.signal.aborted) setQuoted({ failure: failureText(error, rows) });
        })
        .finally(() => {
          if (!abort.signal.aborted) setWaiting(false);
        });
    }, QUOTE_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [key, request]);

  const byRow = useMemo(() => {
    const map = new Map<number, SalesOrderQuote['lines'][number]>();
    if (quoted && 'quote' in quoted) {
      quoted.quote.lines.forEach((line, i) => map.set(quoted.rows[i] ?? -1, line));
    }
    return map;
  }, [quoted]);

  return (
    <Paper withBorder p="sm" aria-label="Prices before saving">
      <Group justify="space-between" mb="xs">
        <Title order={5}>Prices</Title>
        {waiting && <Loader size="xs" role="status" aria-label="Pricing" />}
      </Group>
      {quoted === null && (
        <Text size="sm" c="dimmed">
          Pick the customer, the order date and a product with its quantity to see the prices.
        </Text>
      )}
      {quoted && 'failure' in quoted && (
        <Alert color="orange" p="xs" aria-label="Prices unavailable">
          <Text size="sm">{quoted.failure}</Text>
        </Alert>
      )}
      {quoted && 'quote' in quoted && (
        <Table.ScrollContainer
          minWidth={640}
          scrollAreaProps={{ viewportProps: SCROLL_BY_KEYBOARD }}
        >
          <Table verticalSpacing={4} aria-label="Line prices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>#</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Tier price</Table.Th>
                <Table.Th>Discounts</Table.Th>
                <Table.Th ta="right">Net price</Table.Th>
                <Table.Th ta="right">Duty / unit</Table.Th>
                <Table.Th ta="right">Line total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...byRow.entries()].map(([row, line]) => (
                <Table.Tr key={row} aria-label={`Line ${row + 1} prices`}>
                  <Table.Td>{row + 1}</Table.Td>
                  <Table.Td>{line.product_sku}</Table.Td>
                  <Table.Td ta="right">{formatAmount(line.qty)}</Table.Td>
                  <Table.Td ta="right">{formatUnitPrice(line.unit_price)}</Table.Td>
                  <Table.Td>
                    {line.discount_codes.length > 0
                      ? `${line.discount_codes.join(' + ')} −${formatCurrency(line.discount_amount)}`
                      : '—'}
                  </Table.Td>
                  <Table.Td ta="right">{formatUnitPrice(line.net_unit_price)}</Table.Td>
                  <Table.Td ta="right">{formatCurrency(line.duty_per_unit)}</Table.Td>
                  <Table.Td ta="right">{formatCurrency(line.line_total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <QuoteTotal label="Subtotal" amount={quoted.quote.subtotal} />
              {quoted.quote.discount_total > 0 && (
                <QuoteTotal label="Discounts" amount={quoted.quote.discount_total} off />
              )}
              {quoted.quote.duty_total > 0 && (
                <QuoteTotal label="Vaping duty" amount={quoted.quote.duty_total} />
              )}
              {quoted.quote.taxes.map((t) => (
                <QuoteTotal
                  key={t.tax_code}
                  label={`${t.tax_code} ${formatRate(t.rate)}`}
                  amount={t.amount}
                />
              ))}
              <QuoteTotal label="Total" amount={quoted.quote.total} strong />
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function QuoteTotal({
  label,
  amount,
  strong = false,
  off = false,
}: {
  label: string;
  amount: number;
  strong?: boolean;
  /** Taken off the order, said with a minus as the action bar says it. */
  off?: boolean;
}) {
  return (
    <Table.Tr aria-label={label}>
      <Table.Td colSpan={7} ta="right" fw={strong ? 700 : undefined}>
        {label}
      </Table.Td>
      <Table.Td ta="right" fw={strong ? 700 : undefined}>
        {off ? `−${formatCurrency(amount)}` : formatCurrency(amount)}
      </Table.Td>
    </Table.Tr>
  );
}

/** The prices panel of a draft order's form (the screen's `belowLines`). */
export function salesOrderQuote(form: UseFormReturnType<FormValues>, _row: EntityRow | null) {
  return <SalesOrderQuotePanel form={form} />;
}
