import { INVENTORY_IMPORT_JOBS } from '../../../domain/entities/inventory/inventory-import-jobs.entity.ts';
import { INVENTORY_IMPORT_COLUMNS } from '../../../domain/imports/inventory-import.columns.ts';
import { ImportPage } from '../../common/import/import-page.tsx';

/** Inventory import: opening stock from a CSV or XLSX file. */
export function InventoryImportPage() {
  return (
    <ImportPage
      title="Inventory Import"
      url="inventory/inventory-import"
      channel="inventory.imports"
      columns={INVENTORY_IMPORT_COLUMNS}
      jobs={INVENTORY_IMPORT_JOBS}
    />
  );
}
