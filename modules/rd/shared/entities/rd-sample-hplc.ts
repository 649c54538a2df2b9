import type { EventQuestion } from '../../../../src/domain/entity/event-question.ts';

// A sample's HPLC test as its screens show it (docs/domain/rd.md §7 "optional HPLC request (reason
// rd)"), and what quality control is asked when it sends the sample.

/** The sample's latest HPLC request and, once the lab entered it, its result. */
export type RdSampleHplc = {
  id: number;
  number: string;
  status: string;
  sample_no: number;
  nominal_mg: number | null;
  measured_mg: number | null;
  percent_of_claim: number | null;
  min_pct: number | null;
  max_pct: number | null;
  /**
   * 1 passed, 0 failed (booleans reach callers as 1/0, docs/product.md §7), null not tested yet.
   */
  passed: 0 | 1 | null;
};

/** Send's confirmation: the sample goes to evaluation, and the lab's test if asked for. */
export const RD_SAMPLE_QUESTIONS: Readonly<Record<string, EventQuestion>> = {
  send: {
    note:
      'The sample goes out for evaluation; this cannot be undone. Request HPLC to have the lab ' +
      'test its nicotine against the ranges of its HPLC category.',
    fields: [{ name: 'hplc', label: 'Request HPLC', kind: 'boolean' }],
  },
};
