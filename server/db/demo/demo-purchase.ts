import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { nextNumber } from '../document-number.ts';
import { writePurchaseOrderFigures } from '../purchase/purchase-order-totals.ts';
import { countries, currencies, locations, provinces } from '../schema/general.ts';
import { products } from '../schema/inventory.ts';
import {
  purchaseOrderLines,
  purchaseOrders,
  supplierProducts,
  suppliers,
} from '../schema/purchase.ts';
import { users } from '../schema/users.ts';
import { logTransition } from '../transition-log.ts';

// Suppliers of the demo plant with what they sell us, and purchase orders in the statuses a
// buyer meets (draft, waiting for an admin, approved, sent, on hold, cancelled). The label
// stock (PK-LBL-*) has no supplier yet, so its low-stock suggestion waits for one: the
// purchase journey adds it. Comes after the users, locations and products.

type SupplierPlan = {
  code: string;
  name: string;
  currency: string;
  country: string;
  province: string | null;
  /** street, city, postal code */
  address: readonly [string, string, string];
  email: string;
  taxNumber: string | null;
  leadTime: number;
  /** sku, supplier sku, unit price, MOQ, preferred */
  products: ReadonlyArray<readonly [string, string, string, string, boolean]>;
};

const SUPPLIERS: readonly SupplierPlan[] = [
  {
    code: 'SUP-GLYC',
    name: 'Great Lakes Glycols',
    currency: 'CAD',
    country: 'CA',
    province: 'ON',
    address: ['455 Industrial Parkway North', 'Aurora', 'L4G 4C3'],
    email: 'orders@greatlakesglycols.example',
    taxNumber: '812004561RT0001',
    leadTime: 7,
    products: [
      ['RM-PG-USP', 'PG-USP-IBC', '0.0039', '20000', true],
      ['RM-VG-USP', 'VG-USP-IBC', '0.0036', '20000', true],
    ],
  },
  {
    code: 'SUP-NICO',
    name: 'Nicotine River Labs',
    currency: 'USD',
    country: 'US',
    province: 'NC',
    address: ['1200 Research Triangle Drive', 'Durham', '27709'],
    email: 'sales@nicotineriver.example',
    taxNumber: 'EIN 84-3920117',
    leadTime: 28,
    products: [
      ['RM-NIC-FB-100', 'NRL-FB100', '0.0590', '5000', true],
      ['RM-NIC-SALT-100', 'NRL-SB100', '0.0790', '5000', true],
    ],
  },
  {
    code: 'SUP-PACK',
    name: 'Maple Packaging',
    currency: 'CAD',
    country: 'CA',
    province: 'QC',
    address: ['3300 boulevard Industriel', 'Laval', 'H7L 4R9'],
    email: 'commandes@maplepackaging.example',
    taxNumber: '779311024RT0001',
    leadTime: 14,
    products: [
      ['PK-BTL-30', 'MP-B30-PET', '0.1150', '1000', true],
      ['PK-BTL-60', 'MP-B60-PET', '0.1450', '1000', true],
      ['PK-CAP-CR', 'MP-CAP-CRTE', '0.0650', '2000', true],
      ['PK-CTN-30-24', 'MP-CTN-24', '0.6200', '250', true],
      ['PK-CTN-60-12', 'MP-CTN-12', '0.5800', '250', true],
    ],
  },
  {
    code: 'SUP-GRIP',
    name: 'Grip Closures (second source)',
    currency: 'CAD',
    country: 'CA',
    province: 'ON',
    address: ['88 Bramsteele Road', 'Brampton', 'L6W 3K6'],
    email: 'info@gripclosures.example',
    taxNumber: null,
    leadTime: 21,
    products: [['PK-CAP-CR', 'GC-CR-20', '0.0720', '5000', false]],
  },
];

type OrderPlan = {
  supplier: string;
  status: 'draft' | 'pending_approval' | 'approved' | 'sent' | 'on_hold' | 'cancelled';
  /** sku, qty */
  lines: ReadonlyArray<readonly [string, number]>;
  daysAgo: number;
};

const ORDERS: readonly OrderPlan[] = [
  { supplier: 'SUP-GLYC', status: 'draft', lines: [['RM-VG-USP', 40000]], daysAgo: 0 },
  {
    supplier: 'SUP-NICO',
    status: 'pending_approval',
    lines: [
      ['RM-NIC-FB-100', 60000],
      ['RM-NIC-SALT-100', 30000],
    ],
    daysAgo: 1,
  },
  { supplier: 'SUP-PACK', status: 'approved', lines: [['PK-BTL-30', 20000]], daysAgo: 2 },
  {
    supplier: 'SUP-PACK',
    status: 'sent',
    lines: [
      ['PK-BTL-60', 8000],
      ['PK-CAP-CR', 12000],
    ],
    daysAgo: 6,
  },
  { supplier: 'SUP-GLYC', status: 'on_hold', lines: [['RM-PG-USP', 20000]], daysAgo: 9 },
  { supplier: 'SUP-GRIP', status: 'cancelled', lines: [['PK-CAP-CR', 5000]], daysAgo: 20 },
];

