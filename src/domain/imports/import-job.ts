// The kinds of import and the statuses of an import job (docs/domain/imports.md §12), shared by the
// server's table and the import log's declaration.

export const IMPORT_TYPES = [
  'products',
  'inventory',
  'recipes',
  'purchases',
  'sales',
  'customers',
  'price_tiers',
  'warehouse_locations',
] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

export const IMPORT_STATUSES = [
  'uploaded',
  'validating',
  'validated',
  'failed',
  'importing',
  'completed',
  'completed_with_errors',
  'cancelled',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A job as the server reports it: counts, its first refused rows and what its kind made. */
export type ImportOutcome<Made = Record<string, unknown>> = {
  id: number;
  number: string;
  status: ImportStatus;
  rows_total: number;
  rows_processed: number;
  rows_ok: number;
  rows_error: number;
  errors: {
    row_no: number;
    errors: Record<string, string>;
    values?: Record<string, string> | null;
  }[];
  /** What the import made, as its kind reports it. */
  result: Made | null;
};

/** An uploaded file before it becomes a job: its headers, the proposed mapping, its first rows. */
export type ImportPreview = {
  headers: { key: string; label: string }[];
  /** `{column key: header key}`, matched by name. */
  mapping: Record<string, string>;
  rows: { rowNo: number; values: Record<string, string> }[];
};

/** One row of a job's log, as its grid shows it. */
export type ImportJobRow = {
  row_no: number;
  result: 'ok' | 'error' | 'skipped';
  entity_id: number | null;
  errors: Record<string, string> | null;
  values: Record<string, string> | null;
};
