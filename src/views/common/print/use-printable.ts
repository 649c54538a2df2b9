import { useContext, useEffect, useState } from 'react';
import type { Request } from '../../../api/request.ts';
import { errorText } from '../../../api/error-text.ts';
import { EntityRequestContext } from '../entity-form/entity-request.context.ts';

// A printable document of the route's id (a purchase order, a packing slip), read once when
// its page opens.

export type PrintableState<T> =
  { kind: 'loading' } | { kind: 'ready'; doc: T } | { kind: 'failed'; message: string };

export function usePrintable<T>(
  id: number | null,
  fetch: (request: Request, id: number) => Promise<T>,
  missing: string,
): PrintableState<T> {
  const request = useContext(EntityRequestContext);
  const [state, setState] = useState<PrintableState<T>>({ kind: 'loading' });
  useEffect(() => {
    if (id === null) return;
    let live = true;
    fetch(request, id).then(
      (doc) => live && setState({ kind: 'ready', doc }),
      (error: unknown) => live && setState({ kind: 'failed', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [request, id, fetch]);
  return id === null ? { kind: 'failed', message: missing } : state;
}
