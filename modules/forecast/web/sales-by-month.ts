import type { SalesReportRow } from './api/forecast.api.ts';

// The sales report's rows gathered for the screen: per month and product or family, units
// and CAD sold beside the forecast, and the months' totals the chart draws.

export type SalesGrouping = 'product' | 'family';

export type SalesLine = {
  month: string;
  key: string;
  label: string;
  units: number;
  cad: number;
  forecast_units: number | null;
};

export function groupSales(
  rows: readonly SalesReportRow[],
  grouping: SalesGrouping,
  only: string | null,
): SalesLine[] {
  const lines = new Map<string, SalesLine>();
  for (const r of rows) {
    const key = grouping === 'product' ? String(r.product_id) : (r.family_name ?? 'No family');
    if (only !== null && key !== only) continue;
    const label = grouping === 'product' ? `${r.product_sku} ${r.product_name}` : key;
    const id = `${r.month}|${key}`;
    const line = lines.get(id) ?? {
      month: r.month,
      key,
      label,
      units: 0,
      cad: 0,
      forecast_units: null,
    };
    line.units += r.units;
    line.cad = Math.round((line.cad + r.cad) * 100) / 100;
    if (r.forecast_units !== null)
      line.forecast_units = (line.forecast_units ?? 0) + r.forecast_units;
    lines.set(id, line);
  }
  return [...lines.values()].sort(
    (a, b) => b.month.localeCompare(a.month) || a.label.localeCompare(b.label),
  );
}

export type MonthPoint = { month: string; units: number; cad: number; forecast: number | null };

export function monthTotals(lines: readonly SalesLine[]): MonthPoint[] {
  const months = new Map<string, MonthPoint>();
  for (const l of lines) {
    const point = months.get(l.month) ?? { month: l.month, units: 0, cad: 0, forecast: null };
    point.units += l.units;
    point.cad = Math.round((point.cad + l.cad) * 100) / 100;
    if (l.forecast_units !== null) point.forecast = (point.forecast ?? 0) + l.forecast_units;
    months.set(l.month, point);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}
