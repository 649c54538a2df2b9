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

export const MODULE_LABELS: Record<Module, string> = {
  general: 'Administration',
  inventory: 'Inventory',
  production: 'Production',
  assembly: 'Assembly',
  purchase: 'Purchase',
  sale: 'Sale',
  rd: 'R&D',
  training: 'Training',
  projects: 'Project Management',
  lab: 'Lab Receiving',
  forecast: 'Forecast',
  imports: 'Imports',
  warehouse_product_locations: 'Warehouse Product Locations',
  machine_maintenance: 'Machine Maintenance',
};

const moduleSet: ReadonlySet<string> = new Set(MODULES);

export function isModule(value: string): value is Module {
  return moduleSet.has(value);
}
