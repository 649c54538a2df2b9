import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import type { EntityApi } from '../../../api/entity.api.ts';
import { errorText } from '../../../api/error-text.ts';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import { useLiveRecord } from '../entity/use-live-record.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// One record read for a page of its own (a change request's review, a change set): loading,
// the row, or why not in words; read again when `generation` moves (after an event), and, given
// its entity, followed live as every record page is (use-live-record.ts).

export type RecordRead =
  { kind: 'loading' } | { kind: 'ready'; row: EntityRow } | { kind: 'failed'; message: string };

export function useRecordRead(
  api: EntityApi,
  id: number,
  generation = 0,
  follow?: EntityDeclaration,
): RecordRead {
  const [read, setRead] = useState<RecordRead>({ kind: 'loading' });
  const readRef = useRef(read);
  readRef.current = read;
  useLiveRecord(follow ?? null, id, {
    known: () => (readRef.current.kind === 'ready' ? readRef.current.row.version : null),
    onNewer: (row) => setRead({ kind: 'ready', row }),
  });
  useEffect(() => {
    let live = true;
    api
      .get(id)
      .then((row) => live && setRead({ kind: 'ready', row }))
      .catch((error: unknown) => {
        if (!live) return;
        const gone = isApiError(error) && error.status === 404;
        setRead({ kind: 'failed', message: gone ? 'It does not exist.' : errorText(error) });
      });
    return () => {
      live = false;
    };
  }, [api, id, generation]);
  return read;
}
