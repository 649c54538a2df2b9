import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { queryRows } from '../server/db/query-rows.ts';
import { SALES_ORDER_STATUSES } from '../modules/sales/shared/entities/sales-order-progress.ts';

// Sales orders with their lines and their transition log, for the query-shapes benchmark,
// written by the database itself with `generate_series` in the style of list-seed.ts: `lines`
// lines, five an order, over the demo's customers, warehouses and products and over the two
// years before `end`, every status represented; then `transitions` rows of
// status_transitions spread over those orders (created → confirmed → …). Each row's choices
// come from an md5 of its number, so every run seeds the same rows.

const hash = (n: ReturnType<typeof sql>) =>
  sql`('x' || substr(md5((${n})::text), 1, 15))::bit(60)::bigint`;

export type SalesSeed = { orders: number; lines: number; transitions: number };

export async function seedSales(
  db: Db,
  lines: number,
  transitions: number,
  end: string,
): Promise<SalesSeed> {
  const orders = Math.ceil(lines / 5);
  const statuses = sql.join(
    SALES_ORDER_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  await db.execute(sql`
    with c as (select array_agg(id order by id) a from customers),
         l as (select array_agg(id order by id) a from locations
           where type in ('warehouse', 'distribution_center')),
         st as (select array[${statuses}]::varchar[] a)
    insert into sales_orders (number, customer_id, ship_from_location_id, order_date, source,
      status, allocation_status, shipping_status, subtotal, total, external_ref)
    select 'SQ-' || lpad(x.g::text, 7, '0'), c.a[1 + x.h % cardinality(c.a)],
      l.a[1 + (x.h / 7) % cardinality(l.a)], ${end}::date - (x.g * 730 / ${orders})::int,
      'import', st.a[1 + (x.h / 1000) % cardinality(st.a)], 'not_allocated', 'not_shipped',
      (x.h % 100000) / 10.0, (x.h % 100000) / 10.0, 'EXT-' || lpad(x.g::text, 7, '0')
    from (select g, ${hash(sql`g`)} h from generate_series(1, ${orders}) g) x, c, l, st`);
  await db.execute(sql`
    with o as (select min(id) first, count(*) n from sales_orders where number like 'SQ-%'),
         p as (select array_agg(id order by id) a from products)
    insert into sales_order_lines (sales_order_id, product_id, qty, unit_price, line_total)
    select o.first + (x.g - 1) % o.n, p.a[1 + x.h % cardinality(p.a)], 6 + x.h % 60, 10,
      (6 + x.h % 60) * 10
    from (select g, ${hash(sql`g + 7919`)} h from generate_series(1, ${lines}) g) x, o, p`);
  await db.execute(sql`
    with o as (select min(id) first, count(*) n from sales_orders where number like 'SQ-%'),
         u as (select min(id) id from users where username = 'sale')
    insert into status_transitions (created_at, created_by, entity_type, entity_id, from_status,
      to_status, event)
    select ${end}::timestamptz - make_interval(secs => x.g * ${(730 * 86_400) / transitions}::float8),
      u.id, 'sales_orders', o.first + (x.g - 1) % o.n,
      (array['draft', 'confirmed', 'confirmed', 'closed'])[1 + x.h % 4],
      (array['confirmed', 'closed', 'cancelled', 'confirmed'])[1 + x.h % 4],
      (array['confirm', 'close', 'cancel', 'reopen'])[1 + x.h % 4]
    from (select g, ${hash(sql`g + 104729`)} h from generate_series(1, ${transitions}) g) x, o, u`);
  for (const table of ['sales_orders', 'sales_order_lines', 'status_transitions'])
    await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  const [count] = await queryRows<{ orders: number; lines: number; transitions: number }>(
    db,
    sql`select (select count(*)::int from sales_orders) as orders,
      (select count(*)::int from sales_order_lines) as lines,
      (select count(*)::int from status_transitions) as transitions`,
  );
  return {
    orders: count?.orders ?? 0,
    lines: count?.lines ?? 0,
    transitions: count?.transitions ?? 0,
  };
}
