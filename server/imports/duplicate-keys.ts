/**
 * A check across rows: every row whose key an earlier row of the file already has is refused
 * with `unique` on the key's columns (the first stays, so the error points at the repeat).
 */
export function duplicateKeys<Row>(
  rows: readonly Row[],
  keyOf: (row: Row) => string,
  columns: readonly string[],
): Map<number, Record<string, string>> {
  const seen = new Set<string>();
  const errors = new Map<number, Record<string, string>>();
  rows.forEach((row, index) => {
    const key = keyOf(row);
    if (seen.has(key)) errors.set(index, Object.fromEntries(columns.map((c) => [c, 'unique'])));
    seen.add(key);
  });
  return errors;
}
