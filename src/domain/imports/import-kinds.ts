import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import { INVENTORY_IMPORT_JOBS } from '../entities/inventory/inventory-import-jobs.entity.ts';
import { RECIPE_IMPORT_JOBS } from '../entities/production/recipe-import-jobs.entity.ts';
import type { ImportColumn } from './import-column.ts';
import type { ImportType } from './import-job.ts';
import { INVENTORY_IMPORT_COLUMNS } from './inventory-import.columns.ts';
import { RECIPE_IMPORT_COLUMNS } from './recipe-import.columns.ts';
import { BIN_IMPORT_COLUMNS } from './bin-import.columns.ts';
import { CUSTOMER_IMPORT_COLUMNS } from './customer-import.columns.ts';
import { ALL_IMPORT_JOBS, PURCHASE_IMPORT_JOBS } from './import-jobs.entity.ts';
import { PRICE_TIER_IMPORT_COLUMNS } from './price-tier-import.columns.ts';
import { PRODUCT_IMPORT_COLUMNS } from './product-import.columns.ts';
import { PURCHASE_IMPORT_COLUMNS } from './purchase-import.columns.ts';
import { SALES_IMPORT_JOBS } from '../../../modules/sales/shared/entities/sales-import-logs.entity.ts';
import { SALES_IMPORT_COLUMNS } from '../../../modules/sales/shared/entities/sales-import.columns.ts';

// The kinds the Imports centre (/imports/index, docs/domain/imports.md §12) offers, each with its
// upload route, its progress channel, its columns and its log. A new kind of import is one entry
// here beside its server importer; the centre and the module's own import page both read it.

export type ImportKind = {
  type: ImportType;
  label: string;
  /** The upload route without the /api base. */
  url: string;
  /** The importer's channel without `private-`. */
  channel: string;
  columns: readonly ImportColumn[];
  jobs: EntityDeclaration;
  /** The screen of what a logged row made (`:id` its entity id), linked from the job's rows. */
  entityPath?: string;
};

export const IMPORT_KINDS: readonly ImportKind[] = [
  {
    type: 'inventory',
    label: 'Inventory (opening stock)',
    url: 'inventory/inventory-import',
    channel: 'inventory.imports',
    columns: INVENTORY_IMPORT_COLUMNS,
    jobs: INVENTORY_IMPORT_JOBS,
    entityPath: '/inventory/stock-adjustment/:id',
  },
  {
    type: 'recipes',
    label: 'Recipes (drafts)',
    url: 'production/import',
    channel: 'production.imports',
    columns: RECIPE_IMPORT_COLUMNS,
    jobs: RECIPE_IMPORT_JOBS,
    entityPath: '/production/recipe/:id',
  },
  {
    type: 'purchases',
    label: 'Purchase orders (drafts)',
    url: 'purchase/import',
    channel: 'purchase.imports',
    columns: PURCHASE_IMPORT_COLUMNS,
    jobs: PURCHASE_IMPORT_JOBS,
    entityPath: '/purchase/:id',
  },
  {
    type: 'sales',
    label: 'Sales orders (drafts)',
    url: 'sales/import',
    channel: 'sales.imports',
    columns: SALES_IMPORT_COLUMNS,
    jobs: SALES_IMPORT_JOBS,
  },
  {
    type: 'customers',
    label: 'Customers',
    url: 'imports/customers',
    channel: 'imports.jobs',
    columns: CUSTOMER_IMPORT_COLUMNS,
    jobs: ALL_IMPORT_JOBS,
    entityPath: '/general/customer/:id',
  },
  {
    type: 'warehouse_locations',
    label: 'Warehouse locations (bins)',
    url: 'imports/warehouse_locations',
    channel: 'imports.jobs',
    columns: BIN_IMPORT_COLUMNS,
    jobs: ALL_IMPORT_JOBS,
  },
  {
    type: 'products',
    label: 'Products (change requests)',
    url: 'imports/products',
    channel: 'imports.jobs',
    columns: PRODUCT_IMPORT_COLUMNS,
    jobs: ALL_IMPORT_JOBS,
    entityPath: '/inventory/product_changes/:id',
  },
  {
    type: 'price_tiers',
    label: 'Price tiers',
    url: 'imports/price_tiers',
    channel: 'imports.jobs',
    columns: PRICE_TIER_IMPORT_COLUMNS,
    jobs: ALL_IMPORT_JOBS,
    entityPath: '/inventory/price-tier/:id',
  },
];

/** The kind of `type`, for a module's own import page. */
export function importKind(type: ImportType): ImportKind {
  const kind = IMPORT_KINDS.find((k) => k.type === type);
  if (!kind) throw new Error(`no import kind ${type}`);
  return kind;
}
