import { sql, type SQL } from 'drizzle-orm';
import {
  bookClosing,
  nextMonth,
  type MonthFigures,
  type ReconciliationOrder,
  type ReconciliationReel,
} from '../../../src/domain/entities/production/stamp-reconciliation.ts';
import type { Db, Tx } from '../client.ts';
import { PLANT_TIME_ZONE_SETTING } from '../plant-time.ts';
import { queryRows } from '../query-rows.ts';

// A month's stamp figures, derived from the reel ledger (reel_movements) and nothing else: the
// opening is Σ of every movement before the month began at the plant (read from whichever end of
// the ledger is shorter), and each figure of the month is Σ of its movement type within it (docs/domain/production.md "Monthly stamp
// reconciliation"). `lost` is what the licensee files as destroyed or lost; `return` moves
// custody only (qty 0), so the stamps returned are those its stamping order's reel line counts.

const zone = sql.raw(`current_setting('${PLANT_TIME_ZONE_SETTING}')`);
/** The moment `month`'s first day began at the plant. */
const monthStart = (month: string) =>
  sql`((${`${month}-01`})::date::timestamp at time zone ${zone})`;

export type JurisdictionFigures = MonthFigures & {
  stamp_jurisdiction_id: number;
  jurisdiction_code: string;
  jurisdiction_name: string;
  reels: ReconciliationReel[];
  orders: ReconciliationOrder[];
};

type ReelRow = Omit<ReconciliationReel, 'closing'> & {
  stamp_jurisdiction_id: number;
  jurisdiction_code: string;
  jurisdiction_name: string;
};

const FIGURES = [
  'opening',
  'received',
  'applied',
  'wasted',
  'damaged',
  'destroyed',
  'returned',
  'adjusted',
] as const;

export type OpeningSide = 'history' | 'remaining';
type Span = { start: string; end: string; side: OpeningSide };

/**
 * The moments `month` began and ended at the plant, read once so each row compares constants,
 * and the shorter way to its opening: Σ of the ledger before it (history), or each reel's
 * remaining stamps (its ledger's Σ, kept with every movement) less Σ since (remaining). Both
 * answer the same; the ledger's first and last dates come off its date index.
 */
async function span(db: Db | Tx, month: string, side?: OpeningSide): Promise<Span> {
  const [row] = await queryRows<{ start: string; end: string; later: boolean | null }>(
    db,
    sql`with b as (select ${monthStart(month)} as s, ${monthStart(nextMonth(month))} as e)
        select to_char(b.s, 'YYYY-MM-DD"T"HH24:MI:SSOF') as start,
          to_char(b.e, 'YYYY-MM-DD"T"HH24:MI:SSOF') as end,
          (select max(created_at) from reel_movements) - b.s
            < b.s - (select min(created_at) from reel_movements) as later
        from b`,
  );
  return { start: row!.start, end: row!.end, side: side ?? (row!.later ? 'remaining' : 'history') };
}

function openingQuery(from: SQL, side: OpeningSide): SQL {
  if (side === 'history') {
    return sql`select reel_id, sum(qty)::int as opening from reel_movements
               where created_at < ${from} group by reel_id having sum(qty) <> 0`;
  }
  return sql`select r.id as reel_id, (r.remaining_qty - coalesce(s.since, 0))::int as opening
             from stamp_reels r
             left join (select reel_id, sum(qty) as since from reel_movements
                         where created_at >= ${from} group by reel_id) s on s.reel_id = r.id
             where r.remaining_qty - coalesce(s.since, 0) <> 0`;
}

