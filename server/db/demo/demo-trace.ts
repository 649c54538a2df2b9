import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { nextNumber } from '../document-number.ts';
import { queryRows } from '../query-rows.ts';
import { stockLots } from '../schema/inventory.ts';
import {
  batchingPicks,
  hplcRequests,
  hplcResults,
  productionOrders,
} from '../schema/production-orders.ts';
import { skidItems } from '../schema/production-transfers.ts';
import { salesOrderLines, salesOrders } from '../schema/sales.ts';
import { productStampingOrders, stampingOrderReels } from '../schema/stamping-orders.ts';
import { allocationLines, allocations, transferLines, transfers } from '../schema/stock.ts';
import { writeSalesOrderFigures } from '../sales/sales-order-totals.ts';
import { postMovements, type MovementInput } from '../stock/post-movements.ts';
import { logTransition } from '../stock/transition-log.ts';

// One lot the trace can follow end to end (issue 17 item 5): the lab's released nicotine lot
// (supplier lot NRL-FB-2611-A with its CoA) and released PG, VG and mango concentrate go into
// a batch of Mango 6 mg (HPLC passed), bottled and Ontario-stamped as FG-MANGO-06-30-ON on a
// reel of RL-ON-24003, loaded on skid SK-0002, transferred to WH-MAIN and shipped in part to
// customer C-0002 on an order still open for its other line. Rows, movements and transitions
// as the workflows write them, by the roles that do each step; the order's reel line counts
// no stamps, so the reel ledger seeded before stays whole (**decision**).

const DAY = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
const isoDay = (daysAgo: number) => day(daysAgo).toISOString().slice(0, 10);
const UNITS = 500;
const BATCH_ML = 15_000;
const SHIPPED = 120;

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

async function idOf(tx: Tx, query: ReturnType<typeof sql>) {
  const [row] = await queryRows<{ id: number }>(tx, query);
  return row ? Number(row.id) : null;
}

