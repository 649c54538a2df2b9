// The three-way match of a supplier invoice as its workflow reads it (server guard and
// browser buttons alike): the lines' match flags are the server's (written on every draft
// write and again as the invoice posts); this turns them into the facts the machine guards
// and the per-line message a refused post shows.

import { formatAmount } from '../../formats/number.format.ts';

export type MatchLine = {
  readonly [field: string]: unknown;
  readonly product_sku?: unknown;
  readonly qty?: unknown;
  readonly qty_received?: unknown;
  readonly billed_other?: unknown;
  readonly qty_mismatch?: unknown;
  readonly price_variance?: unknown;
};

export type MatchFacts = {
  /** Why the quantities refuse posting, one sentence per line; null when they match. */
  qty_mismatch: string | null;
  has_price_variance: boolean;
  variance_unaccepted: boolean;
};

const yes = (value: unknown) => value === true || value === 1;
// Quantities as the plant reads them: 'billed 60,000', never 'billed 60000'.
const qty = (value: unknown) => formatAmount(Number(value ?? 0), 3);

/** The sentence of one line billing more than was received. */
export function qtyMismatchText(line: MatchLine, index: number): string {
  const billed = Number(line.billed_other ?? 0) + Number(line.qty ?? 0);
  return `Line ${index + 1} (${typeof line.product_sku === 'string' ? line.product_sku : '?'}): billed ${qty(billed)} is more than the ${qty(line.qty_received)} received`;
}

export function invoiceMatchFacts(
  lines: readonly MatchLine[],
  varianceAcceptedBy: unknown,
): MatchFacts {
  const over = lines.flatMap((line, i) =>
    yes(line.qty_mismatch) ? [qtyMismatchText(line, i)] : [],
  );
  const variance = lines.some((line) => yes(line.price_variance));
  return {
    qty_mismatch: over.length > 0 ? over.join('; ') : null,
    has_price_variance: variance,
    variance_unaccepted:
      variance && (varianceAcceptedBy === null || varianceAcceptedBy === undefined),
  };
}
