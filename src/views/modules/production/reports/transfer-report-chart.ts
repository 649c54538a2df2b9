import type { ChartSpec } from './chart-spec.ts';

// transfer-report: units sent and received per day of transfer, and the day's discrepancy as
// a share of what was sent (a ratio of the day's sums).

export const TRANSFER_REPORT_CHART: ChartSpec = {
  title: 'Units transferred per day',
  dayField: 'transfer_date',
  sums: ['units_sent', 'units_received', 'discrepancy_units'],
  point: (s) => ({
    sent: s.units_sent ?? 0,
    received: s.units_received ?? 0,
    discrepancy_pct:
      (s.units_sent ?? 0) > 0
        ? Math.round(((s.discrepancy_units ?? 0) / (s.units_sent ?? 1)) * 10_000) / 100
        : null,
  }),
  series: [
    { key: 'sent', label: 'Sent', color: '#228be6', kind: 'bar' },
    { key: 'received', label: 'Received', color: '#40c057', kind: 'bar' },
    { key: 'discrepancy_pct', label: 'Discrepancy %', color: '#fa5252', kind: 'line', right: true },
  ],
  rightUnit: '%',
};
