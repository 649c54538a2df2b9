import { INVOICE_FILE_STATUSES } from '../../../domain/entities/purchase/invoice-files.ts';
import { AttachedFiles } from '../../common/attached-files/attached-files.tsx';
import type { AttachedFilesModel } from '../../common/attached-files/use-attached-files.ts';

// The supplier's invoice files on /invoice/{id}: a draft, posted or paid invoice takes more
// (INVOICE_FILE_STATUSES); a cancelled one lists them only.

export function InvoiceFiles({
  model,
  status,
  unsaved,
}: {
  model: AttachedFilesModel;
  status: string;
  /** The form holds edits not yet saved. */
  unsaved: boolean;
}) {
  return (
    <AttachedFiles
      title="Supplier's invoice files"
      model={model}
      editable={INVOICE_FILE_STATUSES.includes(status)}
      unsaved={unsaved}
      unsavedHint="Save the invoice before attaching a file"
      nameTestId="invoice-file-name"
    />
  );
}
