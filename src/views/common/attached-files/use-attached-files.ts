import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import { downloadAttachment, uploadAttachment } from '../../../api/attachments.api.ts';
import { errorText } from '../../../api/error-text.ts';
import type { AttachedFile } from '../../../domain/attachments/attached-file.ts';
import { notify } from '../notify.tsx';
import { uploadRefusal } from '../upload-refusal.ts';

// One document's files (a supplier invoice's, a time record's): read with the document (again
// whenever its version moves), a chosen file uploaded (with progress) and attached with the
// version the screen holds, a file removed the same way; then the screen reads the document
// again for its new version. A refused file says why under the button.

/** What a document's files answer after a change: the document's new version and its files. */
export type FilesChanged = { version: number; files: AttachedFile[] };

/** The document's files endpoints, bound to the document by the screen. */
export type AttachedFilesApi = {
  list: () => Promise<AttachedFile[]>;
  attach: (version: number, attachmentId: number) => Promise<FilesChanged>;
  /** Absent where files once attached stay (a supplier invoice's). */
  remove?: (version: number, attachmentId: number) => Promise<FilesChanged>;
};

export type AttachedFilesModel = {
  files: AttachedFile[];
  /** Upload progress in %, or null when nothing is going up. */
  progress: number | null;
  /** A remove is on its way: the buttons wait. */
  removing: boolean;
  error: string | null;
  attach: (file: File | null) => void;
  download: (file: AttachedFile) => void;
  /** Null where the document's files cannot be removed. */
  remove: ((file: AttachedFile) => void) | null;
};

export function useAttachedFiles(
  /** Null while there is no document yet (a new one being created). */
  api: AttachedFilesApi | null,
  version: number | null,
  /** The document's version moved: the screen reads it again. */
  onChanged: () => void,
  /** What the notice after an attach names: "the invoice", "the time record". */
  owner: string,
): AttachedFilesModel {
  const [files, setFiles] = useState<AttachedFile[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (api === null) return;
    let live = true;
    api.list().then(
      (found) => live && setFiles(found),
      (failure: unknown) => live && setError(errorText(failure)),
    );
    return () => {
      live = false;
    };
  }, [api, version]);

  const failed = useCallback(
    (failure: unknown) => {
      setError(uploadRefusal(failure));
      // Someone saved the document meanwhile: read it again, then the file can go on it.
      if (failure instanceof ApiError && failure.status === 409) onChanged();
    },
    [onChanged],
  );

  const attach = useCallback(
    (file: File | null) => {
      if (!file || api === null || version === null) return;
      setError(null);
      setProgress(0);
      void (async () => {
        try {
          const meta = await uploadAttachment(file, (p) =>
            setProgress(p.total > 0 ? (p.loaded / p.total) * 100 : 0),
          );
          const answer = await api.attach(version, meta.id);
          setFiles(answer.files);
          notify.success(`${meta.file_name} is attached to ${owner}`, 'File attached');
          onChanged();
        } catch (failure) {
          failed(failure);
        } finally {
          setProgress(null);
        }
      })();
    },
    [api, version, onChanged, owner, failed],
  );

  const removeFile = api?.remove;
  const remove = useCallback(
    (file: AttachedFile) => {
      if (!removeFile || version === null) return;
      setError(null);
      setRemoving(true);
      void (async () => {
        try {
          const answer = await removeFile(version, file.id);
          setFiles(answer.files);
          notify.success(`${file.file_name} is no longer attached to ${owner}`, 'File removed');
          onChanged();
        } catch (failure) {
          failed(failure);
        } finally {
          setRemoving(false);
        }
      })();
    },
    [removeFile, version, onChanged, owner, failed],
  );

  const download = useCallback((file: AttachedFile) => {
    void downloadAttachment(file.token).catch((failure: unknown) => setError(errorText(failure)));
  }, []);

  return { files, progress, removing, error, attach, download, remove: removeFile ? remove : null };
}
