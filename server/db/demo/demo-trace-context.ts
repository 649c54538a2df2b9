import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { DAY } from './demo-stock-ledger.ts';

// What the traced lot's story (demo-trace.ts) is made of, looked up once: the people who do
// each step, the products, recipe, flow, machine, reel, locations and customer, and the
// released stock the batch consumes. Null when the demo before it did not seed one of them.

export const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
export const isoDay = (daysAgo: number) => day(daysAgo).toISOString().slice(0, 10);
/** Units made, stamped and transferred. */
export const UNITS = 500;

type People = Record<
  'planning' | 'batcher' | 'bottler' | 'stamper' | 'hplc_tech' | 'transfer' | 'sale' | 'shipping',
  number
>;

async function people(tx: Tx): Promise<People | null> {
  const rows = await queryRows<{ username: string; id: number }>(
    tx,
    sql`select username, id::int as id from users where username in
          ('planning', 'batcher', 'bottler', 'stamper', 'hplc_tech', 'transfer', 'sale', 'shipping')`,
  );
  const found = Object.fromEntries(rows.map((r) => [r.username, r.id]));
  return rows.length === 8 ? (found as People) : null;
}

/** The released lot of `sku` with the most on hand, where it is. */
async function stockOf(tx: Tx, sku: string, preferLot?: string) {
  const [row] = await queryRows<{
    product: number;
    lot: number;
    location: number;
    bin: number | null;
    qty: number;
  }>(
    tx,
    sql`select b.product_id::int as product, b.lot_id::int as lot, b.location_id::int as location,
               b.bin_id::int as bin,
               b.qty_on_hand::float8 as qty
          from stock_balances b join products p on p.id = b.product_id
          join stock_lots l on l.id = b.lot_id and l.status = 'released'
         where p.sku = ${sku} and b.qty_on_hand > 0
         order by (l.lot_no = ${preferLot ?? ''}) desc, b.qty_on_hand desc limit 1`,
  );
  return row ?? null;
}

export async function idOf(tx: Tx, query: ReturnType<typeof sql>) {
  const [row] = await queryRows<{ id: number }>(tx, query);
  return row ? Number(row.id) : null;
}

type Stock = NonNullable<Awaited<ReturnType<typeof stockOf>>>;

export type TraceDemo = {
  who: People;
  fg: number;
  bulk: number;
  recipe: number;
  flow: number;
  machine: number;
  reel: { id: number; jurisdiction: number };
  place: { floor: number; main: number };
  customer: number;
  other: number;
  /** Released stock the batch consumes, with the quantity it asks for. */
  inputs: ReadonlyArray<readonly [Stock, number]>;
};

export async function lookUpTraceDemo(tx: Tx): Promise<TraceDemo | null> {
  const who = await people(tx);
  const fg = await idOf(
    tx,
    sql`select id::int as id from products where sku = 'FG-MANGO-06-30-ON'`,
  );
  const bulk = await idOf(tx, sql`select id::int as id from products where sku = 'BL-MANGO-06'`);
  const recipe = await idOf(
    tx,
    sql`select id::int as id from recipes where product_id = ${bulk} order by id limit 1`,
  );
  const flow = await idOf(
    tx,
    sql`select id::int as id from flows where code = 'stamped_eliquid_to_transfer'`,
  );
  const machine = await idOf(tx, sql`select id::int as id from machines where code = 'STM-01'`);
  const reel = await queryRows<{ id: number; jurisdiction: number }>(
    tx,
    sql`select id::int as id, stamp_jurisdiction_id::int as jurisdiction from stamp_reels where reel_no = 'RL-ON-24003'`,
  );
  const where = await queryRows<{ floor: number; main: number }>(
    tx,
    sql`select (select id::int from locations where code = 'PROD') as floor,
               (select id::int from locations where code = 'WH-MAIN') as main`,
  );
  const customer = await idOf(tx, sql`select id::int as id from customers where code = 'C-0002'`);
  const other = await idOf(
    tx,
    sql`select id::int as id from products where sku = 'FG-MANGO-06-60'`,
  );
  const inputs = [
    [await stockOf(tx, 'RM-NIC-FB-100', 'NRL-FB-2611-A'), 90],
    [await stockOf(tx, 'RM-PG-USP'), 4_500],
    [await stockOf(tx, 'RM-VG-USP'), 9_600],
    [await stockOf(tx, 'RM-FC-MANGO'), 810],
  ] as const;
  const [place] = where;
  if (
    !who ||
    !fg ||
    !bulk ||
    !recipe ||
    !flow ||
    !machine ||
    !reel[0] ||
    !place ||
    !customer ||
    !other
  )
    return null;
  if (inputs.some(([s]) => s === null)) return null;

  return {
    who,
    fg,
    bulk,
    recipe,
    flow,
    machine,
    reel: reel[0],
    place,
    customer,
    other,
    inputs: inputs.map(([stock, qty]) => [stock!, qty] as const),
  };
}
