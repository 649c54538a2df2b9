import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { RD_SAMPLES, rdSampleDoc, type RdSampleDoc } from '../shared/entities/rd-samples.entity.ts';
import {
  EntityRequestContext,
  useEntityApi,
} from '../../../src/views/common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../src/views/common/entity-form/form-failure.ts';
import { useLiveRecord } from '../../../src/views/common/entity/use-live-record.ts';
import { notify } from '../../../src/views/common/notify.tsx';

// One sample as its develop and specifications screens read it (with its ingredients,
// specifications and evaluations), read again after every change; and a write to one of its
// own routes that carries the version read and shows what the server answered. A change made
// elsewhere (an evaluation, a result, an approval) shows as it is saved (use-live-record.ts).

export type SampleView = {
  sample: RdSampleDoc | null;
  reload: () => void;
  /** PUT/POST `samples/{id}/{path}` with the sample's version; true when it was saved. */
  write: (path: string, method: 'PUT' | 'POST', data: object, done: string) => Promise<boolean>;
};

export function useRdSample(id: number): SampleView {
  const api = useEntityApi(RD_SAMPLES);
  const request = useContext(EntityRequestContext);
  const [sample, setSample] = useState<RdSampleDoc | null>(null);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const sampleRef = useRef(sample);
  sampleRef.current = sample;
  useLiveRecord(RD_SAMPLES, id, {
    known: () => sampleRef.current?.version ?? null,
    onNewer: (row) => setSample(rdSampleDoc(row)),
  });
  useEffect(() => {
    let live = true;
    api
      .get(id)
      .then((row) => live && setSample(rdSampleDoc(row)))
      .catch((error: unknown) => showFailure(error, false));
    return () => {
      live = false;
    };
  }, [api, id, generation]);

  const write = useCallback(
    async (path: string, method: 'PUT' | 'POST', data: object, done: string) => {
      if (!sample) return false;
      try {
        await request({
          url: `rd/samples/${sample.id}/${path}`,
          method,
          data: { ...data, version: sample.version },
        });
        notify.success(done);
        reload();
        return true;
      } catch (error) {
        showFailure(error, false);
        return false;
      }
    },
    [request, sample, reload],
  );
  return { sample, reload, write };
}