async function reelFigures(db: Db | Tx, { start, end, side }: Span): Promise<ReelRow[]> {
  const from = sql`${start}::timestamptz`;
  const to = sql`${end}::timestamptz`;
  const out = (type: string) => sql`coalesce(-sum(m.qty) filter (where m.type = ${type}), 0)::int`;
  return queryRows<ReelRow>(
    db,
    sql`with opening as (${openingQuery(from, side)}),
        moves as (
          select m.reel_id,
            coalesce(sum(m.qty) filter (where m.type = 'receive'), 0)::int as received,
            ${out('apply')} as applied,
            ${out('waste')} as wasted,
            ${out('damage')} as damaged,
            ${out('lost')} as destroyed,
            coalesce(sum(m.qty) filter (where m.type = 'adjust'), 0)::int as adjusted
          from reel_movements m
          where m.created_at >= ${from} and m.created_at < ${to}
          group by m.reel_id),
        returns as (
          select m.reel_id, sum(sor.returned)::int as returned
          from reel_movements m
          join stamping_order_reels sor
            on sor.stamping_order_id = m.stamping_order_id and sor.reel_id = m.reel_id
          where m.type = 'return' and m.created_at >= ${from} and m.created_at < ${to}
          group by m.reel_id),
        reels as (select reel_id from opening union select reel_id from moves)
        select r.id::int as reel_id, r.reel_no, t.name as stamp_type_name,
          r.stamp_jurisdiction_id::int as stamp_jurisdiction_id,
          j.code as jurisdiction_code, j.name as jurisdiction_name,
          coalesce(o.opening, 0) as opening, coalesce(m.received, 0) as received,
          coalesce(m.applied, 0) as applied, coalesce(m.wasted, 0) as wasted,
          coalesce(m.damaged, 0) as damaged, coalesce(m.destroyed, 0) as destroyed,
          coalesce(x.returned, 0) as returned, coalesce(m.adjusted, 0) as adjusted
        from reels k
        cross join lateral (select * from stamp_reels where id = k.reel_id) r
        cross join lateral (select code, name, sort from parameters where id = r.stamp_jurisdiction_id) j
        left join lateral (select name from parameters where id = r.stamp_type_id) t on true
        left join opening o on o.reel_id = k.reel_id
        left join moves m on m.reel_id = k.reel_id
        left join returns x on x.reel_id = k.reel_id
        order by j.sort, j.code, r.reel_no`,
  );
}

async function orderFigures(
  db: Db | Tx,
  { start, end }: Span,
): Promise<(ReconciliationOrder & { stamp_jurisdiction_id: number })[]> {
  return queryRows(
    db,
    sql`with moved as (
          select m.stamping_order_id, m.assembly_order_id, m.reel_id,
            coalesce(-sum(m.qty) filter (where m.type = 'apply'), 0)::int as applied,
            coalesce(-sum(m.qty) filter (where m.type = 'waste'), 0)::int as wasted,
            coalesce(-sum(m.qty) filter (where m.type = 'damage'), 0)::int as damaged,
            bool_or(m.type = 'return') as returned
          from reel_movements m
          where m.created_at >= ${start}::timestamptz and m.created_at < ${end}::timestamptz
            and (m.stamping_order_id is not null or m.assembly_order_id is not null)
          group by 1, 2, 3)
        select case when g.stamping_order_id is not null then 'stamping' else 'assembly' end as kind,
          coalesce(g.stamping_order_id, g.assembly_order_id)::int as order_id,
          coalesce(
            (select number from product_stamping_orders where id = g.stamping_order_id),
            (select number from assembly_orders where id = g.assembly_order_id), '') as number,
          r.reel_no, r.stamp_jurisdiction_id::int as stamp_jurisdiction_id,
          g.applied, g.wasted, g.damaged,
          case when g.returned then coalesce((select sor.returned from stamping_order_reels sor
            where sor.stamping_order_id = g.stamping_order_id and sor.reel_id = g.reel_id), 0)
          else 0 end::int as returned
        from moved g
        cross join lateral (select reel_no, stamp_jurisdiction_id from stamp_reels
                             where id = g.reel_id offset 0) r -- one key lookup a line, not a hash of every reel
        order by 3, 4`,
  );
}

/**
 * Every jurisdiction with stamps on hand or movements in `month`, its reels and orders. `side`
 * forces one way to the opening (tests compare both); by default the shorter is taken.
 */
export async function monthFigures(
  db: Db | Tx,
  month: string,
  side?: OpeningSide,
): Promise<JurisdictionFigures[]> {
  const within = await span(db, month, side);
  const [reels, orders] = [await reelFigures(db, within), await orderFigures(db, within)];
  const byJurisdiction = new Map<number, JurisdictionFigures>();
  for (const row of reels) {
    const { stamp_jurisdiction_id: id, jurisdiction_code, jurisdiction_name, ...reel } = row;
    let group = byJurisdiction.get(id);
    if (!group) {
      group = {
        stamp_jurisdiction_id: id,
        jurisdiction_code,
        jurisdiction_name,
        ...zeroFigures(),
        reels: [],
        orders: [],
      };
      byJurisdiction.set(id, group);
    }
    const closing = bookClosing(reel);
    group.reels.push({ ...reel, closing });
    for (const key of FIGURES) group[key] += reel[key];
    group.closing += closing;
  }
  for (const { stamp_jurisdiction_id: id, ...order } of orders) {
    byJurisdiction.get(id)?.orders.push(order);
  }
  return [...byJurisdiction.values()];
}

export function zeroFigures(): MonthFigures {
  return {
    opening: 0,
    received: 0,
    applied: 0,
    wasted: 0,
    damaged: 0,
    destroyed: 0,
    returned: 0,
    adjusted: 0,
    closing: 0,
  };
}
