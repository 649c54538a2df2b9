// What a report's daily chart draws: which row field names the day, what is summed per day,
// each point's values from those sums, and the series drawn of them.

export type ChartSeries = {
  key: string;
  label: string;
  color: string;
  kind: 'bar' | 'line';
  /** The right-hand axis (percentages beside units). */
  right?: boolean;
};

export type ChartSpec = {
  title: string;
  /** The row's day (yyyy-MM-dd) or null to leave it out. */
  dayField: string;
  /** Row fields summed per day. */
  sums: readonly string[];
  /** Each point's values from its day's sums (a ratio of sums, not a sum of ratios). */
  point: (sums: Record<string, number>) => Record<string, number | null>;
  series: readonly ChartSeries[];
  leftUnit?: string;
  rightUnit?: string;
};
