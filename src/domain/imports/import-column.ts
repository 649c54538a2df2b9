// A column an import file may carry. The server's importer and the import screen's template
// read the same list, so the screen never promises a column the server ignores.

export type ImportColumn = {
  /** The normalised header: lower case, spaces and dashes as underscores (`lot_no`). */
  readonly key: string;
  readonly label: string;
  readonly required?: boolean;
  /** What a person should put there, shown beside the template. */
  readonly hint?: string;
};

/** `Lot No`, `lot-no` and `LOT_NO` are the same column. */
export function headerKey(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');
}
