import { useContext, useMemo } from 'react';
import { attachInvoiceFile, fetchInvoiceFiles } from '../../../api/invoice-files.api.ts';
import {
  useAttachedFiles,
  type AttachedFilesApi,
  type AttachedFilesModel,
} from '../../common/attached-files/use-attached-files.ts';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';

// One supplier invoice's files (the common attached-files model): listed with the invoice and
// attached with the version the page holds; a file once attached stays, so none is removed.

export function useInvoiceFiles(
  invoice: { id: number; version: number } | null,
  onAttached: () => void,
): AttachedFilesModel {
  const request = useContext(EntityRequestContext);
  const id = invoice?.id ?? null;
  const api = useMemo<AttachedFilesApi | null>(
    () =>
      id === null
        ? null
        : {
            list: () => fetchInvoiceFiles(request, id),
            attach: (version, attachmentId) =>
              attachInvoiceFile(request, id, version, attachmentId),
          },
    [request, id],
  );
  return useAttachedFiles(api, invoice?.version ?? null, onAttached, 'the invoice');
}
