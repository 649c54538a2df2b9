import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { queryRows } from '../server/db/query-rows.ts';
import { PURCHASE_ORDER_STATUSES } from '../src/domain/entities/purchase/purchase-orders.entity.ts';

// A big purchasing history for the PO list benchmark, written by the database itself with
// `generate_series`: SUPPLIERS suppliers, `orders` orders over the two years before `end`
// spread over them and over every status, and `lines` lines shared out evenly among the
// orders over the demo's products. Each row's choices come from an md5 of its number, so every
// run seeds the same rows. Figures are plausible, not recomputed: the list reads the headers.

export const BENCH_SUPPLIERS = 200;

const hash = (n: ReturnType<typeof sql>) =>
  sql`('x' || substr(md5((${n})::text), 1, 15))::bit(60)::bigint`;

export type PurchaseSeed = { orders: number; lines: number; suppliers: number[] };

/** Seeds suppliers, orders and lines, analyzes the tables and answers what they now hold. */
export async function seedPurchases(
  db: Db,
  orders: number,
  lines: number,
  end: string,
): Promise<PurchaseSeed> {
  await db.execute(sql`
    insert into suppliers (code, name, currency_id, lead_time_days)
    select 'BENCH-' || lpad(g::text, 4, '0'), 'Bench supplier ' || g,
      (select id from currencies where code = 'CAD'), 7 + g % 30
    from generate_series(1, ${BENCH_SUPPLIERS}) g`);
  const statuses = sql.join(
    PURCHASE_ORDER_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  await db.execute(sql`
    with s as (select array_agg(id order by id) a from suppliers where code like 'BENCH-%'),
         st as (select array[${statuses}]::varchar[] a),
         loc as (select min(id) id from locations where type = 'warehouse'),
         cad as (select id from currencies where code = 'CAD')
    insert into purchase_orders (number, supplier_id, currency_id, exchange_rate, order_date,
      expected_date, ship_to_location_id, status, subtotal, tax_total, total, total_cad, taxes)
    select 'PB-' || lpad(x.g::text, 7, '0'), s.a[1 + x.h % cardinality(s.a)], cad.id, 1,
      ${end}::date - (x.g * 730 / ${orders})::int,
      ${end}::date - (x.g * 730 / ${orders})::int + 14,
      loc.id, st.a[1 + (x.h / 1000) % cardinality(st.a)],
      x.sub, round(x.sub * 0.13, 2), round(x.sub * 1.13, 2), round(x.sub * 1.13, 2), '[]'::jsonb
    from (
      select g, ${hash(sql`g`)} h, round(((${hash(sql`g`)} / 7) % 100000) / 10.0, 2) sub
      from generate_series(1, ${orders}) g
    ) x, s, st, loc, cad`);
  await db.execute(sql`
    with o as (select min(id) first, count(*) n from purchase_orders where number like 'PB-%'),
         p as (select array_agg(id order by id) a from products)
    insert into purchase_order_lines (purchase_order_id, product_id, qty, unit_price, line_total)
    select o.first + (x.g - 1) % o.n, p.a[1 + x.h % cardinality(p.a)],
      1 + x.h % 500, 0.5 + (x.h / 1000) % 40, (1 + x.h % 500) * (0.5 + (x.h / 1000) % 40)
    from (select g, ${hash(sql`g + 7919`)} h from generate_series(1, ${lines}) g) x, o, p`);
  await db.execute(sql`analyze suppliers`);
  await db.execute(sql`analyze purchase_orders`);
  await db.execute(sql`analyze purchase_order_lines`);
  const [count] = await queryRows<{ orders: string | number; lines: string | number }>(
    db,
    sql`select (select count(*) from purchase_orders) as orders,
      (select count(*) from purchase_order_lines) as lines`,
  );
  const suppliers = await queryRows<{ id: string | number }>(
    db,
    sql`select id from suppliers where code like 'BENCH-%' order by id`,
  );
  return {
    orders: Number(count?.orders ?? 0),
    lines: Number(count?.lines ?? 0),
    suppliers: suppliers.map((s) => Number(s.id)),
  };
}
