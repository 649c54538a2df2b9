import { Alert, List, Text } from '@mantine/core';
import { invoiceMatchFacts } from '../../../domain/entities/purchase/invoice-match.ts';
import type { PurchaseInvoiceDoc } from '../../../domain/entities/purchase/purchase-invoices.entity.ts';
import { formatPercent } from '../../../domain/formats/percent.format.ts';
import { isSet } from '../../../api/bool-to-int.ts';

// The three-way match of a saved invoice above its lines, in the words the server's post
// refusal uses: what bills more than was received, which prices are off the PO's past
// tolerance and whether someone accepted them, and why.

export function InvoiceMatchSummary({ row }: { row: PurchaseInvoiceDoc }) {
  const lines = row.lines ?? [];
  const facts = invoiceMatchFacts(lines, row.variance_accepted_by);
  const variances = lines.flatMap((line, i) =>
    isSet(line.price_variance)
      ? [
          `Line ${i + 1} (${line.product_sku ?? '?'}): ${formatPercent(
            line.price_variance_pct ?? 0,
            2,
          )} off the PO price`,
        ]
      : [],
  );
  const draft = row.status === 'draft';
  if (!facts.qty_mismatch && variances.length === 0) {
    return draft ? (
      <Alert color="green" title="Three-way match" aria-label="Three-way match">
        <Text size="sm">Every line bills what was received at the PO price.</Text>
      </Alert>
    ) : null;
  }
  return (
    <>
      {facts.qty_mismatch && (
        <Alert color="red" title="Quantity mismatch" aria-label="Quantity mismatch">
          <List size="sm">
            {facts.qty_mismatch.split('; ').map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
          {draft && (
            <Text size="sm" mt="xs">
              Bill only what was received: change the quantity, or wait for the receipt.
            </Text>
          )}
        </Alert>
      )}
      {variances.length > 0 && (
        <Alert color="orange" title="Price variance" aria-label="Price variance">
          <List size="sm">
            {variances.map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
          <Text size="sm" mt="xs">
            {facts.variance_unaccepted
              ? 'Correct the price, or accept the variance with a reason before posting.'
              : `Accepted by ${row.variance_accepted_by_name ?? '?'}: ${row.variance_reason ?? ''}`}
          </Text>
        </Alert>
      )}
    </>
  );
}
