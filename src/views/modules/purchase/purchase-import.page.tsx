import { importKind } from '../../../domain/imports/import-kinds.ts';
import { ImportPage } from '../../common/import/import-page.tsx';

/** Purchase import (/purchases/import): draft purchase orders from a CSV or XLSX file. */
export function PurchaseImportPage() {
  const kind = importKind('purchases');
  return (
    <ImportPage
      title="Purchase Import"
      url={kind.url}
      channel={kind.channel}
      columns={kind.columns}
      jobs={kind.jobs}
      entityPath={kind.entityPath}
    />
  );
}
