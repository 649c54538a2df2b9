import { useContext, useEffect, useState } from 'react';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../src/views/common/entity-form/form-failure.ts';

// An R&D report as the server answers it (`rd/reports/{name}`); null while it loads.

export function useRdReport<T>(name: 'samples' | 'projects'): T | null {
  const request = useContext(EntityRequestContext);
  const [answer, setAnswer] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    request<T>({ url: `rd/reports/${name}` })
      .then((reply) => live && setAnswer(reply.data as T))
      .catch((error: unknown) => showFailure(error, false));
    return () => {
      live = false;
    };
  }, [request, name]);
  return answer;
}
