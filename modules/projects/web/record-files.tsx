import { Text } from '@mantine/core';
import { useContext, useMemo } from 'react';
import { attachRecordFile, fetchRecordFiles, removeRecordFile } from './api/record-files.api.ts';
import { AttachedFiles } from '../../../src/views/common/attached-files/attached-files.tsx';
import {
  useAttachedFiles,
  type AttachedFilesApi,
} from '../../../src/views/common/attached-files/use-attached-files.ts';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { isSet } from '../../../src/api/bool-to-int.ts';
import { PendingRecordFiles } from './pending-record-files.tsx';
import type { TaskItemRecordRow } from '../shared/entities/pm-task-item-records.entity.ts';

// A time record's files in its drawer (modules/projects/shared/entities/record-files.ts): listed
// for download; attached and removed while its project is open, once the form's edits are
// saved, since both move the record's version. `onChanged` reads the record again. A new
// record's files are chosen before it is saved and go on it with the save
// (pending-record-files.tsx).

export function RecordFiles({
  record,
  unsaved,
  onChanged,
  held,
}: {
  /** The record as read; null while a new one is being created. */
  record: TaskItemRecordRow | null;
  unsaved: boolean;
  onChanged: () => void;
  /** A new record's files, held until its save; absent where none may be chosen. */
  held?: { files: readonly File[]; onChange: (files: File[]) => void };
}) {
  const request = useContext(EntityRequestContext);
  const id = record?.id ?? null;
  const api = useMemo<AttachedFilesApi | null>(
    () =>
      id === null
        ? null
        : {
            list: () => fetchRecordFiles(request, id),
            attach: (version, attachmentId) => attachRecordFile(request, id, version, attachmentId),
            remove: (version, attachmentId) => removeRecordFile(request, id, version, attachmentId),
          },
    [request, id],
  );
  const model = useAttachedFiles(api, record?.version ?? null, onChanged, 'the time record');
  if (!record) {
    return held ? (
      <PendingRecordFiles files={held.files} onChange={held.onChange} />
    ) : (
      <Text size="sm" c="dimmed">
        Files are attached once the time record is saved.
      </Text>
    );
  }
  // Booleans reach the views as 1 and 0 (docs/product.md §7).
  const closed = isSet(record.project_closed);
  return (
    <AttachedFiles
      title="Files"
      model={model}
      editable={!closed}
      unsaved={unsaved}
      unsavedHint="Save the time record before attaching or removing a file"
      nameTestId="record-file-name"
    />
  );
}
