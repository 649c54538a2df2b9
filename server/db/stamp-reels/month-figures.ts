import { sql } from 'drizzle-orm';
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
// opening is Σ of every movement before the month began at the plant, and each figure of the
// month is Σ of its movement type within it (docs/domain/production.md "Monthly stamp
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

async function reelFigures(db: Db | Tx, month: string): Promise<ReelRow[]> {
  const start = monthStart(month);
  const end = monthStart(nextMonth(month));
  const inMonth = sql`m.created_at >= ${start}`;
  const sumOf = (type: string) =>
    sql`coalesce(-sum(m.qty) filter (where ${inMonth} and m.type = ${type}), 0)::int`;
  return queryRows<ReelRow>(
    db,
    sql`with moves as (
          select m.reel_id,
            coalesce(sum(m.qty) filter (where m.created_at < ${start}), 0)::int as opening,
            coalesce(sum(m.qty) filter (where ${inMonth} and m.type = 'receive'), 0)::int as received,
            ${sumOf('apply')} as applied,
            ${sumOf('waste')} as wasted,
            ${sumOf('damage')} as damaged,
            ${sumOf('lost')} as destroyed,
            coalesce(sum(m.qty) filter (where ${inMonth} and m.type = 'adjust'), 0)::int as adjusted,
            coalesce(sum(sor.returned) filter (where ${inMonth} and m.type = 'return'), 0)::int
              as returned,
            count(*) filter (where ${inMonth})::int as moved
          from reel_movements m
          left join stamping_order_reels sor
            on m.type = 'return' and sor.stamping_order_id = m.stamping_order_id
           and sor.reel_id = m.reel_id
          where m.created_at < ${end}
          group by m.reel_id)
        select r.id::int as reel_id, r.reel_no, t.name as stamp_type_name,
          r.stamp_jurisdiction_id::int as stamp_jurisdiction_id,
          j.code as jurisdiction_code, j.name as jurisdiction_name,
          m.opening, m.received, m.applied, m.wasted, m.damaged, m.destroyed, m.returned,
          m.adjusted
        from moves m
        join stamp_reels r on r.id = m.reel_id
        join parameters j on j.id = r.stamp_jurisdiction_id
        left join parameters t on t.id = r.stamp_type_id
        where m.opening <> 0 or m.moved > 0
        order by j.sort, j.code, r.reel_no`,
  );
}

async function orderFigures(
  db: Db | Tx,
  month: string,
): Promise<(ReconciliationOrder & { stamp_jurisdiction_id: number })[]> {
  const start = monthStart(month);
  const end = monthStart(nextMonth(month));
  return queryRows(
    db,
    sql`select case when m.stamping_order_id is not null then 'stamping' else 'assembly' end as kind,
          coalesce(m.stamping_order_id, m.assembly_order_id)::int as order_id,
          coalesce(so.number, ao.number, '') as number, r.reel_no,
          r.stamp_jurisdiction_id::int as stamp_jurisdiction_id,
          coalesce(-sum(m.qty) filter (where m.type = 'apply'), 0)::int as applied,
          coalesce(-sum(m.qty) filter (where m.type = 'waste'), 0)::int as wasted,
          coalesce(-sum(m.qty) filter (where m.type = 'damage'), 0)::int as damaged,
          coalesce(max(sor.returned) filter (where m.type = 'return'), 0)::int as returned
        from reel_movements m
        join stamp_reels r on r.id = m.reel_id
        left join product_stamping_orders so on so.id = m.stamping_order_id
        left join assembly_orders ao on ao.id = m.assembly_order_id
        left join stamping_order_reels sor
          on sor.stamping_order_id = m.stamping_order_id and sor.reel_id = m.reel_id
        where m.created_at >= ${start} and m.created_at < ${end}
          and (m.stamping_order_id is not null or m.assembly_order_id is not null)
        group by 1, 2, 3, 4, 5
        order by 3, 4`,
  );
}

/** Every jurisdiction with stamps on hand or movements in `month`, its reels and orders. */
export async function monthFigures(db: Db | Tx, month: string): Promise<JurisdictionFigures[]> {
  const [reels, orders] = [await reelFigures(db, month), await orderFigures(db, month)];
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
