import { SALES_IMPORT_LOGS } from '../shared/entities/sales-import-logs.entity.ts';
import { importKind } from '../../../src/domain/imports/import-kinds.ts';
import { ImportPage } from '../../../src/views/common/import/import-page.tsx';

/**
 * Sales imports (/sales-import-logs): draft sales orders from a CSV or XLSX file, then what
 * each row did, linked to its order and to its import's rows.
 */
export function SalesImportLogsPage() {
  const kind = importKind('sales');
  return (
    <ImportPage
      title="Sales Import"
      url={kind.url}
      channel={kind.channel}
      columns={kind.columns}
      jobs={SALES_IMPORT_LOGS}
    />
  );
}
