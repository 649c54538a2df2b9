import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { nextNumber } from '../document-number.ts';
import { locations } from '../schema/general.ts';
import { bins } from '../schema/inventory.ts';
import {
  receivingLines,
  receivings,
  stockCountLines,
  stockCounts,
  transferLines,
  transfers,
} from '../schema/stock.ts';
import { allocationLines, allocations } from '../schema/allocations.ts';
import { users } from '../schema/users.ts';
import { DAY, demoLedger, iso, loadItems, random } from './demo-stock-ledger.ts';

// Six months of stock for the demo catalogue: opening balances (some lots older than a year,
// so aging has every bucket), monthly receipts of materials, transfers of finished goods to
// the west distribution centre through transit, damage adjustments and one posted count.
// Written straight through postMovements with past dates, so it takes a second, not a minute.

export async function seedDemoStock(tx: Tx): Promise<void> {
  const [main] = await tx.select().from(locations).where(eq(locations.code, 'WH-MAIN'));
  const [clerk] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'inventory'));
  const [boss] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  if (!main || !clerk || !boss) return;
  const site = async (code: string, name: string, type: 'distribution_center' | 'transit') => {
    await tx.insert(locations).values({ code, name, type }).onConflictDoNothing();
    const [row] = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.code, code));
    return row!.id;
  };
  const dc = await site('DC-WEST', 'West distribution centre', 'distribution_center');
  const transit = await site('TRANSIT', 'In transit', 'transit');
  await tx
    .insert(bins)
    .values({ locationId: dc, code: 'D-01', zone: 'Dock' })
    .onConflictDoNothing();
  const [dcBin] = await tx
    .select({ id: bins.id })
    .from(bins)
    .where(and(eq(bins.locationId, dc), eq(bins.code, 'D-01')));

  const items = await loadItems(tx);
  if (items.length === 0) return;

  const rand = random(20_260_521);
  const today = Date.now();
  const start = new Date(today - 182 * DAY);
  const goods = items.filter((i) => i.type === 'finished_good');
  const materials = items.filter((i) => i.type !== 'finished_good');

  const { lot, lots, post, held, move, done, adjustment } = demoLedger(tx, main.id, clerk.id);

  // Opening balances: materials by the thousand, goods by the case; lots received up to 15
  // months before the demo window, so the aging report fills every bucket.
  for (const item of items) {
    lots.set(
      item.id,
      await lot(item, `OPEN-${item.sku}`, new Date(start.getTime() - rand(0, 450) * DAY)),
    );
  }
  await adjustment(
    start,
    items.map((item) => ({
      item,
      bin: item.bin,
      qty: openingQty(item.type, rand),
    })),
    'opening',
    'Opening balances',
  );

  for (let month = 0; month < 6; month++) {
    const at = (day: number) => new Date(start.getTime() + (month * 30 + day) * DAY);
    // A receipt of materials from a supplier.
    const received = at(rand(2, 8));
    const [rc] = await tx
      .insert(receivings)
      .values({
        number: await nextNumber(tx, 'receiving'),
        locationId: main.id,
        receivedDate: iso(received),
        packingSlipNo: `PS-${4100 + month}`,
        status: 'posted',
        createdBy: clerk.id,
        updatedBy: clerk.id,
      })
      .returning({ id: receivings.id });
    const picked = Array.from(
      { length: Math.min(6, materials.length) },
      () => materials[rand(0, materials.length - 1)]!,
    );
    const lines = [...new Set(picked)].map((item) => ({ item, qty: rand(10, 80) * 50 }));
    for (const l of lines)
      lots.set(
        l.item.id,
        await lot(l.item, `R${iso(received).replace(/-/g, '').slice(2)}-${l.item.id}`, received),
      );
    const rcLines = await tx
      .insert(receivingLines)
      .values(
        lines.map((l) => ({
          receivingId: rc!.id,
          productId: l.item.id,
          lotNo: l.item.tracked
            ? `R${iso(received).replace(/-/g, '').slice(2)}-${l.item.id}`
            : null,
          lotId: lots.get(l.item.id) ?? null,
          qty: String(l.qty),
          binId: l.item.bin,
          unitCost: String(l.item.cost),
        })),
      )
      .returning({ id: receivingLines.id });
    await post(
      lines.map((l, i) => ({
        ...move(l.item, main.id, l.item.bin, l.qty, 'receipt', received, 'receivings', rc!.id),
        sourceLineId: rcLines[i]?.id ?? null,
      })),
      clerk.id,
    );
    await done('receivings', rc!.id, 'draft', 'posted', 'post', clerk.id);

    // Finished goods to the west DC: shipped into transit, received two days later.
    const shipped = at(rand(10, 18));
    const sent = [
      ...new Set(
        Array.from({ length: Math.min(4, goods.length) }, () => goods[rand(0, goods.length - 1)]!),
      ),
    ]
      .map((item) => ({ item, qty: Math.floor(held(item, main.id, item.bin) / 4) }))
      .filter((l) => l.qty > 0);
    if (sent.length > 0) {
      const last = month === 5;
      const [tr] = await tx
        .insert(transfers)
        .values({
          number: await nextNumber(tx, 'transfer'),
          kind: 'dc_replenishment',
          fromLocationId: main.id,
          toLocationId: dc,
          requestedDate: iso(shipped),
          shippedAt: shipped,
          receivedAt: last ? null : new Date(shipped.getTime() + 2 * DAY),
          status: last ? 'in_transit' : 'received',
          createdBy: clerk.id,
          updatedBy: clerk.id,
        })
        .returning({ id: transfers.id });
      await tx.insert(transferLines).values(
        sent.map((l) => ({
          transferId: tr!.id,
          productId: l.item.id,
          lotId: lots.get(l.item.id) ?? null,
          fromBinId: l.item.bin,
          toBinId: dcBin!.id,
          qtySent: String(l.qty),
          qtyReceived: last ? '0' : String(l.qty),
        })),
      );
      await post(
        sent.flatMap((l) => [
          move(l.item, main.id, l.item.bin, -l.qty, 'transfer_out', shipped, 'transfers', tr!.id),
          move(l.item, transit, null, l.qty, 'transfer_in', shipped, 'transfers', tr!.id),
        ]),
        clerk.id,
      );
      if (!last) {
        const arrived = new Date(shipped.getTime() + 2 * DAY);
        await post(
          sent.flatMap((l) => [
            move(l.item, transit, null, -l.qty, 'transfer_out', arrived, 'transfers', tr!.id),
            move(l.item, dc, dcBin!.id, l.qty, 'transfer_in', arrived, 'transfers', tr!.id),
          ]),
          clerk.id,
        );
      }
      await done(
        'transfers',
        tr!.id,
        'ready',
        last ? 'in_transit' : 'received',
        last ? 'ship' : 'receive',
        clerk.id,
      );
    }

    // Damaged goods written off.
    const damaged = goods[rand(0, goods.length - 1)];
    if (damaged && held(damaged, main.id, damaged.bin) >= 12) {
      await adjustment(
        at(rand(20, 27)),
        [{ item: damaged, bin: damaged.bin, qty: -rand(1, 12) }],
        'adjustment',
        'Damaged in handling',
      );
    }
  }

  // A posted count of ten goods, counted by inventory and approved by admin.
  const countedAt = new Date(today - 20 * DAY);
  const [sc] = await tx
    .insert(stockCounts)
    .values({
      number: await nextNumber(tx, 'stock_count'),
      locationId: main.id,
      scope: 'products',
      scheduledDate: iso(countedAt),
      status: 'posted',
      submittedBy: clerk.id,
      approvedBy: boss.id,
      postedAt: countedAt,
      createdBy: clerk.id,
      updatedBy: boss.id,
    })
    .returning({ id: stockCounts.id });
  const counted = goods.slice(0, 10).map((item) => {
    const snapshot = held(item, main.id, item.bin);
    return { item, snapshot, counted: Math.max(0, snapshot + rand(-4, 2)) };
  });
  await tx.insert(stockCountLines).values(
    counted.map((c) => ({
      countId: sc!.id,
      productId: c.item.id,
      lotId: lots.get(c.item.id) ?? null,
      binId: c.item.bin,
      snapshotQty: String(c.snapshot),
      countedQty: String(c.counted),
      varianceValue: ((c.counted - c.snapshot) * c.item.cost).toFixed(2),
      countedBy: clerk.id,
    })),
  );
  await post(
    counted.map((c) =>
      move(
        c.item,
        main.id,
        c.item.bin,
        c.counted - c.snapshot,
        'count_variance',
        countedAt,
        'stock_counts',
        sc!.id,
      ),
    ),
    boss.id,
  );
  await done('stock_counts', sc!.id, 'variance_review', 'posted', 'approve', boss.id);

  // Packing lists: a shipped one a week ago and an allocated one for tomorrow.
  for (const [index, status] of (['shipped', 'allocated'] as const).entries()) {
    const shipDate = new Date(today + (index === 0 ? -7 : 1) * DAY);
    const lines = goods
      .slice(10 + index * 3, 13 + index * 3)
      .map((item) => ({ item, qty: Math.floor(held(item, main.id, item.bin) / 5) }))
      .filter((l) => l.qty > 0);
    if (lines.length === 0) continue;
    const [pl] = await tx
      .insert(allocations)
      .values({
        number: await nextNumber(tx, 'allocation'),
        shipFromLocationId: main.id,
        shipDate: iso(shipDate),
        carrier: 'Purolator',
        status,
        createdBy: clerk.id,
        updatedBy: clerk.id,
      })
      .returning({ id: allocations.id });
    const shipped = status === 'shipped';
    await tx.insert(allocationLines).values(
      lines.map((l) => ({
        allocationId: pl!.id,
        productId: l.item.id,
        lotId: lots.get(l.item.id) ?? null,
        binId: l.item.bin,
        qtyAllocated: String(l.qty),
        qtyPicked: shipped ? String(l.qty) : '0',
        qtyShipped: shipped ? String(l.qty) : '0',
      })),
    );
    if (shipped) {
      await post(
        lines.map((l) =>
          move(l.item, main.id, l.item.bin, -l.qty, 'ship', shipDate, 'allocations', pl!.id),
        ),
        clerk.id,
      );
    }
    await done(
      'allocations',
      pl!.id,
      shipped ? 'packed' : 'draft',
      status,
      shipped ? 'ship' : 'allocate',
      clerk.id,
    );
  }
}

/**
 * Goods by the case; liquids for batching by the drum (ml), enough for a few weeks of the
 * demo plant's batches (PG and VG make up most of every batch); the rest by the hundred.
 */
function openingQty(type: string, rand: (min: number, max: number) => number): number {
  if (type === 'finished_good') return rand(20, 120) * 12;
  if (type === 'carrier') return rand(400, 800) * 1000;
  if (type === 'nicotine_base' || type === 'flavour_concentrate') return rand(40, 120) * 1000;
  return rand(5, 60) * 100;
}
