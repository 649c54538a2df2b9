import { z } from 'zod';

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

const cellsSchema = z.record(z.string(), z.string());

/** A job as the server reports it: counts, its first refused rows and what its kind made. */
export const importOutcomeSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(IMPORT_STATUSES),
  rows_total: z.number().int(),
  rows_processed: z.number().int(),
  rows_ok: z.number().int(),
  rows_error: z.number().int(),
  errors: z.array(
    z.object({
      row_no: z.number().int(),
      errors: cellsSchema,
      values: cellsSchema.nullable().optional(),
    }),
  ),
  /** What the import made, as its kind reports it. */
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type ImportOutcome<Made = Record<string, unknown>> = Omit<
  z.infer<typeof importOutcomeSchema>,
  'result'
> & { result: Made | null };

/** An uploaded file before it becomes a job: its headers, the proposed mapping, its first rows. */
export const importPreviewSchema = z.object({
  headers: z.array(z.object({ key: z.string(), label: z.string() })),
  /** `{column key: header key}`, matched by name. */
  mapping: z.record(z.string(), z.string()),
  rows: z.array(z.object({ rowNo: z.number().int(), values: cellsSchema })),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** One row of a job's log, as its grid shows it. */
export const importJobRowSchema = z.object({
  row_no: z.number().int(),
  result: z.enum(['ok', 'error', 'skipped']),
  entity_id: z.number().int().nullable(),
  errors: cellsSchema.nullable(),
  values: cellsSchema.nullable(),
});
export type ImportJobRow = z.infer<typeof importJobRowSchema>;

/** One page of a job's log. */
export const importJobRowsPageSchema = z.object({
  rows: z.array(importJobRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
