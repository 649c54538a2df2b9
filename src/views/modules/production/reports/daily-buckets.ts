// Report rows summed per day for a chart, then merged into wider buckets when there are more
// days than the chart has pixels: at most one point per pixel, whatever the date range.

export type DayBucket = { day: string; sums: Record<string, number> };

/** Sums `keys` of the rows per day (`dayOf`), oldest day first. Rows without a day are left out. */
export function sumByDay(
  rows: readonly Record<string, unknown>[],
  dayOf: (row: Record<string, unknown>) => string | null,
  keys: readonly string[],
): DayBucket[] {
  const byDay = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const day = dayOf(row);
    if (!day) continue;
    const sums = byDay.get(day) ?? Object.fromEntries(keys.map((k) => [k, 0]));
    for (const key of keys) sums[key] = (sums[key] ?? 0) + (Number(row[key]) || 0);
    byDay.set(day, sums);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([day, sums]) => ({ day, sums }));
}

/** Merges consecutive buckets so there are at most `maxPoints`; a merged bucket is named by its first day. */
export function fitToWidth(buckets: readonly DayBucket[], maxPoints: number): DayBucket[] {
  const limit = Math.max(1, Math.floor(maxPoints));
  if (buckets.length <= limit) return [...buckets];
  const size = Math.ceil(buckets.length / limit);
  const merged: DayBucket[] = [];
  for (let i = 0; i < buckets.length; i += size) {
    const group = buckets.slice(i, i + size);
    const sums: Record<string, number> = {};
    for (const bucket of group) {
      for (const [key, value] of Object.entries(bucket.sums)) sums[key] = (sums[key] ?? 0) + value;
    }
    merged.push({ day: group[0]!.day, sums });
  }
  return merged;
}
