import {
  documentTaxes,
  roundMoney,
  sumMoney,
  type DocumentTax,
  type TaxRate,
} from '../../../general/shared/entities/document-taxes.ts';

// A sales order's figures as the server stores them (docs/domain/sales.md §6): each line's
// extension at its tier price less its discount, the order's subtotal (before discounts), discount
// total, the vaping duty beside the price (vaping-duty.ts), the taxes of the ship-to province on
// the taxable net plus its duty (the duty is part of the price GST/HST/QST apply to; per document
// per tax code, compound bases included: document-taxes.ts) and the total. Sales are in CAD.

export type SalesFigureLine = {
  readonly qty: number;
  /** The tier price, before discounts. */
  readonly unit_price: number;
  /** Off the whole line (line-discounts.ts). */
  readonly discount_amount: number;
  /** The line's vaping duty (qty × duty per unit), 0 when it owes none. */
  readonly duty_total?: number;
  readonly taxable: boolean;
};

export type SalesOrderFigures = {
  line_totals: number[];
  subtotal: number;
  discount_total: number;
  duty_total: number;
  taxes: DocumentTax[];
  tax_total: number;
  total: number;
};

export function salesOrderFigures(
  lines: readonly SalesFigureLine[],
  taxRates: readonly TaxRate[],
): SalesOrderFigures {
  const gross = lines.map((l) => roundMoney(l.qty * l.unit_price));
  const discounts = lines.map((l) => roundMoney(l.discount_amount));
  const lineTotals = gross.map((g, i) => roundMoney(Math.max(0, g - (discounts[i] ?? 0))));
  const subtotal = sumMoney(gross);
  const discountTotal = sumMoney(discounts);
  const duties = lines.map((l) => roundMoney(l.duty_total ?? 0));
  const dutyTotal = sumMoney(duties);
  const taxable = sumMoney(
    lineTotals.map((t, i) => t + (duties[i] ?? 0)).filter((_, i) => lines[i]?.taxable),
  );
  const taxes = documentTaxes(taxable, taxRates);
  const taxTotal = sumMoney(taxes.map((t) => t.amount));
  return {
    line_totals: lineTotals,
    subtotal,
    discount_total: discountTotal,
    duty_total: dutyTotal,
    taxes,
    tax_total: taxTotal,
    total: roundMoney(sumMoney(lineTotals) + dutyTotal + taxTotal),
  };
}
