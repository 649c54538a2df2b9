// A recipe's arithmetic (docs/domain/production.md §3.1), shared by the server's checks and the
// browser's calculator. Percentages are of the batch; the fill ingredient (the PG/VG carrier) takes
// whatever the others leave, so a recipe without one must add up to exactly 100.

export type FormulaLine = {
  readonly product_id: number;
  readonly percentage?: number | null;
  readonly is_fill?: boolean | null;
};

/** Sums are compared to 100 within this much, so 33.3333 × 3 + 0.0001 still adds up. */
const EPSILON = 1e-6;

const pctOf = (line: FormulaLine) => Number(line.percentage ?? 0);

/** Σ of the non-fill percentages. */
export function nonFillPercent(lines: readonly FormulaLine[]): number {
  return lines.filter((l) => !l.is_fill).reduce((sum, l) => sum + pctOf(l), 0);
}

/**
 * Why the ingredients break the recipe invariants, as the API reports it under `ingredients`
 * (docs/product.md §5: `more100%` is a code, the others are messages shown as given), or null.
 */
export function formulaError(lines: readonly FormulaLine[]): string | null {
  const fills = lines.filter((l) => l.is_fill).length;
  const sum = nonFillPercent(lines);
  if (sum > 100 + EPSILON) return 'more100%';
  if (fills > 1) return 'Only one ingredient may be the fill';
  if (fills === 0 && Math.abs(sum - 100) > EPSILON) {
    return `Without a fill ingredient the percentages must add up to 100 (they add up to ${Number(sum.toFixed(4))})`;
  }
  return null;
}

export type ScaledLine<L extends FormulaLine> = L & {
  /** The ingredient's share of the batch in %, the fill's being 100 − Σ. */
  readonly effective_pct: number;
  /** ml (v/v) or g (w/w) for `batchMl`: pct × ml / 100. */
  readonly qty: number;
};

/** Quantities for a batch of `batchMl`, rounded to 3 decimals (the stock ledger's scale). */
export function scaleRecipe<L extends FormulaLine>(
  lines: readonly L[],
  batchMl: number,
): ScaledLine<L>[] {
  const rest = Math.max(0, 100 - nonFillPercent(lines));
  return lines.map((line) => {
    const pct = line.is_fill ? rest : pctOf(line);
    return { ...line, effective_pct: pct, qty: Math.round(pct * batchMl * 10) / 1000 };
  });
}
