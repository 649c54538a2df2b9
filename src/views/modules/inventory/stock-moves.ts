import { formatAmount } from '../../../domain/formats/number.format.ts';
import { formatMeasured } from '../../../domain/formats/quantity.format.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';
import { allocationDoc } from '../../../domain/entities/stock/allocations.entity.ts';
import { receivingDoc } from '../../../domain/entities/stock/receivings.entity.ts';
import { stockAdjustmentDoc } from '../../../domain/entities/stock/stock-adjustments.entity.ts';
import { stockCountDoc } from '../../../domain/entities/stock/stock-counts.entity.ts';
import { transferDoc } from '../../../domain/entities/stock/transfers.entity.ts';

// What an irreversible stock event will move, one sentence per line, for
// the confirmation asked before it is sent: "6 × RM-PG (lot L12) from Main warehouse to In
// transit". Read from the document as its page shows it.

/** What `event` moves of `doc`, one sentence per line; none when it moves nothing. */
export type StockMoves = (doc: EntityRow, event: string) => string[];

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/**
 * '6 × RM-PG', or '45,000 ea × RM-PG' when the line names its unit of measure. Read as any
 * document's line: the unit comes with the row (MEASURE_CODE), no declaration names it.
 */
function goods(line: EntityRow, qty: number): string {
  const lot = text(line.lot_no);
  const unit = text(line.measure_code);
  const amount = unit === '' ? formatAmount(qty) : formatMeasured(qty, unit);
  return `${amount} × ${text(line.product_sku)}${lot ? ` (lot ${lot})` : ''}`;
}

export const receivingMoves: StockMoves = (row, event) => {
  const doc = receivingDoc(row);
  const lines = doc.lines ?? [];
  const moves = lines.map((l) => {
    const qty = (l.qty ?? 0) - (l.qty_rejected ?? 0);
    const at = doc.location_name ?? '';
    return event === 'reverse'
      ? `${goods(l, qty)} taken back out of ${at}`
      : `${goods(l, qty)} into ${at}`;
  });
  // Against a purchase order the accepted quantities are written on its lines too.
  const order = doc.purchase_order_number ?? '';
  if (order && lines.some((l) => l.purchase_order_line_id != null)) {
    moves.push(
      event === 'reverse'
        ? `The accepted quantities taken back off ${order}`
        : `The accepted quantities recorded as received on ${order}`,
    );
  }
  return moves;
};

export const adjustmentMoves: StockMoves = (row) => {
  const doc = stockAdjustmentDoc(row);
  return (doc.lines ?? []).map((l) => {
    const delta = l.qty_delta ?? 0;
    const at = doc.location_name ?? '';
    return delta < 0 ? `${goods(l, -delta)} out of ${at}` : `${goods(l, delta)} into ${at}`;
  });
};

export const transferMoves: StockMoves = (row, event) => {
  const doc = transferDoc(row);
  const from = doc.from_location_name ?? '';
  const to = doc.to_location_name ?? '';
  return (doc.lines ?? []).map((l) => {
    const sent = l.qty_sent ?? 0;
    switch (event) {
      case 'ship':
        return `${goods(l, sent)} from ${from} into transit to ${to}`;
      case 'receive':
      case 'receive_partial':
        return `${goods(l, sent)} from transit into ${to}`;
      case 'resolve':
        return `${goods(l, Math.round((sent - (l.qty_received ?? 0)) * 1000) / 1000)} short, written off transit`;
      default:
        return `${goods(l, sent)} from ${from} to ${to}`;
    }
  });
};

export const allocationMoves: StockMoves = (row) => {
  const doc = allocationDoc(row);
  return (doc.lines ?? []).map(
    (l) => `${goods(l, l.qty_picked ?? 0)} shipped out of ${doc.ship_from_location_name ?? ''}`,
  );
};

export const countMoves: StockMoves = (row) => {
  const doc = stockCountDoc(row);
  return (doc.lines ?? [])
    .filter((l) => (l.variance_qty ?? 0) !== 0)
    .map((l) => {
      const v = l.variance_qty ?? 0;
      const bin = l.bin_code ?? '';
      const where = `${doc.location_name ?? ''}${bin ? ` bin ${bin}` : ''}`;
      return `${v > 0 ? '+' : '−'}${goods(l, Math.abs(v))} at ${where}`;
    });
};
