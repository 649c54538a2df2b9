import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../server/auth/session-user.ts';
import type { Tx } from '../../../server/db/client.ts';
import { nextNumber } from '../../../server/db/document-number.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import { allocate, cancel, close, ship } from './db/sales-order-stock.ts';
import { writeSalesOrderFigures } from './db/sales-order-totals.ts';
import { customerAddresses, customers } from '../../../server/db/schema/customers.ts';
import { currencies, locations, provinces, settings } from '../../../server/db/schema/general.ts';
import { priceTiers } from '../../../server/db/schema/inventory.ts';
import { discounts, salesOrderLines, salesOrders } from '../../../server/db/schema/sales.ts';
import { users } from '../../../server/db/schema/users.ts';
import { logTransition } from '../../../server/db/transition-log.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';
import {
  DEFAULT_DISCOUNT_APPROVAL_AMOUNT,
  DEFAULT_DISCOUNT_APPROVAL_PCT,
} from '../shared/entities/discount-approval.ts';
import type { EventContext } from '../../../server/db/document-event.ts';
import type { PostingOutcome } from '../../../server/db/stock/posting-outcome.ts';

// Sales demo (docs/domain/sales.md §6): the demo's customers priced from tiers (wholesale and
// distributors from WHOLESALE, the rest from the default RETAIL), customers in Alberta and
// Nova Scotia whose taxes come from their ship-to province, a stackable and a non-stackable
// discount, and one order in each state: draft, confirmed, allocated, shipped (closed),
// partly shipped then closed, cancelled. Orders move through the same stock code as the
// routes (allocation from released lots FEFO, ship movements), so the ledger stays whole.

const isoDay = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const NEW_CUSTOMERS = [
  {
    code: 'C-0006',
    name: 'Prairie Cloud Vapour',
    type: 'wholesale' as const,
    province: 'AB',
    creditLimit: 40_000,
    address: '10250 101 Street NW, Edmonton',
    postalCode: 'T5J 3P4',
  },
  {
    code: 'C-0007',
    name: 'Harbour Vape Co.',
    type: 'retail' as const,
    province: 'NS',
    creditLimit: 12_000,
    address: '1505 Barrington Street, Halifax',
    postalCode: 'B3J 3K5',
  },
];

type Step = { event: string; to: string; reason?: string };

/** Each demo order: customer, lines (index into the stocked goods, qty), its path. */
const ORDERS: readonly {
  customer: string;
  daysAgo: number;
  lines: readonly (readonly [number, number])[];
  /** A line of the fourth good for more than is on hand, so allocation stops part way. */
  short?: number;
  path: readonly Step[];
}[] = [
  {
    customer: 'C-0002',
    daysAgo: 1,
    lines: [
      [0, 24],
      [1, 12],
    ],
    path: [],
  },
  {
    customer: 'C-0003',
    daysAgo: 3,
    lines: [[2, 144]],
    path: [{ event: 'confirm', to: 'confirmed' }],
  },
  {
    customer: 'C-0001',
    daysAgo: 5,
    lines: [
      [0, 36],
      [3, 48],
    ],
    path: [
      { event: 'confirm', to: 'confirmed' },
      { event: 'allocate', to: 'confirmed' },
    ],
  },
  {
    customer: 'C-0007',
    daysAgo: 12,
    lines: [[1, 12]],
    path: [
      { event: 'confirm', to: 'confirmed' },
      { event: 'allocate', to: 'confirmed' },
      { event: 'ship', to: 'closed' },
    ],
  },
  {
    customer: 'C-0006',
    daysAgo: 20,
    lines: [[2, 24]],
    short: 12,
    path: [
      { event: 'confirm', to: 'confirmed' },
      { event: 'allocate', to: 'confirmed' },
      { event: 'ship_partial', to: 'confirmed' },
      {
        event: 'close',
        to: 'closed',
        reason: 'The customer takes what shipped; the rest is out of stock',
      },
    ],
  },
  {
    customer: 'C-0005',
    daysAgo: 8,
    lines: [[3, 12]],
    path: [{ event: 'cancel', to: 'cancelled', reason: 'Duplicate of a web order' }],
  },
];

// The demo runs the effects in its own transaction, with nobody to tell: postings are not announced.
const EFFECTS: Record<string, (ctx: EventContext) => Promise<PostingOutcome>> = {
  allocate,
  ship,
  ship_partial: ship,
  close,
  cancel,
};

async function seedCustomers(tx: Tx, retail: number, wholesale: number) {
  await tx
    .update(customers)
    .set({ priceTierId: wholesale })
    .where(
      and(inArray(customers.type, ['wholesale', 'distributor']), isNull(customers.priceTierId)),
    );
  const [cad] = await tx.select().from(currencies).where(eq(currencies.code, 'CAD'));
  if (!cad) return;
  for (const c of NEW_CUSTOMERS) {
    const [province] = await tx.select().from(provinces).where(eq(provinces.code, c.province));
    const [row] = await tx
      .insert(customers)
      .values({
        code: c.code,
        name: c.name,
        type: c.type,
        currencyId: cad.id,
        priceTierId: c.type === 'retail' ? retail : wholesale,
        creditLimit: String(c.creditLimit),
      })
      .onConflictDoNothing()
      .returning();
    if (!row || !province) continue;
    await tx.insert(customerAddresses).values(
      (['bill', 'ship'] as const).map((kind) => ({
        customerId: row.id,
        kind,
        address: c.address,
        provinceId: province.id,
        postalCode: c.postalCode,
        isDefault: true,
      })),
    );
  }
}

