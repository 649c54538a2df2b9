// A purchase order's figures as the server stores them (docs/domain/README.md §0 types,
// docs/domain/purchase.md §5): extensions and taxes round half-up to the cent; non-compound taxes
// apply to the taxable subtotal, compound ones (the old Quebec way) on top of it and the other
// taxes; the CAD total is the total at the exchange rate the order keeps. Receipt and billing
// statuses come only from the lines' quantities (docs/domain/README.md §13 invariant 11).

import {
  documentTaxes,
  roundMoney,
  sumMoney,
  type TaxRate,
} from '../../../../modules/general/shared/entities/document-taxes.ts';

export type { TaxRate } from '../../../../modules/general/shared/entities/document-taxes.ts';

export type FigureLine = {
  readonly qty: number;
  readonly unit_price: number;
  readonly taxable: boolean;
};

export type OrderTax = { tax_code: string; rate: number; amount: number };

export type OrderFigures = {
  line_totals: number[];
  subtotal: number;
  taxes: OrderTax[];
  tax_total: number;
  total: number;
  total_cad: number;
};

export { roundMoney };

export function orderFigures(
  lines: readonly FigureLine[],
  taxRates: readonly TaxRate[],
  exchangeRate: number,
): OrderFigures {
  const lineTotals = lines.map((l) => roundMoney(l.qty * l.unit_price));
  const subtotal = sumMoney(lineTotals);
  const taxable = sumMoney(lineTotals.filter((_, i) => lines[i]?.taxable));
  const taxes = documentTaxes(taxable, taxRates).map(({ tax_code, rate, amount }) => ({
    tax_code,
    rate,
    amount,
  }));
  const taxTotal = sumMoney(taxes.map((t) => t.amount));
  const total = roundMoney(subtotal + taxTotal);
  return {
    line_totals: lineTotals,
    subtotal,
    taxes,
    tax_total: taxTotal,
    total,
    total_cad: roundMoney(total * exchangeRate),
  };
}

export type LineQuantities = {
  readonly qty: number;
  readonly qty_received: number;
  readonly qty_billed: number;
  readonly qty_cancelled: number;
};

const open = (l: LineQuantities) => Math.max(0, l.qty - l.qty_cancelled);

/** What a line still expects to receive: ordered − received − cancelled, never below 0. */
export const openToReceive = (l: LineQuantities): number =>
  Math.max(0, Math.round((l.qty - l.qty_received - l.qty_cancelled) * 1000) / 1000);

/** not_received → partially_received → received, from what each line still expects. */
export function receiptStatusOf(lines: readonly LineQuantities[]) {
  if (lines.every((l) => l.qty_received <= 0)) return 'not_received' as const;
  return lines.every((l) => l.qty_received >= open(l))
    ? ('received' as const)
    : ('partially_received' as const);
}

/** to_bill → partially_billed → billed, against what each line still expects. */
export function billingStatusOf(lines: readonly LineQuantities[]) {
  if (lines.every((l) => l.qty_billed <= 0)) return 'to_bill' as const;
  return lines.every((l) => l.qty_billed >= open(l))
    ? ('billed' as const)
    : ('partially_billed' as const);
}

/** A supplier's pack rule: at least the minimum order, in whole multiples of it. */
export function roundUpToMoq(qty: number, moq: number): number {
  if (!(moq > 0)) return qty;
  return Math.max(1, Math.ceil(qty / moq - 1e-9)) * moq;
}
