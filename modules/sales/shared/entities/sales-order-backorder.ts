import { formatAmount } from '../../../../src/domain/formats/number.format.ts';
import { toAllocate, type SalesLineQuantities } from './sales-order-progress.ts';

// How much of an order its stock covers, said in numbers rather than as a status: an order
// of 240 that got 23 is "23 of 240 allocated, 217 on backorder", never just "allocated". The
// server writes it as the reason of an allocation's timeline entry and the browser says the
// same words in its notice and under the order's lines, from the lines' quantities alone.

/** A line as the telling reads it: its quantities, its product and unit. */
export type ToldLine = SalesLineQuantities & {
  readonly product_sku?: unknown;
  readonly measure_code?: unknown;
};

/** What a line still expects: ordered less cancelled. */
export const orderedOpen = (line: SalesLineQuantities): number =>
  Math.max(0, Math.round((line.qty - line.qty_cancelled) * 1000) / 1000);

/** Waiting for stock: expected and not allocated yet (the order page's "Backordered"). */
export const backorderedOf = (line: SalesLineQuantities): number => toAllocate(line);

/** Not shipped yet of what the customer still expects (the shipping documents' "Backordered"). */
export const unshippedOf = (line: SalesLineQuantities): number =>
  Math.max(0, Math.round((orderedOpen(line) - line.qty_shipped) * 1000) / 1000);

/** Allocated and waiting on the dock: what the next shipment takes. */
export const shipsNextOf = (line: SalesLineQuantities): number =>
  Math.max(0, Math.round((line.qty_allocated - line.qty_shipped) * 1000) / 1000);

const sum = (values: readonly number[]) =>
  Math.round(values.reduce((a, b) => a + b, 0) * 1000) / 1000;

function phrase(allocated: number, open: number, backordered: number): string {
  const told = `${formatAmount(allocated)} of ${formatAmount(open)} allocated`;
  return backordered > 0 ? `${told}, ${formatAmount(backordered)} on backorder` : told;
}

const unitOf = (line: ToldLine) => (typeof line.measure_code === 'string' ? line.measure_code : '');

/**
 * '23 of 240 allocated, 217 on backorder' for the whole order when its lines count in one
 * unit; with units that do not add up, line by line ('SKU-1: 5 of 5 allocated; SKU-2: …').
 */
export function allocationTold(lines: readonly ToldLine[]): string {
  const open = lines.filter((l) => orderedOpen(l) > 0);
  if (open.length === 0) return 'Nothing left to allocate';
  const units = new Set(open.map(unitOf));
  if (units.size === 1) {
    return phrase(
      sum(open.map((l) => Math.min(l.qty_allocated, orderedOpen(l)))),
      sum(open.map(orderedOpen)),
      sum(open.map(backorderedOf)),
    );
  }
  return open
    .map(
      (l) =>
        `${typeof l.product_sku === 'string' ? l.product_sku : ''}: ${phrase(Math.min(l.qty_allocated, orderedOpen(l)), orderedOpen(l), backorderedOf(l))}`,
    )
    .join('; ');
}
