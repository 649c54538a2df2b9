// A column an import file may carry. The server's importer and the import screen's template
// read the same list, so the screen never promises a column the server ignores.

export type ImportColumn = {
  /** The normalised header: lower case, spaces and dashes as underscores (`lot_no`). */
  readonly key: string;
  readonly label: string;
  readonly required?: boolean;
  /** What a person should put there, shown beside the template. */
  readonly hint?: string;
  /**
   * For a column naming a record by its code: what the record is and what its codes look like,
   * so a code not found reads `No customer NOPE-1; customer codes look like C-0001`.
   */
  readonly refers?: { readonly what: string; readonly codes: string; readonly example: string };
};

/** `Lot No`, `lot-no` and `LOT_NO` are the same column. */
export function headerKey(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');
}

/** Which header of the file feeds each column of the kind: `{column key: header key}`. */
export type ImportMapping = Record<string, string>;

/**
 * The mapping a file gets before the user edits it: each column takes the header whose
 * normalised name is its key or its label's (`Lot No` → `lot_no`), else stays unmapped.
 */
export function autoMapping(
  columns: readonly ImportColumn[],
  headers: readonly string[],
): ImportMapping {
  const keys = new Set(headers.map(headerKey));
  const mapping: ImportMapping = {};
  for (const column of columns) {
    const match = [column.key, headerKey(column.label)].find((k) => keys.has(k));
    if (match) mapping[column.key] = match;
  }
  return mapping;
}

/** Required columns the mapping leaves without a header. */
export function unmappedRequired(
  columns: readonly ImportColumn[],
  mapping: ImportMapping,
): ImportColumn[] {
  return columns.filter((c) => c.required && !mapping[c.key]);
}
