import type { Tx } from '../client.ts';
import { lookUpTraceDemo } from './demo-trace-context.ts';
import { seedTracedOrder } from './demo-trace-production.ts';
import { seedTracedSale } from './demo-trace-sale.ts';
import { seedTracedStampingAndTransfer } from './demo-trace-shipping.ts';

// One lot the trace can follow end to end: the lab's released nicotine lot (supplier lot
// NRL-FB-2611-A with its CoA) and released PG, VG and mango concentrate go into a batch of Mango 6
// mg (HPLC passed), bottled and Ontario-stamped as FG-MANGO-06-30-ON on a reel of RL-ON-24003,
// loaded on skid SK-0002, transferred to WH-MAIN and shipped in part to customer C-0002 on an order
// still open for its other line. Rows, movements and transitions as the workflows write them, by
// the roles that do each step; the order's reel line counts no stamps, so the reel ledger seeded
// before stays whole (**decision**).

export async function seedDemoTrace(tx: Tx): Promise<void> {
  const demo = await lookUpTraceDemo(tx);
  if (!demo) return;
  const order = await seedTracedOrder(tx, demo);
  if (!order) return;
  await seedTracedStampingAndTransfer(tx, demo, order);
  await seedTracedSale(tx, demo, order.finishedLot);
}
