import type { LiveRows } from '../../../common/entity/use-live-rows.ts';

// A dashboard that keeps several lists live is as fresh as its stalest list: failed when any
// read failed, fresh since the oldest list was, and a retry reads them all again.

export function combinedLive(lists: readonly LiveRows[]): LiveRows {
  const fresh = lists.map((l) => l.freshAt);
  return {
    rows: [],
    loading: lists.some((l) => l.loading),
    failed: lists.some((l) => l.failed),
    freshAt: fresh.some((f) => f === null) ? null : Math.min(...(fresh as number[])),
    retry: () => {
      for (const list of lists) list.retry();
    },
  };
}
