import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import {
  stampingOrderReels,
  productStampingOrders,
} from '../../server/db/schema/stamping-orders.ts';
import { stampReels } from '../../server/db/schema/stamp-reels.ts';
import { postReelMovements, type ReelMove } from '../../server/db/stamp-reels/reel-ledger.ts';

// A month of reel movements, written back-dated through the reel ledger itself, for the stamp
// reconciliation's tests (docs/domain/production.md "Monthly stamp reconciliation"). March 2025
// lies long before the demo's reels, so its figures are these and nothing else:
//
//   ON  reel A: 1,000 received 20 Feb (the opening); in March stamping order ST-RC-<tag> takes it
//       and applies 600, wastes 20, damages 5 and returns 375.
//       reel B: 500 received 5 Mar, adjusted −10 on 20 Mar; 100 applied on 2 Apr (April's).
//   QC  reel C: 300 received in January, written off as lost on 12 Mar.
//
// ON March: opening 1,000, received 500, applied 600, wasted 20, damaged 5, returned 375,
// adjusted −10, closing 865. QC March: opening 300, destroyed 300, closing 0.

export const RECON_MONTH = '2025-03';

export const ON_MARCH = {
  opening: 1000,
  received: 500,
  applied: 600,
  wasted: 20,
  damaged: 5,
  destroyed: 0,
  returned: 375,
  adjusted: -10,
  closing: 865,
};

const at = (iso: string) => new Date(`${iso}T15:00:00Z`);

export type StampMonth = { on: number; qc: number; orderNumber: string; reels: string[] };

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db, query);
  if (!row) throw new Error('the demo data lacks what the stamp month needs');
  return row;
}

export async function seedStampMonth(db: Db, tag = 'RC'): Promise<StampMonth> {
  const param = (type: string, code: string) =>
    one<{ id: number }>(
      db,
      sql`select p.id::int as id from parameters p join parameter_types t on t.id = p.parameter_type_id
          where t.code = ${type} and p.code = ${code}`,
    );
  const on = (await param('stamp_jurisdiction', 'ON')).id;
  const qc = (await param('stamp_jurisdiction', 'QC')).id;
  const type = (await param('stamp_type', 'federal_provincial')).id;
  const keeper = await one<{ id: number }>(
    db,
    sql`select id::int as id from users where username = 'stamp_inventory'`,
  );
  const good = await one<{ id: number }>(
    db,
    sql`select id::int as id from products where sku = 'FG-MANGO-06-30'`,
  );
  const machine = await one<{ id: number }>(
    db,
    sql`select id::int as id from machines where code = 'STM-01'`,
  );
  const floor = await one<{ id: number }>(
    db,
    sql`select id::int as id from locations where code = 'PROD'`,
  );
  const serial = 900_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
  return db.transaction(async (tx) => {
    const reel = async (no: string, jurisdiction: number, qty: number, first: number) => {
      const [row] = await tx
        .insert(stampReels)
        .values({
          reelNo: `${no}-${tag}`,
          stampJurisdictionId: jurisdiction,
          stampTypeId: type,
          firstSerial: first,
          lastSerial: first + qty - 1,
          stampsQty: qty,
          receivedAt: '2025-01-10',
          status: 'available',
          createdBy: keeper.id,
        })
        .returning({ id: stampReels.id });
      return row!.id;
    };
    const a = await reel('RC-A', on, 1000, serial);
    const b = await reel('RC-B', on, 500, serial + 2000);
    const c = await reel('RC-C', qc, 300, serial + 4000);
    const [order] = await tx
      .insert(productStampingOrders)
      .values({
        number: `ST-${tag}-1`,
        sourceProductId: good.id,
        productId: good.id,
        locationId: floor.id,
        stampJurisdictionId: on,
        machineId: machine.id,
        plannedUnits: 600,
        status: 'finished',
        appliedStamps: 600,
        wastedStamps: 20,
        damagedStamps: 5,
        returnedStamps: 375,
        stampedUnits: 600,
      })
      .returning({ id: productStampingOrders.id });
    await tx.insert(stampingOrderReels).values({
      stampingOrderId: order!.id,
      reelId: a,
      issuedQty: 1000,
      applied: 600,
      wasted: 20,
      damaged: 5,
      returned: 375,
    });
    const st = order!.id;
    const moves: ReelMove[] = [
      { reelId: a, type: 'receive', qty: 1000, at: at('2025-02-20') },
      { reelId: c, type: 'receive', qty: 300, at: at('2025-01-10') },
      { reelId: b, type: 'receive', qty: 500, at: at('2025-03-05') },
      { reelId: a, type: 'issue', qty: 0, stampingOrderId: st, at: at('2025-03-10') },
      { reelId: a, type: 'apply', qty: -600, stampingOrderId: st, at: at('2025-03-11') },
      { reelId: a, type: 'waste', qty: -20, stampingOrderId: st, at: at('2025-03-11') },
      { reelId: a, type: 'damage', qty: -5, stampingOrderId: st, at: at('2025-03-11') },
      { reelId: a, type: 'return', qty: 0, stampingOrderId: st, at: at('2025-03-11') },
      { reelId: c, type: 'lost', qty: -300, at: at('2025-03-12'), note: 'Burnt in a fire' },
      { reelId: b, type: 'adjust', qty: -10, at: at('2025-03-20'), note: 'Recount' },
      { reelId: b, type: 'apply', qty: -100, at: at('2025-04-02') },
    ];
    for (const move of moves) await postReelMovements(tx, [move], keeper.id);
    return {
      on,
      qc,
      orderNumber: `ST-${tag}-1`,
      reels: [`RC-A-${tag}`, `RC-B-${tag}`, `RC-C-${tag}`],
    };
  });
}