/** The events that brought an order to its status, for its timeline. */
const PATHS: Readonly<Record<OrderPlan['status'], readonly (readonly [string, string])[]>> = {
  draft: [],
  pending_approval: [['submit_for_approval', 'pending_approval']],
  approved: [['submit', 'approved']],
  sent: [
    ['submit', 'approved'],
    ['send', 'sent'],
  ],
  on_hold: [
    ['submit', 'approved'],
    ['hold', 'on_hold'],
  ],
  cancelled: [['cancel', 'cancelled']],
};

const REASONS: Readonly<Record<string, string>> = {
  hold: 'Waiting for the supplier to confirm the new price list',
  cancel: 'Ordered from Maple Packaging instead',
};

const isoDay = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function idsBy<T extends { id: number }>(rows: Promise<T[]>, key: (row: T) => string) {
  return new Map((await rows).map((row) => [key(row), row.id]));
}

export async function seedDemoPurchase(tx: Tx): Promise<void> {
  const [buyer] = await tx.select().from(users).where(eq(users.username, 'purchase'));
  const [warehouse] = await tx.select().from(locations).where(eq(locations.code, 'WH-MAIN'));
  if (!buyer || !warehouse) return;
  const currency = await idsBy(tx.select().from(currencies), (r) => r.code);
  const country = await idsBy(tx.select().from(countries), (r) => r.iso2);
  const province = await idsBy(tx.select().from(provinces), (r) => r.code);
  const skus = [...new Set(SUPPLIERS.flatMap((s) => s.products.map(([sku]) => sku)))];
  const product = await idsBy(
    tx.select().from(products).where(inArray(products.sku, skus)),
    (r) => r.sku,
  );
  const supplierIds = new Map<string, number>();
  for (const plan of SUPPLIERS) {
    const [row] = await tx
      .insert(suppliers)
      .values({
        code: plan.code,
        name: plan.name,
        currencyId: currency.get(plan.currency) ?? currency.get('CAD')!,
        countryId: country.get(plan.country) ?? null,
        provinceId: plan.province ? (province.get(plan.province) ?? null) : null,
        street: plan.address[0],
        city: plan.address[1],
        postalCode: plan.address[2],
        email: plan.email,
        taxNumber: plan.taxNumber,
        leadTimeDays: plan.leadTime,
        paymentTermsDays: 30,
        createdBy: buyer.id,
        updatedBy: buyer.id,
      })
      .returning({ id: suppliers.id });
    if (!row) continue;
    supplierIds.set(plan.code, row.id);
    const sold = plan.products.filter(([sku]) => product.has(sku));
    if (sold.length === 0) continue;
    await tx.insert(supplierProducts).values(
      sold.map(([sku, supplierSku, price, moq, preferred]) => ({
        supplierId: row.id,
        productId: product.get(sku)!,
        supplierSku,
        unitPrice: price,
        moq,
        preferred,
      })),
    );
  }
  for (const plan of ORDERS) {
    const supplierId = supplierIds.get(plan.supplier);
    const lines = plan.lines.filter(([sku]) => product.has(sku));
    if (!supplierId || lines.length === 0) continue;
    const prices = new Map(
      SUPPLIERS.find((s) => s.code === plan.supplier)!.products.map(([sku, , price]) => [
        sku,
        price,
      ]),
    );
    const [order] = await tx
      .insert(purchaseOrders)
      .values({
        number: await nextNumber(tx, 'purchase_order'),
        supplierId,
        orderDate: isoDay(plan.daysAgo),
        expectedDate: isoDay(plan.daysAgo - 14),
        shipToLocationId: warehouse.id,
        createdBy: buyer.id,
        updatedBy: buyer.id,
      })
      .returning({ id: purchaseOrders.id });
    if (!order) continue;
    await tx.insert(purchaseOrderLines).values(
      lines.map(([sku, qty]) => ({
        purchaseOrderId: order.id,
        productId: product.get(sku)!,
        qty: String(qty),
        unitPrice: prices.get(sku) ?? '0',
      })),
    );
    await writePurchaseOrderFigures(tx, order.id, null);
    let from = 'draft';
    for (const [event, to] of PATHS[plan.status]) {
      await logTransition(tx, {
        entityType: 'purchase_orders',
        entityId: order.id,
        from,
        to,
        event,
        reason: REASONS[event] ?? null,
        actorId: buyer.id,
      });
      from = to;
    }
    await tx
      .update(purchaseOrders)
      .set({
        status: plan.status,
        submittedBy: plan.status === 'draft' || plan.status === 'cancelled' ? null : buyer.id,
        heldFrom: plan.status === 'on_hold' ? 'approved' : null,
      })
      .where(eq(purchaseOrders.id, order.id));
  }
}
