import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import { INVENTORY_IMPORT_JOBS } from '../entities/inventory/inventory-import-jobs.entity.ts';
import { RECIPE_IMPORT_JOBS } from '../entities/production/recipe-import-jobs.entity.ts';
import type { ImportColumn } from './import-column.ts';
import type { ImportType } from './import-job.ts';
import { INVENTORY_IMPORT_COLUMNS } from './inventory-import.columns.ts';
import { RECIPE_IMPORT_COLUMNS } from './recipe-import.columns.ts';

// The kinds the Imports centre (/imports/index, domain.md §12) offers, each with its upload
// route, its progress channel, its columns and its log. A new kind of import is one entry here
// beside its server importer; the centre and the module's own import page both read it.

export type ImportKind = {
  type: ImportType;
  label: string;
  /** The upload route without the /api base. */
  url: string;
  /** The importer's channel without `private-`. */
  channel: string;
  columns: readonly ImportColumn[];
  jobs: EntityDeclaration;
};

export const IMPORT_KINDS: readonly ImportKind[] = [
  {
    type: 'inventory',
    label: 'Inventory (opening stock)',
    url: 'inventory/inventory-import',
    channel: 'inventory.imports',
    columns: INVENTORY_IMPORT_COLUMNS,
    jobs: INVENTORY_IMPORT_JOBS,
  },
  {
    type: 'recipes',
    label: 'Recipes (drafts)',
    url: 'production/import',
    channel: 'production.imports',
    columns: RECIPE_IMPORT_COLUMNS,
    jobs: RECIPE_IMPORT_JOBS,
  },
];