export async function seedDemoTrace(tx: Tx): Promise<void> {
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
    return;
  if (inputs.some(([s]) => s === null)) return;

  const number = await nextNumber(tx, 'production_order');
  const [order] = await tx
    .insert(productionOrders)
    .values({
      number,
      productId: fg,
      recipeId: recipe,
      flowId: flow,
      stampJurisdictionId: reel[0].jurisdiction,
      plannedUnits: UNITS,
      plannedMl: String(BATCH_ML),
      dueDate: isoDay(12),
      status: 'completed',
      stage: 'transferred',
      hplcStatus: 'passed',
      actualBatchMl: String(BATCH_ML),
      bottledUnits: UNITS,
      labeledUnits: UNITS,
      stampedUnits: UNITS,
      transferredUnits: UNITS,
      submittedBy: who.planning,
      startedAt: day(16),
      completedAt: day(12),
      createdBy: who.planning,
      updatedBy: who.planning,
    })
    .returning({ id: productionOrders.id });
  if (!order) return;
  const lot = async (productId: number, lotNo: string, daysAgo: number) => {
    const [row] = await tx
      .insert(stockLots)
      .values({
        productId,
        lotNo,
        source: 'production',
        productionOrderId: order.id,
        receivedAt: day(daysAgo),
        createdBy: who.batcher,
        updatedBy: who.batcher,
      })
      .returning({ id: stockLots.id });
    return row!.id;
  };
  const batchLot = await lot(bulk, `${number}-B`, 16);
  const finishedLot = await lot(fg, number, 14);
  await tx.execute(
    sql`update production_orders set batch_lot_id = ${batchLot} where id = ${order.id}`,
  );

  const made = (m: Omit<MovementInput, 'sourceType' | 'sourceId'>): MovementInput => ({
    ...m,
    sourceType: 'production_orders',
    sourceId: order.id,
  });
  for (const [stock, qty] of inputs) {
    await tx.insert(batchingPicks).values({
      productionOrderId: order.id,
      productId: stock!.product,
      lotId: stock!.lot,
      locationId: stock!.location,
      binId: stock!.bin,
      requiredQty: String(Math.min(qty, stock!.qty)),
      pickedQty: String(Math.min(qty, stock!.qty)),
      pickedBy: who.batcher,
    });
  }
  await postMovements(
    tx,
    [
      ...inputs.map(([stock, qty]) =>
        made({
          productId: stock!.product,
          lotId: stock!.lot,
          locationId: stock!.location,
          binId: stock!.bin,
          qty: -Math.min(qty, stock!.qty),
          movementType: 'consume',
          movedAt: day(16),
        }),
      ),
      made({
        productId: bulk,
        lotId: batchLot,
        locationId: place.floor,
        qty: BATCH_ML,
        movementType: 'produce',
        movedAt: day(16),
      }),
    ],
    { actorId: who.batcher },
  );
  await postMovements(
    tx,
    [
      made({
        productId: bulk,
        lotId: batchLot,
        locationId: place.floor,
        qty: -BATCH_ML,
        movementType: 'consume',
        movedAt: day(14),
      }),
      made({
        productId: fg,
        lotId: finishedLot,
        locationId: place.floor,
        qty: UNITS,
        movementType: 'produce',
        movedAt: day(13),
      }),
    ],
    { actorId: who.bottler },
  );
  const steps: Array<[string, string, string, number, number]> = [
    ['approved', 'released', 'release', who.planning, 17],
    ['released', 'in_progress', 'start_batching', who.batcher, 16],
    ['in_progress', 'in_progress', 'hplc_pass', who.hplc_tech, 15],
    ['in_progress', 'in_progress', 'finish_bottling', who.bottler, 14],
    ['in_progress', 'in_progress', 'finish_stamping', who.stamper, 13],
    ['in_progress', 'completed', 'transfer_received', who.transfer, 12],
  ];
  for (const [from, to, event, actorId] of steps) {
    await logTransition(tx, {
      entityType: 'production_orders',
      entityId: order.id,
      from,
      to,
      event,
      reason: null,
      actorId,
    });
  }

  const [request] = await tx
    .insert(hplcRequests)
    .values({
      number: await nextNumber(tx, 'hplc_request'),
      productionOrderId: order.id,
      productId: bulk,
      lotId: batchLot,
      sampledAt: day(16),
      status: 'passed',
      createdBy: who.batcher,
      updatedBy: who.hplc_tech,
    })
    .returning({ id: hplcRequests.id });
  await tx.insert(hplcResults).values({
    hplcRequestId: request!.id,
    nominalMg: '6',
    minPct: '90',
    maxPct: '110',
    measuredMg: '5.94',
    replicates: [5.92, 5.95, 5.95],
    percentOfClaim: '99',
    passed: true,
    analystId: who.hplc_tech,
    testedAt: day(15),
    createdBy: who.hplc_tech,
    updatedBy: who.hplc_tech,
  });

  const [stamping] = await tx
    .insert(productStampingOrders)
    .values({
      number: await nextNumber(tx, 'product_stamping_order'),
      productionOrderId: order.id,
      productId: fg,
      lotId: finishedLot,
      locationId: place.floor,
      stampJurisdictionId: reel[0].jurisdiction,
      machineId: machine,
      plannedUnits: UNITS,
      status: 'finished',
      stampedUnits: UNITS,
      stamperId: who.stamper,
      startedAt: day(13),
      finishedAt: day(13),
      createdBy: who.stamper,
      updatedBy: who.stamper,
    })
    .returning({ id: productStampingOrders.id });
  await tx.insert(stampingOrderReels).values({
    stampingOrderId: stamping!.id,
    reelId: reel[0].id,
    createdBy: who.stamper,
    updatedBy: who.stamper,
  });

  const [transfer] = await tx
    .insert(transfers)
    .values({
      number: await nextNumber(tx, 'transfer'),
      kind: 'production_output',
      fromLocationId: place.floor,
      toLocationId: place.main,
      productionOrderId: order.id,
      shippedAt: day(12),
      receivedAt: day(12),
      status: 'received',
      createdBy: who.transfer,
      updatedBy: who.transfer,
    })
    .returning({ id: transfers.id });
  const skid = await idOf(tx, sql`select id::int as id from skids where code = 'SK-0002'`);
  await tx.insert(transferLines).values({
    transferId: transfer!.id,
    productId: fg,
    lotId: finishedLot,
    skidId: skid,
    qtySent: String(UNITS),
    qtyReceived: String(UNITS),
  });
  if (skid) {
    await tx.insert(skidItems).values({
      skidId: skid,
      productionOrderId: order.id,
      productId: fg,
      lotId: finishedLot,
      transferId: transfer!.id,
      cases: 10,
      units: UNITS,
      createdBy: who.transfer,
      updatedBy: who.transfer,
    });
  }
  const moved = (
    locationId: number,
    qty: number,
    movementType: 'transfer_out' | 'transfer_in',
  ): MovementInput => ({
    productId: fg,
    lotId: finishedLot,
    locationId,
    qty,
    movementType,
    sourceType: 'transfers',
    sourceId: transfer!.id,
    movedAt: day(12),
  });
  await postMovements(
    tx,
    [moved(place.floor, -UNITS, 'transfer_out'), moved(place.main, UNITS, 'transfer_in')],
    {
      actorId: who.transfer,
    },
  );

  // Shipped in part: the 60 ml line waits for stock, so the order stays confirmed.
  const [sale] = await tx
    .insert(salesOrders)
    .values({
      number: await nextNumber(tx, 'sales_order'),
      customerId: customer,
      shipFromLocationId: place.main,
      orderDate: isoDay(11),
      requestedShipDate: isoDay(9),
      status: 'confirmed',
      allocationStatus: 'partially_allocated',
      shippingStatus: 'partially_shipped',
      createdBy: who.sale,
      updatedBy: who.sale,
    })
    .returning({ id: salesOrders.id });
  const [line] = await tx
    .insert(salesOrderLines)
    .values([
      {
        salesOrderId: sale!.id,
        productId: fg,
        qty: String(SHIPPED),
        qtyAllocated: String(SHIPPED),
        qtyShipped: String(SHIPPED),
        createdBy: who.sale,
        updatedBy: who.sale,
      },
      {
        salesOrderId: sale!.id,
        productId: other,
        qty: '24',
        createdBy: who.sale,
        updatedBy: who.sale,
      },
    ])
    .returning({ id: salesOrderLines.id });
  await writeSalesOrderFigures(tx, sale!.id);
  await logTransition(tx, {
    entityType: 'sales_orders',
    entityId: sale!.id,
    from: 'draft',
    to: 'confirmed',
    event: 'confirm',
    reason: null,
    actorId: who.sale,
  });
  const [list] = await tx
    .insert(allocations)
    .values({
      number: await nextNumber(tx, 'allocation'),
      salesOrderId: sale!.id,
      customerId: customer,
      shipFromLocationId: place.main,
      shipDate: isoDay(9),
      carrier: 'Purolator',
      status: 'shipped',
      createdBy: who.shipping,
      updatedBy: who.shipping,
    })
    .returning({ id: allocations.id });
  const [listLine] = await tx
    .insert(allocationLines)
    .values({
      allocationId: list!.id,
      salesOrderLineId: line!.id,
      productId: fg,
      lotId: finishedLot,
      qtyAllocated: String(SHIPPED),
      qtyPicked: String(SHIPPED),
      qtyShipped: String(SHIPPED),
    })
    .returning({ id: allocationLines.id });
  await logTransition(tx, {
    entityType: 'allocations',
    entityId: list!.id,
    from: 'packed',
    to: 'shipped',
    event: 'ship',
    reason: null,
    actorId: who.shipping,
  });
  await postMovements(
    tx,
    [
      {
        productId: fg,
        lotId: finishedLot,
        locationId: place.main,
        qty: -SHIPPED,
        movementType: 'ship',
        sourceType: 'allocations',
        sourceId: list!.id,
        sourceLineId: listLine!.id,
        movedAt: day(9),
      },
    ],
    { actorId: who.shipping },
  );
}
