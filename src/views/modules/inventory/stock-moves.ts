import { formatAmount } from '../../../domain/formats/number.format.ts';
import { formatMeasured } from '../../../domain/formats/quantity.format.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// What an irreversible stock event will move, one sentence per line, for
// the confirmation asked before it is sent: "6 × RM-PG (lot L12) from Main warehouse to In
// transit". Read from the document as its page shows it.

/** What `event` moves of `doc`, one sentence per line; none when it moves nothing. */
export type StockMoves = (doc: EntityRow, event: string) => string[];

const linesOf = (doc: EntityRow) => (Array.isArray(doc.lines) ? (doc.lines as EntityRow[]) : []);
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const num = (value: unknown) => Number(value ?? 0);

/** '6 × RM-PG', or '45,000 ea × RM-PG' when the line names its unit of measure. */
function goods(line: EntityRow, qty: number): string {
  const lot = text(line.lot_no);
  const unit = text(line.measure_code);
  const amount = unit === '' ? formatAmount(qty) : formatMeasured(qty, unit);
  return `${amount} × ${text(line.product_sku)}${lot ? ` (lot ${lot})` : ''}`;
}

export const receivingMoves: StockMoves = (doc, event) => {
  const moves = linesOf(doc).map((l) => {
    const qty = num(l.qty) - num(l.qty_rejected);
    const at = text(doc.location_name);
    return event === 'reverse'
      ? `${goods(l, qty)} taken back out of ${at}`
      : `${goods(l, qty)} into ${at}`;
  });
  // Against a purchase order the accepted quantities are written on its lines too.
  const order = text(doc.purchase_order_number);
  if (order && linesOf(doc).some((l) => l.purchase_order_line_id != null)) {
    moves.push(
      event === 'reverse'
        ? `The accepted quantities taken back off ${order}`
        : `The accepted quantities recorded as received on ${order}`,
    );
  }
  return moves;
};

export const adjustmentMoves: StockMoves = (doc) =>
  linesOf(doc).map((l) => {
    const delta = num(l.qty_delta);
    const at = text(doc.location_name);
    return delta < 0 ? `${goods(l, -delta)} out of ${at}` : `${goods(l, delta)} into ${at}`;
  });

export const transferMoves: StockMoves = (doc, event) => {
  const from = text(doc.from_location_name);
  const to = text(doc.to_location_name);
  return linesOf(doc).map((l) => {
    const sent = num(l.qty_sent);
    switch (event) {
      case 'ship':
        return `${goods(l, sent)} from ${from} into transit to ${to}`;
      case 'receive':
      case 'receive_partial':
        return `${goods(l, sent)} from transit into ${to}`;
      case 'resolve':
        return `${goods(l, Math.round((sent - num(l.qty_received)) * 1000) / 1000)} short, written off transit`;
      default:
        return `${goods(l, sent)} from ${from} to ${to}`;
    }
  });
};

export const allocationMoves: StockMoves = (doc) =>
  linesOf(doc).map(
    (l) => `${goods(l, num(l.qty_picked))} shipped out of ${text(doc.ship_from_location_name)}`,
  );

export const countMoves: StockMoves = (doc) =>
  linesOf(doc)
    .filter((l) => num(l.variance_qty) !== 0)
    .map((l) => {
      const v = num(l.variance_qty);
      const bin = text(l.bin_code);
      const where = `${text(doc.location_name)}${bin ? ` bin ${bin}` : ''}`;
      return `${v > 0 ? '+' : '−'}${goods(l, Math.abs(v))} at ${where}`;
    });
