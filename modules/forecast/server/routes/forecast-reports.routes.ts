import type { FastifyInstance } from 'fastify';
import { desc, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  daysInclusive,
  daysOfMonthWithin,
  weeksOfCover,
} from '../../shared/entities/forecast-arithmetic.ts';
import {
  forecastReportSchema,
  salesReportRowSchema,
  stockReportRowSchema,
  type SalesReportRow,
  type StockReportRow,
} from '../../shared/entities/forecast-reports.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import type { Db } from '../../../../server/db/client.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { forecastPeriods } from '../db/forecast.schema.ts';
import { ApiError } from '../../../../server/errors/api-error.ts';
import { addRoute } from '../../../../server/http/route.ts';

// The Forecast reports (docs/domain/forecast.md §11). sales-report: units and CAD shipped per
// product and month over the period's history window and the period itself, beside the period's
// forecast spread over its months by days. stock-report: per product of the period, on hand now,
// the forecast, weeks of cover at the forecast's rate and whether on hand is below safety. Both
// read one period: the one asked for, else the latest past its draft.

const periodQuery = z.object({ period_id: z.coerce.number().int().positive().optional() });

type Period = {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  history_from: string;
  history_to: string;
  status: string;
};

async function periodOf(db: Db, id: number | undefined): Promise<Period | null> {
  const columns = {
    id: forecastPeriods.id,
    name: forecastPeriods.name,
    start_date: forecastPeriods.startDate,
    end_date: forecastPeriods.endDate,
    history_from: forecastPeriods.historyFrom,
    history_to: forecastPeriods.historyTo,
    status: forecastPeriods.status,
  };
  const [row] =
    id === undefined
      ? await db
          .select(columns)
          .from(forecastPeriods)
          .where(ne(forecastPeriods.status, 'draft'))
          .orderBy(desc(forecastPeriods.startDate))
          .limit(1)
      : await db.select(columns).from(forecastPeriods).where(eq(forecastPeriods.id, id));
  if (id !== undefined && !row) throw new ApiError('not_found');
  return row ?? null;
}

type ForecastOf = { product_id: number; forecast: number };

async function forecastsOf(db: Db, periodId: number): Promise<ForecastOf[]> {
  return queryRows<ForecastOf>(
    db,
    sql`select product_id::int as product_id, sum(forecast_units)::int as forecast
      from forecast_allocations where forecast_period_id = ${periodId} group by product_id`,
  );
}

async function salesReport(db: Db, period: Period | null) {
  if (!period) return { period: null, rows: [] as SalesReportRow[] };
  const from = period.history_from < period.start_date ? period.history_from : period.start_date;
  const to = period.end_date > period.history_to ? period.end_date : period.history_to;
  const sold = await queryRows<SalesReportRow>(
    db,
    sql`select to_char(o.order_date, 'YYYY-MM') as month, p.id::int as product_id,
        p.sku as product_sku, p.name as product_name, f.name as family_name,
        sum(l.qty_shipped)::float8 as units,
        round(sum(l.line_total * l.qty_shipped / l.qty), 2)::float8 as cad,
        null::int as forecast_units
      from sales_orders o join sales_order_lines l on l.sales_order_id = o.id
        join products p on p.id = l.product_id
        left join product_families f on f.id = p.family_id
      where o.order_date between ${from}::date and ${to}::date
        and o.status in ('confirmed', 'closed') and l.qty_shipped > 0
      group by 1, p.id, p.sku, p.name, f.name`,
  );
  const byKey = new Map(sold.map((r) => [`${r.month}|${r.product_id}`, r]));
  const periodDays = daysInclusive(period.start_date, period.end_date);
  const products = new Map(sold.map((r) => [r.product_id, r]));
  const forecasts = await forecastsOf(db, period.id);
  const names = await queryRows<Omit<SalesReportRow, 'month' | 'units' | 'cad' | 'forecast_units'>>(
    db,
    sql`select p.id::int as product_id, p.sku as product_sku, p.name as product_name,
        f.name as family_name
      from products p left join product_families f on f.id = p.family_id
      where p.id in (select product_id from forecast_allocations
        where forecast_period_id = ${period.id})`,
  );
  for (const n of names)
    if (!products.has(n.product_id))
      products.set(n.product_id, { ...n, month: '', units: 0, cad: 0, forecast_units: null });
  const months: string[] = [];
  for (let m = period.start_date.slice(0, 7); m <= period.end_date.slice(0, 7);) {
    months.push(m);
    const [y, mo] = m.split('-').map(Number) as [number, number];
    m = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  }
  for (const f of forecasts) {
    const product = products.get(f.product_id);
    if (!product) continue;
    for (const month of months) {
      const share = Math.round(
        (f.forecast * daysOfMonthWithin(month, period.start_date, period.end_date)) / periodDays,
      );
      const key = `${month}|${f.product_id}`;
      const row = byKey.get(key);
      if (row) row.forecast_units = share;
      else
        byKey.set(key, {
          month,
          product_id: f.product_id,
          product_sku: product.product_sku,
          product_name: product.product_name,
          family_name: product.family_name,
          units: 0,
          cad: 0,
          forecast_units: share,
        });
    }
  }
  const rows = [...byKey.values()].sort(
    (x, y) => x.month.localeCompare(y.month) || x.product_sku.localeCompare(y.product_sku),
  );
  return { period, rows };
}

async function stockReport(db: Db, period: Period | null) {
  if (!period) return { period: null, rows: [] as StockReportRow[] };
  const rows = await queryRows<Omit<StockReportRow, 'weeks_of_cover' | 'below_safety'>>(
    db,
    sql`select p.id::int as product_id, p.sku as product_sku, p.name as product_name,
        f.name as family_name,
        round(coalesce((select sum(b.qty_on_hand) from stock_balances b
          where b.product_id = p.id), 0))::int as on_hand,
        a.forecast::int as forecast_units, round(p.reorder_point)::int as safety_units
      from (select product_id, sum(forecast_units) as forecast from forecast_allocations
          where forecast_period_id = ${period.id} group by product_id) a
        join products p on p.id = a.product_id
        left join product_families f on f.id = p.family_id
      order by p.sku`,
  );
  const periodDays = daysInclusive(period.start_date, period.end_date);
  return {
    period,
    rows: rows.map((r) => ({
      ...r,
      weeks_of_cover: weeksOfCover(r.on_hand, r.forecast_units, periodDays),
      below_safety: r.on_hand < r.safety_units,
    })),
  };
}

export function registerForecastReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'GET',
    url: '/api/forecast/sales-report',
    access: { area: 'forecast' },
    summary:
      "Units and CAD shipped per product and month over a forecast period's history and days, with the period's forecast per month",
    query: periodQuery,
    response: forecastReportSchema(salesReportRowSchema),
    handler: async ({ query }) => salesReport(db, await periodOf(db, query.period_id)),
  });
  addRoute(app, {
    method: 'GET',
    url: '/api/forecast/stock-report',
    access: { area: 'forecast' },
    summary:
      'Per product of a forecast period: on hand, forecast, weeks of cover and whether on hand is below safety',
    query: periodQuery,
    response: forecastReportSchema(stockReportRowSchema),
    handler: async ({ query }) => stockReport(db, await periodOf(db, query.period_id)),
  });
}
