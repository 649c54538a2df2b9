// Modules a user may have enabled (docs/product.md §1), plus the two areas the role map shows as
// their own.
export const MODULES = [
  'general',
  'inventory',
  'production',
  'assembly',
  'purchase',
  'sale',
  'rd',
  'training',
  'projects',
  'lab',
  'forecast',
  'imports',
  'warehouse_product_locations',
  'machine_maintenance',
] as const;

export type Module = (typeof MODULES)[number];
