import { importKind } from '../../../domain/imports/import-kinds.ts';
import { ImportPage } from '../../common/import/import-page.tsx';

/** Inventory import: opening stock from a CSV or XLSX file. One kind of the Imports centre's job model. */
export function InventoryImportPage() {
  const kind = importKind('inventory');
  return (
    <ImportPage
      title="Inventory Import"
      url={kind.url}
      channel={kind.channel}
      columns={kind.columns}
      jobs={kind.jobs}
      entityPath={kind.entityPath}
    />
  );
}
