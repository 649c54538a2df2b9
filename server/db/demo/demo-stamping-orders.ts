import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { nextNumber } from '../document-number.ts';
import { queryRows } from '../query-rows.ts';
import { productStampingOrders, stampingOrderReels } from '../schema/stamping-orders.ts';
import { logTransition } from '../transition-log.ts';

// Demo stamping orders (docs/domain/production.md §3.2) in the states a stamper meets: a finished
// restamp of Ontario stock whose reel history is the demo reel RL-ON-24002's (issued 5000, 2310
// applied, 15 wasted, 2675 returned), one ready to ask for reels, a draft for Quebec and a
// cancelled one. Rows and their transitions only: no reel or stock moves beyond the reels' own
// history, so the reel ledger and the stock seeded before stay as they are. The ready one sits
// where its unstamped stock is, so it can be started and finished from the screens.

const DAY = 86_400_000;

type Ids = { stamper: number; machine: number; location: number };

async function ids(tx: Tx): Promise<Ids | null> {
  const [row] = await queryRows<{ stamper: number; machine: number; location: number }>(
    tx,
    sql`select (select id::int from users where username = 'stamper') as stamper,
               (select id::int from machines where code = 'STM-01') as machine,
               (select id::int from locations where code = 'PROD') as location`,
  );
  return row?.stamper && row.machine && row.location ? row : null;
}

/** A stamped SKU of `code` and the unstamped one it is made from. */
async function skus(tx: Tx, code: string) {
  const [row] = await queryRows<{ stamped: number; source: number; jurisdiction: number }>(
    tx,
    sql`select s.id::int as stamped, u.id::int as source,
               s.stamp_jurisdiction_id::int as jurisdiction
          from products s join products u on u.sku = left(s.sku, length(s.sku) - ${code.length + 1})
         where s.sku like ${`FG-%-${code}`} order by s.sku limit 1`,
  );
  return row ?? null;
}

export async function seedDemoStampingOrders(tx: Tx): Promise<void> {
  const who = await ids(tx);
  const on = await skus(tx, 'ON');
  const qc = await skus(tx, 'QC');
  if (!who || !on || !qc) return;
  const base = {
    machineId: who.machine,
    locationId: who.location,
    createdBy: who.stamper,
    updatedBy: who.stamper,
  };
  const insert = async (values: Partial<typeof productStampingOrders.$inferInsert>) => {
    const [row] = await tx
      .insert(productStampingOrders)
      .values({
        ...base,
        number: await nextNumber(tx, 'product_stamping_order'),
        productId: on.stamped,
        sourceProductId: on.source,
        stampJurisdictionId: on.jurisdiction,
        plannedUnits: 100,
        ...values,
      })
      .returning({ id: productStampingOrders.id });
    if (!row) throw new Error('demo stamping order: insert returned no row');
    return row.id;
  };
  const steps = async (id: number, path: ReadonlyArray<readonly [string, string, string]>) => {
    for (const [from, to, event] of path) {
      await logTransition(tx, {
        entityType: 'product_stamping_orders',
        entityId: id,
        from,
        to,
        event,
        reason: event === 'cancel' ? 'Replanned on the standard flow' : null,
        payload: null,
        actorId: who.stamper,
      });
    }
  };

  const [reel] = await queryRows<{ id: number; first: number; last: number }>(
    tx,
    sql`select id::int as id, first_serial::float8 as first, last_serial::float8 as last
          from stamp_reels where reel_no = 'RL-ON-24002'`,
  );
  if (reel) {
    const finishedAt = new Date(Date.now() - 54 * DAY);
    const done = await insert({
      status: 'finished',
      plannedUnits: 2400,
      counterStart: 905_000,
      counterEnd: 907_325,
      appliedStamps: 2310,
      wastedStamps: 15,
      returnedStamps: 2675,
      wastedBottles: 6,
      stampedUnits: 2310,
      stamperId: who.stamper,
      startedAt: new Date(finishedAt.getTime() - DAY),
      finishedAt,
      createdAt: new Date(finishedAt.getTime() - 2 * DAY),
    });
    await tx.insert(stampingOrderReels).values({
      stampingOrderId: done,
      reelId: reel.id,
      issuedQty: 5000,
      firstSerial: reel.first,
      lastSerial: reel.last,
      applied: 2310,
      wasted: 15,
      returned: 2675,
      createdBy: who.stamper,
      updatedBy: who.stamper,
    });
    await steps(done, [
      ['draft', 'ready', 'save'],
      ['ready', 'reel_pending', 'start'],
      ['reel_pending', 'in_progress', 'issue'],
      ['in_progress', 'finished', 'finish'],
    ]);
  }
  // The order to start next restamps stock where it is: the largest balance of its SKU.
  const [held] = await queryRows<{
    location: number;
    bin: number | null;
    lot: number | null;
    qty: number;
  }>(
    tx,
    sql`select location_id::int as location, bin_id::int as bin, lot_id::int as lot,
               qty_on_hand::float8 as qty
          from stock_balances where product_id = ${on.source} and qty_on_hand > 0
         order by qty_on_hand desc limit 1`,
  );
  const ready = await insert({
    status: 'ready',
    plannedUnits: held ? Math.max(1, Math.min(800, Math.floor(held.qty))) : 800,
    ...(held ? { locationId: held.location, binId: held.bin, lotId: held.lot } : {}),
  });
  await steps(ready, [['draft', 'ready', 'save']]);
  await insert({
    status: 'draft',
    plannedUnits: 300,
    productId: qc.stamped,
    sourceProductId: qc.source,
    stampJurisdictionId: qc.jurisdiction,
  });
  const cancelled = await insert({
    status: 'cancelled',
    plannedUnits: 150,
    cancelReason: 'Replanned on the standard flow',
  });
  await steps(cancelled, [['draft', 'cancelled', 'cancel']]);
}
