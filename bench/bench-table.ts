import type { LatencySummary } from './sample-stats.ts';

// How `npm run bench` prints a benchmark: one row per target, its rate and latency, and its
// ratios against the table's baseline row.

export interface Row {
  target: string;
  rate: number;
  unit: string;
  latency: LatencySummary;
  /** Against the baseline row of the same table; NaN on the baseline itself. */
  rateRatio: number;
  p50Ratio: number;
  p99Ratio: number;
  note: string;
}

export function fmt(n: number, digits = 1): string {
  return Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '—';
}

export function fmtRatio(n: number): string {
  if (!Number.isFinite(n)) return '—';
  return `${n >= 10 ? n.toFixed(1) : n >= 0.1 ? n.toFixed(2) : n.toPrecision(2)}×`;
}

export function printTable(title: string, rows: Row[]): void {
  const header = [
    'target',
    'rate',
    'p50 ms',
    'p99 ms',
    'rate ratio',
    'p50 ratio',
    'p99 ratio',
    'notes',
  ];
  const lines = rows.map((row) => [
    row.target,
    `${fmt(row.rate, 0)} ${row.unit}`,
    fmt(row.latency.p50Ms, 2),
    fmt(row.latency.p99Ms, 2),
    fmtRatio(row.rateRatio),
    fmtRatio(row.p50Ratio),
    fmtRatio(row.p99Ratio),
    row.note,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const render = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 7 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(`\n${title}`);
  console.log(render(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(render(line));
}
