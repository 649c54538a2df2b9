import { useEffect, useMemo, useState } from 'react';
import { Subject } from 'rxjs';
import { searchRecordsApi } from '../../../api/search.api.ts';
import { recordSearch$, type RecordSearchState } from '../../../streams/record-search.stream.ts';

// The records group of the search panel: what is typed goes into the debounced search stream,
// the panel shows the state it answers with.

const IDLE: RecordSearchState = { status: 'idle', query: '', hits: [] };

export function useRecordSearch(query: string): RecordSearchState {
  const query$ = useMemo(() => new Subject<string>(), []);
  const [state, setState] = useState<RecordSearchState>(IDLE);
  useEffect(() => {
    const search = searchRecordsApi();
    const subscription = recordSearch$({ query$, search }).subscribe(setState);
    return () => subscription.unsubscribe();
  }, [query$]);
  useEffect(() => query$.next(query), [query$, query]);
  return state;
}
