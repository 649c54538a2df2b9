import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { queryRows } from '../server/db/query-rows.ts';
import { recomputeBalancesAfter } from '../server/db/stock/ledger-balance.ts';

// A big ledger for the list benchmark, written by the database itself: a few
// `insert … select … from generate_series` statements spread over the demo's products,
// locations and documents and over the two years before `end`. Movement types and signs are
// realistic (receipts and transfers in add, shipments and consumption take away); balances
// are not kept in step, because the movements report reads the ledger only. The rows go to a
// staging table first (no index, no trigger) and then into the ledger in one statement with
// their stored running balance (`balance_after`) from a window over them and the demo's rows,
// which they interleave with in time; the demo rows' own balances are then rewritten.
// (Writing the million balances by UPDATE after the insert took ten times as long.)
//
// Each row's choices come from an md5 of its number, so every run seeds the same rows.

const CHUNKS = 4;
const TWO_YEARS_SECONDS = 730 * 86_400;

/** Share of the ledger per movement type, in percent, and the sign of its quantity. */
const MIX: readonly { type: string; percent: number; sign: 1 | -1 | 0; source: string | null }[] = [
  { type: 'receipt', percent: 24, sign: 1, source: 'receivings' },
  { type: 'receipt_reversal', percent: 1, sign: -1, source: 'receivings' },
  { type: 'ship', percent: 30, sign: -1, source: 'allocations' },
  { type: 'transfer_out', percent: 10, sign: -1, source: 'transfers' },
  { type: 'transfer_in', percent: 10, sign: 1, source: 'transfers' },
  { type: 'consume', percent: 8, sign: -1, source: null },
  { type: 'produce', percent: 7, sign: 1, source: null },
  { type: 'adjustment', percent: 5, sign: 0, source: 'stock_adjustments' },
  { type: 'count_variance', percent: 3, sign: 0, source: 'stock_counts' },
  { type: 'scrap', percent: 1, sign: -1, source: 'stock_adjustments' },
  { type: 'recovery', percent: 1, sign: 1, source: 'stock_adjustments' },
];

const SOURCES = ['receivings', 'allocations', 'transfers', 'stock_adjustments', 'stock_counts'];

/** Seeds `rows` movements, vacuums and analyzes the table and answers how many rows it now holds. */
export async function seedMovements(
  db: Db,
  rows: number,
  end: Date,
  /** `false` leaves the table as PGlite left it before the server vacuumed (list-vacuum.ts). */
  { vacuum = true }: { vacuum?: boolean } = {},
): Promise<number> {
  const per = Math.ceil(rows / CHUNKS);
  // Ids and seqs from the ledger's own sequences (LIKE … INCLUDING DEFAULTS), so the window
  // orders by the ids the rows keep.
  await db.execute(sql`drop table if exists bench_seed_movements`);
  await db.execute(
    sql`create unlogged table bench_seed_movements (like stock_movements including defaults)`,
  );
  for (let from = 1; from <= rows; from += per)
    await db.execute(chunk(from, Math.min(rows, from + per - 1), rows, end));
  const columns = sql.raw(
    'id, seq, created_at, created_by, moved_at, product_id, lot_id, location_id, bin_id, qty, unit_cost, movement_type, source_type, source_id, source_line_id, reversal_of_id, note',
  );
  await db.execute(sql`
    insert into stock_movements (${columns}, balance_after)
    select ${columns}, b from (
      select w.*, sum(w.qty) over (partition by w.product_id, w.location_id order by w.moved_at, w.id) as b
        from (select ${columns}, true as seeded from bench_seed_movements
              union all select ${columns}, false from stock_movements) w) s
     where s.seeded
     order by s.id`);
  await db.execute(sql`drop table bench_seed_movements`);
  await recomputeBalancesAfter(db);
  // The state autovacuum leaves a table in a minute after a bulk insert: PostgreSQL's own, the
  // server's pass on PGlite (server/db/pglite-autovacuum.ts). Without it every index-only scan
  // (the capped count) still reads each row from the heap.
  await db.execute(vacuum ? sql`vacuum (analyze) stock_movements` : sql`analyze stock_movements`);
  const [count] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from stock_movements`,
  );
  return Number(count?.n ?? 0);
}

function chunk(from: number, to: number, rows: number, end: Date) {
  // Bucket k (0–99) picks the type: each type owns `percent` consecutive buckets.
  let upTo = 0;
  const arms = MIX.map((m) => {
    const low = upTo;
    upTo += m.percent;
    return { ...m, low, high: upTo };
  });
  const when = (value: (m: (typeof arms)[number]) => ReturnType<typeof sql>) =>
    sql.join(
      arms.map((m) => sql`when s.k < ${sql.raw(String(m.high))} then ${value(m)}`),
      sql` `,
    );
  const sourceCtes = sql.join(
    SOURCES.map(
      (s) =>
        sql`${sql.identifier(`${s}_ids`)} as (select array_agg(id order by id) a from ${sql.identifier(s)})`,
    ),
    sql`, `,
  );
  const sourceFrom = sql.join(
    SOURCES.map((s) => sql.identifier(`${s}_ids`)),
    sql`, `,
  );
  return sql`
    with p as (select array_agg(id order by id) a from products),
         l as (select array_agg(id order by id) a from locations),
         u as (select min(id) id from users where username = 'inventory'),
         ${sourceCtes}
    insert into bench_seed_movements
      (moved_at, product_id, location_id, qty, balance_after, unit_cost, movement_type,
       source_type, source_id, created_by, note)
    select
      ${end.toISOString()}::timestamptz
        - make_interval(secs => s.g * ${TWO_YEARS_SECONDS / rows}::float8 + s.h % 60),
      p.a[1 + s.h % cardinality(p.a)],
      l.a[1 + (s.h / 1000) % cardinality(l.a)],
      (case ${when((m) =>
        m.sign === 0 ? sql`case when s.h % 2 = 0 then 1 else -1 end` : sql.raw(String(m.sign)),
      )} end) * (1 + (s.h / 1000000) % 48 + ((s.h / 100000000) % 4) * 0.25),
      0,
      case when s.k < 25 then 1 + (s.h % 2000) / 100.0 end,
      case ${when((m) => sql`${m.type}`)} end,
      case ${when((m) => (m.source ? sql`${m.source}` : sql`null`))} end,
      case ${when((m) => {
        if (!m.source) return sql`null`;
        const ids = sql`${sql.identifier(`${m.source}_ids`)}.a`;
        return sql`${ids}[1 + s.h % greatest(cardinality(${ids}), 1)]`;
      })} end,
      u.id,
      'bench'
    from (
      select g, h, ((h / 10000000000) % 100)::int as k
      from (
        select g, ('x' || substr(md5(g::text), 1, 15))::bit(60)::bigint as h
        from generate_series(${from}::int, ${to}::int) g
      ) hashed
    ) s, p, l, u, ${sourceFrom}`;
}
