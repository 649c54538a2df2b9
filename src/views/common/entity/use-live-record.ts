import { useEffect, useRef } from 'react';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import { liveRecord$, type LiveRecordEvent } from '../../../streams/live-record.store.ts';
import { useRealtimeConnection } from '../../shell/realtime/realtime.context.tsx';
import { useEntityApi } from '../entity-form/entity-request.context.ts';
import { live } from './use-entity-list.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// The one way an open record's page follows its record (live-record.store.ts): every page
// showing a record, the generic form and the pages of their own (an invoice, a sample, a
// project) alike, calls this with the version it holds and is told of each newer one, or
// that the record was deleted. What to do with it (show it, or hold it while the person is
// typing) is the page's, through record-change.ts.

export type LiveRecordOptions = {
  /** The version the page shows now; null while it has none (loading, or a new record). */
  known: () => number | null;
  /** A newer version arrived, already re-read in full. */
  onNewer: (row: EntityRow) => void;
  onDeleted?: () => void;
};

/** Where a page that follows nothing (no entity given) would read: it never does. */
const NOWHERE = { api: '' };

export function useLiveRecord(
  /** The record's entity; null follows nothing (a page that reads without following). */
  entity: EntityDeclaration | null,
  id: number | null,
  options: LiveRecordOptions,
): void {
  const api = useEntityApi(entity ?? NOWHERE);
  const connection = useRealtimeConnection();
  // Callers pass their callbacks inline; only the record and the channel restart the stream.
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    if (entity === null || id === null) return;
    const subscription = liveRecord$({
      id,
      known: () => optionsRef.current.known(),
      get: (recordId) => api.get(recordId),
      ...live(entity, connection),
    }).subscribe((event: LiveRecordEvent) => {
      if (event.type === 'row') optionsRef.current.onNewer(event.row);
      else optionsRef.current.onDeleted?.();
    });
    return () => subscription.unsubscribe();
  }, [api, entity, connection, id]);
}
