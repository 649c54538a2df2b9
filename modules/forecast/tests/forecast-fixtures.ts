import { eq, sql } from 'drizzle-orm';
import { forecastProductionQtyRanges } from '../server/db/forecast.schema.ts';
import { productFamilies, products } from '../../../server/db/schema/inventory.ts';
import { salesOrderLines, salesOrders } from '../../../server/db/schema/sales.ts';
import { startSalesWorld, type SalesWorld } from '../../../tests/support/sales-fixtures.ts';
import type { Backend } from '../../../tests/support/test-server.ts';

// A sales world plus what forecast tests need, inserted directly (products, families and sales
// history belong to other modules): finished goods of one family with a bottle size and a
// reorder point (the plan's safety units), and shipped sales orders on the days a test names.

export type ForecastWorld = SalesWorld & {
  family: number;
  /** A finished good of the family (30 ml, its own strength), reorder point `safety`. */
  newFinishedGood(safety: number): Promise<number>;
  /** A sales order dated `date` from `from`, its lines shipped in full unless `status` says. */
  shipped(
    date: string,
    from: number,
    lines: { product_id: number; qty: number }[],
    status?: 'closed' | 'draft' | 'cancelled',
  ): Promise<void>;
  /** The quantity ranges in force, and only them. */
  setRanges(ranges: { min: number; max: number | null; roundTo: number }[]): Promise<void>;
};

let n = 0;

export async function startForecastWorld(backend: Backend = 'pglite'): Promise<ForecastWorld> {
  const w = await startSalesWorld(backend);
  const customer = await w.newCustomer('ON', 1_000_000);
  const [family] = await w.db
    .insert(productFamilies)
    .values({ code: `FC-${Date.now() % 100000}`, name: 'Forecast test family' })
    .returning();
  const [measure] = await w.db
    .select({ id: products.measureId })
    .from(products)
    .where(eq(products.id, w.ids.tracked));
  return {
    ...w,
    family: family!.id,
    newFinishedGood: async (safety) => {
      n += 1;
      const [row] = await w.db
        .insert(products)
        .values({
          sku: `FG-F${n}-${Math.random().toString(36).slice(2, 6)}`,
          name: `Forecast good ${n}`,
          type: 'finished_good',
          familyId: family!.id,
          measureId: measure!.id,
          nicotineMg: String(n),
          volumeMl: '30',
          isLotTracked: true,
          reorderPoint: String(safety),
        })
        .returning();
      return row!.id;
    },
    shipped: async (date, from, lines, status = 'closed') => {
      n += 1;
      const [order] = await w.db
        .insert(salesOrders)
        .values({
          number: `FT-${n}-${Math.random().toString(36).slice(2, 6)}`,
          customerId: customer,
          shipFromLocationId: from,
          orderDate: date,
          status,
          source: 'import',
        })
        .returning();
      const done = status === 'closed';
      await w.db.insert(salesOrderLines).values(
        lines.map((l) => ({
          salesOrderId: order!.id,
          productId: l.product_id,
          qty: String(l.qty),
          unitPrice: '10',
          lineTotal: String(l.qty * 10),
          qtyAllocated: done ? String(l.qty) : '0',
          qtyShipped: done ? String(l.qty) : '0',
          qtyCancelled: status === 'cancelled' ? String(l.qty) : '0',
        })),
      );
    },
    setRanges: async (ranges) => {
      await w.db.execute(sql`delete from forecast_production_qty_ranges`);
      if (ranges.length === 0) return;
      await w.db
        .insert(forecastProductionQtyRanges)
        .values(ranges.map((r) => ({ minUnits: r.min, maxUnits: r.max, roundToUnits: r.roundTo })));
    },
  };
}
