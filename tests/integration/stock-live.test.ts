import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_ON_HAND } from '../../src/domain/entities/stock/stock-on-hand.entity.ts';
import { STOCK_ADJUSTMENTS } from '../../src/domain/entities/stock/stock-adjustments.entity.ts';
import { connectEcho, disconnectEchoes, subscribed, waitFor } from '../support/echo-client.ts';
import type { Row } from '../support/entity-crud.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';

// What keeps a stock-on-hand grid live: every posting broadcasts the balance rows it changed
// (`stock_balance.created|updated|deleted` with the row's new seq and version) and
// `stock.moved` per product × location, after commit, on `private-inventory.stock`.

type Delta = { id: number; seq: number; version: number; data: Row | null };
type Heard = { event: string; data: unknown };

describe('stock balances broadcast live', () => {
  let w: StockWorld;
  beforeAll(async () => {
    w = await startStockWorld();
  });
  afterEach(() => disconnectEchoes());
  afterAll(async () => w.t.close());

  /** Listens on the stock channel and collects every event until `until` is heard. */
  async function listen(until: (heard: Heard[]) => boolean) {
    const api = await w.api('inventory');
    const echo = await connectEcho(w.t.url, api.token);
    const channel = echo.private('inventory.stock');
    await subscribed(channel);
    const heard: Heard[] = [];
    const done = new Promise<Heard[]>((resolve) => {
      for (const event of [
        'stock.moved',
        ...['created', 'updated', 'deleted'].map((v) => `stock_balance.${v}`),
      ]) {
        channel.listen(`.${event}`, (data: unknown) => {
          heard.push({ event, data });
          if (until(heard)) resolve(heard);
        });
      }
    });
    return () => waitFor(done, 'stock events');
  }

  async function post(productId: number, qtyDelta: number) {
    const api = await w.api('inventory');
    const doc = await api.send<Row>('POST', STOCK_ADJUSTMENTS.api, {
      location_id: w.ids.main,
      lines: [{ product_id: productId, bin_id: w.ids.binA, qty_delta: qtyDelta }],
    });
    const posted = await api.send<Row>(
      'POST',
      `${STOCK_ADJUSTMENTS.api}/${doc.data.id}/events/post`,
      {
        version: doc.data.version,
      },
    );
    expect(posted.httpStatus, JSON.stringify(posted.data)).toBe(200);
  }

  const balanceOf = (heard: Heard[], verb: string) =>
    heard.find((h) => h.event === `stock_balance.${verb}`)?.data as Delta | undefined;

  it('announces a new balance, then its updates with a newer version, then its emptying', async () => {
    const api = await w.api('inventory');
    const product = await w.newProduct();

    const created = await listen((h) => h.length >= 2);
    await post(product, 10);
    const first = await created();
    expect(first.find((h) => h.event === 'stock.moved')?.data).toEqual({
      product_id: product,
      location_id: w.ids.main,
      delta: 10,
    });
    const born = balanceOf(first, 'created');
    expect(born).toMatchObject({ data: null, version: 1 });
    const row = await api.get<Row>(`${STOCK_ON_HAND.api}/${born!.id}`);
    expect(row.data).toMatchObject({ product_id: product, qty_on_hand: 10 });
    disconnectEchoes();

    const updated = await listen((h) => h.length >= 2);
    await post(product, -4);
    const changed = balanceOf(await updated(), 'updated');
    expect(changed).toMatchObject({ id: born!.id, version: 2 });
    expect(changed!.seq).toBeGreaterThan(born!.seq);
    // The poll of a live list finds the same change from the snapshot's seq.
    const since = await api.get<{ rows: Row[] }>(`${STOCK_ON_HAND.api}/changes`, {
      since: born!.seq,
    });
    expect(since.data.rows.find((r) => r.id === born!.id)).toMatchObject({
      qty_on_hand: 6,
      version: 2,
    });
    disconnectEchoes();

    const emptied = await listen((h) => h.length >= 2);
    await post(product, -6);
    expect(balanceOf(await emptied(), 'deleted')).toMatchObject({ id: born!.id, version: 3 });
  });
});
