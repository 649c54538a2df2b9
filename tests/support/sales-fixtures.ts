import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/query-rows.ts';
import { postMovements } from '../../server/db/stock/post-movements.ts';
import { customerAddresses, customers } from '../../server/db/schema/customers.ts';
import { currencies, provinces } from '../../server/db/schema/general.ts';
import {
  priceTierPrices,
  priceTiers,
  products,
  stockLots,
} from '../../server/db/schema/inventory.ts';
import { startStockWorld, type StockWorld } from './stock-fixtures.ts';
import type { Backend } from './test-server.ts';

// A stock world plus what sales tests need, inserted directly (customers, tiers and stock
// belong to other modules): a price tier with a quantity break, customers shipping to
// Ontario (HST 13 %) and Quebec (GST 5 % + QST 9.975 %) with a credit limit, and stock of
// lots on hand at the main warehouse.

export type SalesWorld = StockWorld & {
  tier: number;
  /** A finished good (what a sales order sells), tier priced 10.00 from 1, 9.00 from 100. */
  newPricedProduct(): Promise<number>;
  newCustomer(province: 'ON' | 'QC', creditLimit?: number): Promise<number>;
  setCustomerActive(id: number, active: boolean): Promise<void>;
  /** A lot with an expiry and `qty` on hand at the main warehouse, bin A. */
  stockLot(
    productId: number,
    qty: number,
    expiry: string,
    status?: 'released' | 'quarantine',
  ): Promise<number>;
  /** A sales order payload from the main warehouse. */
  orderOf(
    customerId: number,
    lines: { product_id: number; qty: number }[],
  ): Record<string, unknown>;
};

let n = 0;

export async function startSalesWorld(backend: Backend): Promise<SalesWorld> {
  const w = await startStockWorld(backend);
  const [cad] = await w.db.select().from(currencies).where(eq(currencies.code, 'CAD'));
  const [tier] = await w.db
    .insert(priceTiers)
    .values({ code: `T-SALES-${Date.now() % 100000}`, name: 'Test tier', currencyId: cad!.id })
    .returning();
  const provinceId = async (code: string) =>
    (await w.db.select().from(provinces).where(eq(provinces.code, code)))[0]!.id;
  return {
    ...w,
    tier: tier!.id,
    newPricedProduct: async () => {
      const product = await w.newProduct(true);
      await w.db.update(products).set({ type: 'finished_good' }).where(eq(products.id, product));
      await w.db.insert(priceTierPrices).values([
        {
          priceTierId: tier!.id,
          productId: product,
          minQty: '1',
          unitPrice: '10',
          validFrom: '2026-01-01',
        },
        {
          priceTierId: tier!.id,
          productId: product,
          minQty: '100',
          unitPrice: '9',
          validFrom: '2026-01-01',
        },
      ]);
      return product;
    },
    newCustomer: async (province, creditLimit = 10_000) => {
      n += 1;
      const [row] = await w.db
        .insert(customers)
        .values({
          code: `C-T${n}-${Math.random().toString(36).slice(2, 6)}`,
          name: `Test customer ${n}`,
          type: 'retail',
          currencyId: cad!.id,
          priceTierId: tier!.id,
          creditLimit: String(creditLimit),
        })
        .returning();
      await w.db.insert(customerAddresses).values({
        customerId: row!.id,
        kind: 'ship',
        address: `${n} Test Street`,
        provinceId: await provinceId(province),
        postalCode: province === 'ON' ? 'M5V 2T6' : 'H2X 1Y4',
        isDefault: true,
      });
      return row!.id;
    },
    setCustomerActive: async (id, active) => {
      await w.db.update(customers).set({ active }).where(eq(customers.id, id));
    },
    stockLot: async (productId, qty, expiry, status = 'released') => {
      const lot = await w.newLot(productId, 'released');
      await w.db.update(stockLots).set({ expiryDate: expiry }).where(eq(stockLots.id, lot));
      await w.db.transaction(async (tx) => {
        await postMovements(
          tx,
          [
            {
              productId,
              locationId: w.ids.main,
              lotId: lot,
              binId: w.ids.binA,
              qty,
              movementType: 'opening',
            },
          ],
          { actorId: null },
        );
      });
      // Held back after it arrived (a failed test): on hand, and never to be sold.
      if (status !== 'released') {
        await w.db.update(stockLots).set({ status }).where(eq(stockLots.id, lot));
      }
      return lot;
    },
    orderOf: (customerId, lines) => ({
      customer_id: customerId,
      ship_from_location_id: w.ids.main,
      order_date: '2026-03-02',
      lines,
    }),
  };
}

/** Σ signed `ship` movements of a lot (negative: what left). */
export async function shippedFrom(w: SalesWorld, lotId: number): Promise<number> {
  const [row] = await queryRows<{ q: number }>(
    w.db,
    sql`select coalesce(sum(qty), 0)::float8 as q from stock_movements
         where lot_id = ${lotId} and movement_type = 'ship'`,
  );
  return Number(row?.q ?? 0);
}

/** The stamp jurisdictions (Administration's lookups: the federal stamp, Ontario, Quebec) by code. */
export async function stampJurisdictions(
  w: SalesWorld,
): Promise<Map<string, { id: number; name: string }>> {
  const rows = await queryRows<{ id: number; code: string; name: string }>(
    w.db,
    sql`select p.id::int, p.code, p.name from parameters p
          join parameter_types t on t.id = p.parameter_type_id
         where t.code = 'stamp_jurisdiction'`,
  );
  return new Map(rows.map((r) => [r.code, { id: r.id, name: r.name }]));
}
