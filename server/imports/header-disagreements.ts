/**
 * A check across rows for the imports whose rows are the lines of a document (purchases,
 * sales): the rows of one reference must agree on its header, so each header column of a row
 * that differs from the reference's first row is refused, naming `refLabel`. `header` pairs
 * each header value of a row with the column it came from.
 */
export function headerDisagreements<Row extends { ref: string }>(
  rows: readonly Row[],
  refLabel: string,
  header: ReadonlyArray<readonly [keyof Row, string]>,
): Map<number, Record<string, string>> {
  const first = new Map<string, Row>();
  const errors = new Map<number, Record<string, string>>();
  const differs = `Differs from the first row of this ${refLabel}`;
  rows.forEach((row, index) => {
    const head = first.get(row.ref);
    if (!head) return void first.set(row.ref, row);
    const wrong: Record<string, string> = {};
    for (const [field, column] of header) if (head[field] !== row[field]) wrong[column] = differs;
    if (Object.keys(wrong).length > 0) errors.set(index, wrong);
  });
  return errors;
}
