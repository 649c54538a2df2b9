// The kinds of import and the statuses of an import job (domain.md §12), shared by the
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
