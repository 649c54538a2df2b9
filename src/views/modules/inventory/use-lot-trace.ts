import { useContext, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../api/api-error.ts';
import { errorText } from '../../../api/error-text.ts';
import { fetchTrace, type TraceStart } from '../../../api/lot-trace.api.ts';
import type { Trace, TraceDirection } from '../../../domain/entities/stock/lot-trace.ts';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';

// The trace page's one read: the anchor is in the address (`?from=lot:12`), so a Trace button
// anywhere is a link and the browser's Back returns to the previous anchor; a lot number typed
// on the page is traced, then the address takes the anchor the server found. The latest
// request wins; an older answer is dropped.

export type TraceState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'found'; trace: Trace }
  | { kind: 'missing'; what: string }
  | { kind: 'failed'; message: string };

export function useLotTrace() {
  const request = useContext(EntityRequestContext);
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const direction = (params.get('direction') ?? 'both') as TraceDirection;
  const [state, setState] = useState<TraceState>({ kind: 'idle' });
  const latest = useRef(0);
  // The anchor and direction on screen, so the address catching up with a typed lot number
  // does not read the same trace twice.
  const shown = useRef('');

  const load = (start: TraceStart, towards: TraceDirection) => {
    const ticket = ++latest.current;
    setState({ kind: 'loading' });
    void (async () => {
      try {
        const trace = await fetchTrace(request, start, towards);
        if (ticket !== latest.current) return;
        shown.current = `${trace.anchor}|${towards}`;
        setState({ kind: 'found', trace });
        if (!('from' in start)) setParams({ from: trace.anchor, direction: towards });
      } catch (error) {
        if (ticket !== latest.current) return;
        const what = 'from' in start ? start.from : start.lotNo;
        setState(
          isApiError(error) && error.status === 404
            ? { kind: 'missing', what }
            : { kind: 'failed', message: errorText(error) },
        );
      }
    })();
  };

  useEffect(() => {
    if (from && shown.current !== `${from}|${direction}`) load({ from }, direction);
    // load is recreated each render; the anchor and direction are what a read depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [from, direction]);

  return {
    state,
    from,
    direction,
    traceLotNo: (lotNo: string) => {
      if (lotNo.trim() !== '') load({ lotNo: lotNo.trim() }, direction);
    },
    setDirection: (next: TraceDirection) => setParams(from ? { from, direction: next } : {}),
  };
}
