import { useContext, useEffect, useState } from 'react';
import { fetchTimeline } from '../../../api/timeline.api.ts';
import type { TimelineEntry } from '../../../domain/entity/timeline-entry.ts';
import { EntityRequestContext } from '../entity-form/entity-request.context.ts';

// The timeline of one document, read again whenever `revision` changes (its version after an
// event or a save), so the story a person reads ends where the document now stands.

export type DocumentTimelineState =
  | { kind: 'loading' }
  | { kind: 'failed'; retry: () => void }
  | { kind: 'ready'; entries: readonly TimelineEntry[] };

export function useDocumentTimeline(
  entityName: string,
  id: number,
  revision: unknown,
): DocumentTimelineState {
  const request = useContext(EntityRequestContext);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<DocumentTimelineState>({ kind: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    fetchTimeline(request, entityName, id, abort.signal).then(
      (entries) => setState({ kind: 'ready', entries }),
      () => {
        if (!abort.signal.aborted) {
          setState({ kind: 'failed', retry: () => setAttempt((n) => n + 1) });
        }
      },
    );
    return () => abort.abort();
  }, [request, entityName, id, revision, attempt]);
  return state;
}
