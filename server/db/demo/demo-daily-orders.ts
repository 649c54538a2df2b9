import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { nextNumber } from '../document-number.ts';
import { plantToday } from '../plant-time.ts';
import { locations } from '../schema/general.ts';
import { products } from '../schema/inventory.ts';
import { dailyOrderLines, dailyOrders } from '../schema/daily-orders.ts';
import { users } from '../schema/users.ts';
import { logTransition } from '../transition-log.ts';

// Daily orders of the demo plant (docs/domain/production.md §3.2): the Montréal centre's requests
// for the coming days in draft, submitted (waiting for planning) and one cancelled. None is
// accepted, so the plant simulator's production orders stay its own. Comes after the users,
// locations and finished goods.

type Plan = {
  daysAhead: number;
  status: 'draft' | 'submitted' | 'cancelled';
  lines: ReadonlyArray<readonly [productIndex: number, units: number, priority: string]>;
};

const PLANS: readonly Plan[] = [
  {
    daysAhead: 3,
    status: 'draft',
    lines: [
      [0, 240, 'normal'],
      [1, 120, 'normal'],
    ],
  },
  {
    daysAhead: 1,
    status: 'submitted',
    lines: [
      [2, 480, 'high'],
      [0, 120, 'normal'],
    ],
  },
  { daysAhead: 2, status: 'submitted', lines: [[3, 360, 'urgent']] },
  { daysAhead: 1, status: 'cancelled', lines: [[1, 60, 'low']] },
];

export async function seedDemoDailyOrders(tx: Tx): Promise<void> {
  const [requester] = await tx.select().from(users).where(eq(users.username, 'requester'));
  const [centre] = await tx.select().from(locations).where(eq(locations.code, 'DC-MTL'));
  const goods = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.type, 'finished_good'),
        eq(products.status, 'active'),
        gt(products.volumeMl, '0'),
      ),
    )
    .orderBy(asc(products.sku))
    .limit(4);
  if (!requester || !centre || goods.length === 0) return;
  for (const plan of PLANS) {
    const submitted = plan.status !== 'draft';
    const [order] = await tx
      .insert(dailyOrders)
      .values({
        number: await nextNumber(tx, 'daily_order'),
        orderDate: sql`${plantToday} + ${plan.daysAhead}::int`,
        locationId: centre.id,
        status: plan.status,
        requestedBy: submitted ? requester.id : null,
        submittedBy: submitted ? requester.id : null,
        submittedAt: submitted ? new Date() : null,
        createdBy: requester.id,
        updatedBy: requester.id,
      })
      .returning({ id: dailyOrders.id });
    if (!order) throw new Error('demo daily order insert returned no row');
    const lines = new Map(
      plan.lines.map(([i, units, priority]) => [goods[i % goods.length]!.id, { units, priority }]),
    );
    await tx.insert(dailyOrderLines).values(
      [...lines].map(([productId, line]) => ({
        dailyOrderId: order.id,
        productId,
        qtyUnits: line.units,
        priority: line.priority,
        lineStatus: plan.status === 'cancelled' ? 'cancelled' : 'open',
        createdBy: requester.id,
        updatedBy: requester.id,
      })),
    );
    const steps: [string, string, string][] =
      plan.status === 'draft'
        ? []
        : [
            ['draft', 'submitted', 'submit'],
            ...(plan.status === 'cancelled'
              ? [['submitted', 'cancelled', 'cancel'] as [string, string, string]]
              : []),
          ];
    for (const [from, to, event] of steps) {
      await logTransition(tx, {
        entityType: 'daily_orders',
        entityId: order.id,
        from,
        to,
        event,
        reason: event === 'cancel' ? 'Centre stock covers the week' : null,
        actorId: requester.id,
      });
    }
  }
}
