import type { LegendPayload } from 'recharts';

/**
 * A Legend `itemSorter` that lists the series in the order they are drawn. Recharts sorts the
 * legend by label unless told otherwise, so the legend read in another order than the bars.
 */
export const inDrawingOrder =
  (keys: readonly string[]) =>
  (item: LegendPayload): number =>
    keys.indexOf(String(item.dataKey));
