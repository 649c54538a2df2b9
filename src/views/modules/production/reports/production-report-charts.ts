import type { ChartSpec } from './chart-spec.ts';

// What each charted production report draws (docs/domain/production.md §3.6). Ratios are taken of
// each day's sums, so a day of many orders weighs as much as its volume says.

const ratio = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 100 : null;

/** production-summary: units each stage finished per day, and the day's waste %. */
export const PRODUCTION_SUMMARY_CHART: ChartSpec = {
  title: 'Units per day',
  dayField: 'day',
  sums: ['bottled_units', 'labeled_units', 'waste_units', 'bottling_waste_units'],
  point: (s) => ({
    bottled: s.bottled_units ?? 0,
    labeled: s.labeled_units ?? 0,
    waste: s.waste_units ?? 0,
    waste_pct: ratio(s.waste_units ?? 0, (s.bottled_units ?? 0) + (s.bottling_waste_units ?? 0)),
  }),
  series: [
    { key: 'bottled', label: 'Bottled', color: '#228be6', kind: 'bar' },
    { key: 'labeled', label: 'Labeled', color: '#40c057', kind: 'bar' },
    { key: 'waste', label: 'Waste', color: '#fa5252', kind: 'bar' },
    { key: 'waste_pct', label: 'Waste %', color: '#e8590c', kind: 'line', right: true },
  ],
  rightUnit: '%',
};

/** production-volume-variance: per day batched, actual vs planned ml and the bottling yield. */
export const VOLUME_VARIANCE_CHART: ChartSpec = {
  title: 'Volume variance and yield per day batched',
  dayField: 'batched_on',
  sums: ['planned_ml', 'actual_batch_ml', 'variance_ml', 'bottled_ml'],
  point: (s) => ({
    variance_pct: ratio(s.variance_ml ?? 0, s.planned_ml ?? 0),
    yield_pct: ratio(s.bottled_ml ?? 0, s.actual_batch_ml ?? 0),
  }),
  series: [
    { key: 'variance_pct', label: 'Variance %', color: '#7950f2', kind: 'bar' },
    { key: 'yield_pct', label: 'Yield %', color: '#12b886', kind: 'line', right: true },
  ],
  leftUnit: '%',
  rightUnit: '%',
};

/** daily-orders-report: per day ordered for, units requested and delivered, and the fill rate. */
export const DAILY_ORDERS_CHART: ChartSpec = {
  title: 'Requested and delivered units per day',
  dayField: 'order_date',
  sums: ['requested_units', 'produced_units', 'delivered_units'],
  point: (s) => ({
    requested: s.requested_units ?? 0,
    produced: s.produced_units ?? 0,
    delivered: s.delivered_units ?? 0,
    fill_rate_pct: ratio(s.delivered_units ?? 0, s.requested_units ?? 0),
  }),
  series: [
    { key: 'requested', label: 'Requested', color: '#868e96', kind: 'bar' },
    { key: 'produced', label: 'Produced', color: '#228be6', kind: 'bar' },
    { key: 'delivered', label: 'Delivered', color: '#40c057', kind: 'bar' },
    { key: 'fill_rate_pct', label: 'Fill rate %', color: '#e8590c', kind: 'line', right: true },
  ],
  rightUnit: '%',
};
