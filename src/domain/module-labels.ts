import { MODULES, type Module } from './modules.ts';

// What the screens call each module, and the check that a string names one: display code the
// route map (on the login page) does not need, so it lives apart from the list.

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