async function seedDiscounts(tx: Tx, loyal: number | undefined) {
  await tx.insert(discounts).values([
    {
      code: 'LOYAL-5',
      name: 'Key account, 5 % on everything',
      kind: 'percent',
      value: '5',
      scope: loyal ? 'customer' : 'all',
      scopeId: loyal ?? null,
      validFrom: '2026-01-01',
      stackable: true,
    },
    {
      code: 'CASE-1',
      name: 'A dollar off each unit by the case of 144',
      kind: 'amount',
      value: '1',
      scope: 'all',
      minQty: '144',
      validFrom: '2026-01-01',
      stackable: false,
    },
  ]);
}

/** Finished goods with free released stock at the location, most first. */
async function stockedGoods(tx: Tx, location: number) {
  return queryRows<{ id: number; free: number }>(
    tx,
    sql`select p.id::int, sum(b.qty_on_hand)::float8 as free
          from stock_balances b join products p on p.id = b.product_id
          join stock_lots l on l.id = b.lot_id and l.status = 'released'
         where b.location_id = ${location} and p.type = 'finished_good' and b.qty_on_hand > 0
           and exists (select 1 from price_tier_prices tp where tp.product_id = p.id)
         group by p.id having sum(b.qty_on_hand) >= 200 order by 2 desc, 1 limit 4`,
  );
}

async function context(tx: Tx, id: number, actor: number, reason: string | null) {
  const [doc] = await queryRows<EntityRow>(
    tx,
    sql`select id::int, version, seq::int, number, customer_id::int, ship_from_location_id::int,
               requested_ship_date::text from sales_orders where id = ${id}`,
  );
  const lines = await queryRows<EntityRow>(
    tx,
    sql`select l.id::int, l.version, l.seq::int, l.product_id::int, p.sku as product_sku, l.qty::float8 as qty,
               l.qty_allocated::float8 as qty_allocated, l.qty_shipped::float8 as qty_shipped,
               l.qty_cancelled::float8 as qty_cancelled
          from sales_order_lines l join products p on p.id = l.product_id
         where l.sales_order_id = ${id} order by l.id`,
  );
  const ctx: EventContext = {
    tx,
    actor: { id: actor } as SessionUser,
    doc: doc!,
    lines,
    reason,
    body: {},
  };
  return ctx;
}

export async function seedDemoSales(tx: Tx): Promise<void> {
  // The limits past which a discount waits for approval, with their defaults; a value kept.
  await tx
    .insert(settings)
    .values([
      { key: 'sales.discount_approval_pct', value: DEFAULT_DISCOUNT_APPROVAL_PCT },
      { key: 'sales.discount_approval_amount', value: DEFAULT_DISCOUNT_APPROVAL_AMOUNT },
    ])
    .onConflictDoNothing({ target: settings.key });
  const tiers = new Map((await tx.select().from(priceTiers)).map((t) => [t.code, t.id] as const));
  const retail = tiers.get('RETAIL');
  const wholesale = tiers.get('WHOLESALE');
  const [seller] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'sale'));
  const [main] = await tx.select().from(locations).where(eq(locations.code, 'WH-MAIN'));
  if (!retail || !wholesale || !seller || !main) return;
  await seedCustomers(tx, retail, wholesale);
  const customer = new Map((await tx.select().from(customers)).map((c) => [c.code, c.id] as const));
  await seedDiscounts(tx, customer.get('C-0001'));
  const goods = await stockedGoods(tx, main.id);
  if (goods.length < 4) return;
  for (const plan of ORDERS) {
    const customerId = customer.get(plan.customer);
    if (!customerId) continue;
    const [order] = await tx
      .insert(salesOrders)
      .values({
        number: await nextNumber(tx, 'sales_order'),
        customerId,
        shipFromLocationId: main.id,
        orderDate: isoDay(plan.daysAgo),
        requestedShipDate: isoDay(plan.daysAgo - 7),
        createdBy: seller.id,
        updatedBy: seller.id,
      })
      .returning({ id: salesOrders.id });
    if (!order) continue;
    const lines = plan.lines.map(([i, qty]) => ({ productId: goods[i]!.id, qty }));
    const scarce = goods[3]!;
    if (plan.short) lines.push({ productId: scarce.id, qty: Math.ceil(scarce.free) + plan.short });
    await tx.insert(salesOrderLines).values(
      lines.map((l) => ({
        salesOrderId: order.id,
        productId: l.productId,
        qty: String(l.qty),
        createdBy: seller.id,
        updatedBy: seller.id,
      })),
    );
    await writeSalesOrderFigures(tx, order.id);
    let from = 'draft';
    for (const step of plan.path) {
      const ctx = await context(tx, order.id, seller.id, step.reason ?? null);
      const outcome = (await EFFECTS[step.event]?.(ctx)) ?? {};
      await tx
        .update(salesOrders)
        .set({ ...(outcome.set ?? {}), status: step.to })
        .where(eq(salesOrders.id, order.id));
      await logTransition(tx, {
        entityType: 'sales_orders',
        entityId: order.id,
        from,
        to: step.to,
        event: step.event,
        reason: step.reason ?? null,
        actorId: seller.id,
      });
      from = step.to;
    }
  }
}
