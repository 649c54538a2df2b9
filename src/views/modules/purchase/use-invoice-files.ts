import { useCallback, useContext, useEffect, useState } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import { downloadAttachment, uploadAttachment } from '../../../api/attachments.api.ts';
import { errorText } from '../../../api/error-text.ts';
import { attachInvoiceFile, fetchInvoiceFiles } from '../../../api/invoice-files.api.ts';
import type { InvoiceFile } from '../../../domain/entities/purchase/invoice-files.ts';
import { validationMessage } from '../../../domain/validation-codes.ts';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';
import { notify } from '../../common/notify.tsx';

// One supplier invoice's files: read with the invoice (again whenever its version moves), a
// chosen file uploaded (with progress) and attached with the version the page holds, then the
// page reads the invoice again for its new version. A refused file says why under the button.

export type InvoiceFilesModel = {
  files: InvoiceFile[];
  /** Upload progress in %, or null when nothing is going up. */
  progress: number | null;
  error: string | null;
  attach: (file: File | null) => void;
  download: (file: InvoiceFile) => void;
};

function refusal(failure: unknown): string {
  const codes =
    failure instanceof ApiError && failure.message === 'validation_error'
      ? Object.values((failure.data ?? {}) as Record<string, string>)
      : [];
  if (codes.length === 0) return errorText(failure);
  return codes
    .map((c) =>
      c === 'in' ? 'Only PDF, PNG, JPEG, text or CSV files are accepted' : validationMessage(c),
    )
    .join(' ');
}

export function useInvoiceFiles(
  invoice: { id: number; version: number } | null,
  onAttached: () => void,
): InvoiceFilesModel {
  const request = useContext(EntityRequestContext);
  const [files, setFiles] = useState<InvoiceFile[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = invoice?.id ?? null;
  const version = invoice?.version ?? null;

  useEffect(() => {
    if (id === null) return;
    let live = true;
    fetchInvoiceFiles(request, id).then(
      (found) => live && setFiles(found),
      (failure: unknown) => live && setError(errorText(failure)),
    );
    return () => {
      live = false;
    };
  }, [request, id, version]);

  const attach = useCallback(
    (file: File | null) => {
      if (!file || id === null || version === null) return;
      setError(null);
      setProgress(0);
      void (async () => {
        try {
          const meta = await uploadAttachment(file, (p) =>
            setProgress(p.total > 0 ? (p.loaded / p.total) * 100 : 0),
          );
          const answer = await attachInvoiceFile(request, id, version, meta.id);
          setFiles(answer.files);
          notify.success(`${meta.file_name} is attached to the invoice`, 'File attached');
          onAttached();
        } catch (failure) {
          setError(refusal(failure));
          // Someone saved the invoice meanwhile: read it again, then the file can go on it.
          if (failure instanceof ApiError && failure.status === 409) onAttached();
        } finally {
          setProgress(null);
        }
      })();
    },
    [request, id, version, onAttached],
  );

  const download = useCallback((file: InvoiceFile) => {
    void downloadAttachment(file.id).catch((failure: unknown) => setError(errorText(failure)));
  }, []);

  return { files, progress, error, attach, download };
}
