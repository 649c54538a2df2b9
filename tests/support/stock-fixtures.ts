import { ALLOCATION_OPEN_STATUSES } from '../../server/db/schema/allocations.ts';
import { asc, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/query-rows.ts';
import type { Db } from '../../server/db/client.ts';
import { locations, settings } from '../../server/db/schema/general.ts';
import { bins, measures, products, stockLots } from '../../server/db/schema/inventory.ts';
import { tokenFor } from './api-client.ts';
import { entityClient, type EntityApiClient } from './entity-crud.ts';
import { startTestServer, type Backend, type TestServer } from './test-server.ts';

// A server with the master data stock tests need, inserted directly (products and bins have
// routes of their own module): two warehouses with bins, a transit, a quarantine and a lab
// location, a floor under the main warehouse (one site), a lot-tracked product and an untracked one.

export type StockWorld = {
  t: TestServer;
  db: Db;
  api: (user: string) => Promise<EntityApiClient>;
  ids: {
    main: number;
    /** A location under main: the same site, so a transfer there is one step. */
    floor: number;
    second: number;
    transit: number;
    quarantine: number;
    lab: number;
    binA: number;
    binB: number;
    secondBin: number;
    tracked: number;
    untracked: number;
  };
  /** A product of its own, so one test's stock never meets another's. */
  newProduct(tracked?: boolean): Promise<number>;
  newLot(productId: number, status?: 'quarantine' | 'released'): Promise<number>;
  setAllowNegative(value: boolean): Promise<void>;
  /** Σ movements and the balance of every key, to compare. */
  ledgerAndBalances(): Promise<{ ledger: Map<string, number>; balances: Map<string, number> }>;
};

let counter = 0;

export async function startStockWorld(backend: Backend = 'pglite'): Promise<StockWorld> {
  return stockWorldOn(await startTestServer({ backend }));
}

/** The stock master data on a server already running (one that other fixtures share). */
export async function stockWorldOn(t: TestServer): Promise<StockWorld> {
  const db = t.server.database.db;
  const tokens = new Map<string, string>();
  const api = async (user: string) => {
    let token = tokens.get(user);
    if (!token) {
      token = await tokenFor(t.url, user);
      tokens.set(user, token);
    }
    return entityClient(t.url, token);
  };
  const [measure] = await db
    .insert(measures)
    .values({ code: 'ea-t', name: 'Each', kind: 'count' })
    .returning();
  const location = async (
    code: string,
    type: 'warehouse' | 'production' | 'transit' | 'quarantine' | 'lab',
    parentId?: number,
  ) => {
    const [row] = await db
      .insert(locations)
      .values({ code, name: `${code} site`, type, parentId })
      .returning();
    return row!.id;
  };
  const main = await location('T-MAIN', 'warehouse');
  const floor = await location('T-FLOOR', 'production', main);
  const second = await location('T-SECOND', 'warehouse');
  // Transfers ship through the plant's first transit location; the demo seeds one already.
  const [seededTransit] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.type, 'transit'))
    .orderBy(asc(locations.id))
    .limit(1);
  const transit = seededTransit?.id ?? (await location('T-TRANSIT', 'transit'));
  const quarantine = await location('T-QUAR', 'quarantine');
  const lab = await location('T-LAB', 'lab');
  const bin = async (locationId: number, code: string) => {
    const [row] = await db.insert(bins).values({ locationId, code }).returning();
    return row!.id;
  };
  const newProduct = async (tracked = false) => {
    counter += 1;
    const [row] = await db
      .insert(products)
      .values({
        sku: `SKU-${counter}-${Math.random().toString(36).slice(2, 6)}`,
        name: `Test product ${counter}`,
        type: 'raw_material',
        measureId: measure!.id,
        isLotTracked: tracked,
        standardCost: '2.5',
        reorderPoint: '50',
        reorderQty: '100',
      })
      .returning();
    return row!.id;
  };
  const newLot = async (productId: number, status: 'quarantine' | 'released' = 'released') => {
    counter += 1;
    const [row] = await db
      .insert(stockLots)
      .values({ productId, lotNo: `L${counter}`, source: 'receipt', status })
      .returning();
    return row!.id;
  };
  return {
    t,
    db,
    api,
    ids: {
      main,
      floor,
      second,
      transit,
      quarantine,
      lab,
      binA: await bin(main, 'A-01'),
      binB: await bin(main, 'B-01'),
      secondBin: await bin(second, 'S-01'),
      tracked: await newProduct(true),
      untracked: await newProduct(false),
    },
    newProduct,
    newLot,
    setAllowNegative: async (value) => {
      await db
        .insert(settings)
        .values({ key: 'inventory.allow_negative', value })
        .onConflictDoUpdate({ target: settings.key, set: { value } });
    },
    ledgerAndBalances: async () => {
      const key = (r: Record<string, unknown>) =>
        [r.product_id, r.location_id, r.lot_id ?? 0, r.bin_id ?? 0].join(':');
      const ledger = await queryRows<Record<string, unknown>>(
        db,
        sql`select product_id, location_id, lot_id, bin_id, sum(qty)::float8 as q
          from stock_movements group by 1, 2, 3, 4`,
      );
      const balances = await queryRows<Record<string, unknown>>(
        db,
        sql`select product_id, location_id, lot_id, bin_id, qty_on_hand::float8 as q
          from stock_balances`,
      );
      return {
        ledger: new Map(ledger.map((r) => [key(r), Number(r.q)])),
        balances: new Map(balances.map((r) => [key(r), Number(r.q)])),
      };
    },
  };
}

/** What a product has on hand everywhere, and how much of it open packing lists hold. */
export async function onHandAndHeld(db: Db, productId: number) {
  const [row] = await queryRows<{ on_hand: number; held: number }>(
    db,
    sql`select (select coalesce(sum(qty_on_hand), 0) from stock_balances
                 where product_id = ${productId})::float8 as on_hand,
               (select coalesce(sum(al.qty_allocated - al.qty_shipped), 0)
                  from allocation_lines al join allocations a on a.id = al.allocation_id
                 where al.product_id = ${productId}
                   and a.status in (${sql.join(
                     ALLOCATION_OPEN_STATUSES.map((s) => sql`${s}`),
                     sql`, `,
                   )}))::float8 as held`,
  );
  return row!;
}
