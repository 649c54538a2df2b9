import { eq, sql } from 'drizzle-orm';
import { generateForecast } from './db/generate-forecast.ts';
import type { Tx } from '../../../server/db/client.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import { forecastPeriods, forecastProductionQtyRanges } from './db/forecast.schema.ts';
import { users } from '../../../server/db/schema/users.ts';
import { logTransition } from '../../../server/db/transition-log.ts';

// Forecast demo (docs/domain/forecast.md §11): two years of shipped sales history so a forecast
// shows something real, the quantity ranges plans round by, and a period starting next month,
// opened (generated) from the last year of that history with 5 % growth.
// **decision**: the history is the business's sales before Plantline, imported closed and
// shipped (source `import`, numbered SH-, no taxes, no stock movements: the ledger opened
// after it). It is written by three set-based statements, so it adds well under a second to
// the demo's start (measured: see bench/README.md, "Demo start-up").

const WEEKS = 104;

/** Round each planned quantity to cases, pallets and then full batches. */
const QTY_RANGES = [
  { minUnits: 1, maxUnits: 499, roundToUnits: 50 },
  { minUnits: 500, maxUnits: 1_999, roundToUnits: 100 },
  { minUnits: 2_000, maxUnits: null, roundToUnits: 500 },
];

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

function nextMonths(months: number): { start: string; end: string } {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1 + months, 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

/**
 * Orders every week of two years from each active customer but one week in three, shipped
 * from the centre of its province (Quebec from Montréal, the west from DC-WEST, the rest from
 * the main warehouse); eight finished goods a line each, in cases of 6, seasonal (more in
 * winter) and growing about a quarter a year.
 */
async function seedSalesHistory(tx: Tx, seller: number): Promise<number> {
  await tx.execute(sql`create temporary table demo_goods on commit drop as
    select row_number() over (order by p.id) as rn, p.id,
      coalesce((select min(tp.unit_price) from price_tier_prices tp where tp.product_id = p.id),
        round(p.standard_cost * 2.2, 2), 12)::numeric(14, 4) as price
    from products p where p.type = 'finished_good' and p.status = 'active'
      and coalesce(p.volume_ml, 0) > 0`);
  const [goods] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from demo_goods`,
  );
  if (!goods || goods.n === 0) return 0;
  await tx.execute(sql`
    insert into sales_orders (number, customer_id, ship_from_location_id, order_date,
      requested_ship_date, price_tier_id, source, status, allocation_status, shipping_status,
      note, created_by, updated_by)
    select 'SH-' || lpad(row_number() over (order by w, c.id)::text, 5, '0'), c.id,
      coalesce(
        (select l.id from locations l where l.code = case
          when pr.code = 'QC' then 'DC-MTL'
          when pr.code in ('AB', 'BC', 'SK', 'MB') then 'DC-WEST' end),
        (select l.id from locations l where l.code = 'WH-MAIN')),
      current_date - (w * 7 + c.id % 5)::int, current_date - (w * 7 + c.id % 5 - 3)::int,
      c.price_tier_id, 'import', 'closed', 'allocated', 'shipped',
      'Sales history before Plantline', ${seller}, ${seller}
    from generate_series(1, ${WEEKS}) w
      cross join customers c
      left join customer_addresses a on a.customer_id = c.id and a.kind = 'ship' and a.is_default
      left join provinces pr on pr.id = a.province_id
    where c.active and (w + c.id) % 3 <> 0`);
  await tx.execute(sql`
    insert into sales_order_lines (sales_order_id, product_id, qty, unit_price, line_total,
      qty_allocated, qty_shipped, created_by, updated_by)
    select o.id, g.id, q.units, g.price, round(q.units * g.price, 2), q.units, q.units,
      ${seller}, ${seller}
    from sales_orders o
      cross join generate_series(0, 7) k
      join demo_goods g on g.rn = 1 + (o.id * 5 + k * 7) % ${goods.n}
      cross join lateral (select 6 * greatest(1, round(
          (4 + (o.id * 31 + k * 17) % 30)
          * (1 + 0.3 * cos(2 * pi() * extract(doy from o.order_date) / 365))
          * (1 + 0.25 * (1 - (current_date - o.order_date) / 365.0))))::numeric as units) q
    where o.number like 'SH-%'`);
  await tx.execute(sql`
    update sales_orders o set subtotal = t.total, total = t.total
    from (select sales_order_id, sum(line_total) as total from sales_order_lines
      group by sales_order_id) t
    where t.sales_order_id = o.id and o.number like 'SH-%'`);
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from sales_orders where number like 'SH-%'`,
  );
  return count?.n ?? 0;
}

export async function seedDemoForecast(tx: Tx): Promise<void> {
  const [manager] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'manager'));
  const [seller] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'sale'));
  if (!manager || !seller) return;
  await tx
    .insert(forecastProductionQtyRanges)
    .values(QTY_RANGES.map((r) => ({ ...r, createdBy: manager.id, updatedBy: manager.id })));
  if ((await seedSalesHistory(tx, seller.id)) === 0) return;
  const { start, end } = nextMonths(3);
  const [period] = await tx
    .insert(forecastPeriods)
    .values({
      name: `Forecast ${start.slice(0, 7)} to ${end.slice(0, 7)}`,
      startDate: start,
      endDate: end,
      historyFrom: isoDay(-365),
      historyTo: isoDay(-1),
      growthPct: '5',
      createdBy: manager.id,
      updatedBy: manager.id,
    })
    .returning();
  if (!period) return;
  const generated = await generateForecast(
    tx,
    {
      id: period.id,
      start_date: period.startDate,
      end_date: period.endDate,
      history_from: period.historyFrom,
      history_to: period.historyTo,
      growth_pct: Number(period.growthPct),
    },
    manager.id,
  );
  await tx.update(forecastPeriods).set({ status: 'open' }).where(eq(forecastPeriods.id, period.id));
  await logTransition(tx, {
    entityType: 'forecast_periods',
    entityId: period.id,
    from: 'draft',
    to: 'open',
    event: 'generate',
    reason: null,
    payload: generated,
    actorId: manager.id,
  });
}
