import { useContext, useEffect, useState } from 'react';
import type { Flagged } from '../../api/bool-to-int.ts';
import { EntityRequestContext } from './entity-form/entity-request.context.ts';

// One quiet read of `url`, read again whenever `key` changes (a record's version, a board's
// stages). A failed read keeps the last answer: a wall or a badge holds what it knew rather
// than blinking out; an answer that arrives after the component moved on is dropped.

export function useApiRead<T>(url: string, key: string | number): Flagged<T> | null {
  const request = useContext(EntityRequestContext);
  const [data, setData] = useState<Flagged<T> | null>(null);
  useEffect(() => {
    let live = true;
    request<T>({ url, quiet: true })
      .then((reply) => live && setData(reply.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [request, url, key]);
  return data;
}
