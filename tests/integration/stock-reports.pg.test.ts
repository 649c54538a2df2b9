import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantDayStart, plantToday } from '../../server/db/plant-time.ts';
import { postMovements } from '../../server/db/stock/post-movements.ts';
import {
  INVENTORY_AGING,
  LOW_STOCK,
  PRODUCTS_AVAILABILITY,
  PRODUCTS_DIFF,
} from '../../src/domain/entities/stock/stock-reports.entity.ts';
import { STOCK_COUNTS } from '../../src/domain/entities/stock/stock-counts.entity.ts';
import type { List, Row } from '../support/entity-crud.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';
import { backends } from '../support/test-server.ts';

// The inventory reports over the ledger: aging buckets from received_at, low stock with its
// suggestion, availability net of quarantine, and system vs last counted quantity.

const equals = (field: string, value: number) => ({
  filter: [
    {
      field,
      field_type: 'number',
      filters: [{ logic_operator: 'and', operator: 'equals', value_type: 'value', value }],
    },
  ],
});

describe.each(backends())('stock reports on %s', (backend) => {
  let w: StockWorld;
  beforeAll(async () => {
    w = await startStockWorld(backend);
  });
  afterAll(async () => w.t.close());

  const put = (
    productId: number,
    qty: number,
    extra: { lotId?: number; locationId?: number; binId?: number } = {},
  ) =>
    w.db.transaction((tx) =>
      postMovements(
        tx,
        [
          {
            productId,
            locationId: extra.locationId ?? w.ids.main,
            lotId: extra.lotId ?? null,
            binId: extra.binId ?? null,
            qty,
            movementType: 'opening',
          },
        ],
        { actorId: null },
      ),
    );
  const list = async (api: string, field: string, id: number) =>
    (await (await w.api('inventory')).get<List>(api, equals(field, id))).data.rows;

  it('puts a lot in its age bucket with qty, value and days to expiry', async () => {
    const product = await w.newProduct(true);
    const lot = await w.newLot(product);
    // Noon of the plant's day 100 days back: the report counts plant days (COMPANY_TIMEZONE),
    // so a UTC-relative moment would be a day short in the evening, Toronto time.
    await w.db.execute(sql`update stock_lots
      set received_at = ${plantDayStart} - interval '100 days' + interval '12 hours',
          expiry_date = ${plantToday} + 20 where id = ${lot}`);
    await put(product, 4, { lotId: lot });
    const [row] = await list(INVENTORY_AGING.api, 'product_id', product);
    expect(row).toMatchObject({
      age_days: 100,
      age_bucket: '91-180',
      qty_on_hand: 4,
      qty_91_180: 4,
      qty_0_30: 0,
      value: 10,
      days_to_expiry: 20,
    });
  });

  it('lists products under their reorder point with a suggested quantity', async () => {
    const low = await w.newProduct();
    await put(low, 30);
    const [row] = await list(LOW_STOCK.api, 'id', low);
    expect(row).toMatchObject({ on_hand: 30, available: 30, reorder_point: 50, suggested: 120 });
    const plenty = await w.newProduct();
    await put(plenty, 500);
    expect(await list(LOW_STOCK.api, 'id', plenty)).toEqual([]);
  });

  it('keeps quarantined stock out of available', async () => {
    const product = await w.newProduct(true);
    await put(product, 10, { lotId: await w.newLot(product) });
    await put(product, 3, { lotId: await w.newLot(product, 'quarantine') });
    await put(product, 2, { locationId: w.ids.quarantine });
    const [row] = await list(PRODUCTS_AVAILABILITY.api, 'id', product);
    expect(row).toMatchObject({ on_hand: 15, quarantine: 5, allocated: 0, available: 10 });
  });

  it('compares system quantity with the last posted count', async () => {
    const product = await w.newProduct();
    await put(product, 10, { binId: w.ids.binA });
    const inventory = await w.api('inventory');
    const admin = await w.api('admin');
    const step = async (api: typeof admin, doc: Row, event: string) =>
      (
        await api.send<Row>('POST', `${STOCK_COUNTS.api}/${doc.id}/events/${event}`, {
          version: doc.version,
        })
      ).data;
    let count = (
      await inventory.send<Row>('POST', STOCK_COUNTS.api, {
        location_id: w.ids.main,
        scope: 'products',
        lines: [{ product_id: product }],
      })
    ).data;
    count = await step(inventory, await step(inventory, count, 'schedule'), 'start');
    const line = (count.lines as Row[])[0];
    count = (
      await inventory.send<Row>('PUT', `${STOCK_COUNTS.api}/${count.id}/sheet`, {
        version: count.version,
        lines: [{ id: line?.id, qty: 9 }],
      })
    ).data;
    count = await step(inventory, count, 'submit');
    count = await step(admin, await step(admin, count, 'review'), 'approve');
    expect(count.status).toBe('posted');
    await put(product, 1, { binId: w.ids.binA });
    const [row] = await list(PRODUCTS_DIFF.api, 'product_id', product);
    expect(row).toMatchObject({
      system_qty: 10,
      counted_qty: 9,
      diff_qty: 1,
      diff_value: 2.5,
      count_number: count.number,
    });
  });
});
