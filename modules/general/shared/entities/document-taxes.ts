// Canadian sales taxes of one document (docs/domain/sales.md §6): each tax code of the setup is
// computed once per document on its taxable base and rounded half-up to the cent (never per line,
// so a hundred lines do not gather a hundred rounding errors). A compound tax (Quebec's QST before
// 2013, PEI's PST before 2013) takes as its base the taxable amount plus the non-compound
// taxes already computed; the others take the taxable amount alone.

export type TaxRate = {
  readonly tax_code: string;
  /** Percent, e.g. 13 for Ontario's HST. */
  readonly rate: number;
  readonly compound: boolean;
};

export type DocumentTax = { tax_code: string; rate: number; base: number; amount: number };

/** Half-up to the cent, steady for values such as 1.005 that binary floats hold just under. */
export function roundMoney(value: number): number {
  const cents = Math.round(Math.abs(value) * 100 + 1e-7);
  return (Math.sign(value) * cents) / 100;
}

export const sumMoney = (values: readonly number[]) =>
  roundMoney(values.reduce((a, b) => a + b, 0));

/** The taxes of a document whose taxable lines total `taxable`, in the setup's order. */
export function documentTaxes(taxable: number, rates: readonly TaxRate[]): DocumentTax[] {
  const base = roundMoney(taxable);
  const simple = rates
    .filter((t) => !t.compound)
    .map((t) => ({
      tax_code: t.tax_code,
      rate: t.rate,
      base,
      amount: roundMoney((base * t.rate) / 100),
    }));
  const compoundBase = roundMoney(base + sumMoney(simple.map((t) => t.amount)));
  const compound = rates
    .filter((t) => t.compound)
    .map((t) => ({
      tax_code: t.tax_code,
      rate: t.rate,
      base: compoundBase,
      amount: roundMoney((compoundBase * t.rate) / 100),
    }));
  return [...simple, ...compound];
}
