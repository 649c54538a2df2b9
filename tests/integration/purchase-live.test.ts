import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { connectEcho, disconnectEchoes, subscribed, waitFor } from '../support/echo-client.ts';
import type { Row } from '../support/entity-crud.ts';
import { startPurchaseWorld, type PurchaseWorld } from '../support/purchase-fixtures.ts';

// A purchase orders list stays live: after commit, `private-purchase.orders` carries
// purchase.created / purchase.updated with the row and its version, and every transition
// purchase.status_changed. Only the purchase area joins it.

type Delta = { id: number; seq: number; version: number; data: Row | null };

describe('purchase orders broadcast live', () => {
  let w: PurchaseWorld;
  beforeAll(async () => {
    w = await startPurchaseWorld('pglite');
  });
  afterEach(() => disconnectEchoes());
  afterAll(async () => w.t.close());

  it('announces a draft, its submission and its new status to buyers', async () => {
    const api = await w.api('purchase');
    const echo = await connectEcho(w.t.url, api.token);
    const channel = echo.private('purchase.orders');
    await subscribed(channel);
    const heard: { event: string; data: Delta }[] = [];
    const until = (n: number) =>
      new Promise<void>((resolve) => {
        for (const event of ['purchase.created', 'purchase.updated', 'purchase.status_changed']) {
          channel.listen(`.${event}`, (data: Delta) => {
            heard.push({ event, data });
            if (heard.length >= n) resolve();
          });
        }
      });
    const done = until(3);
    const supplier = await w.newSupplier();
    const draft = await api.send<Row>('POST', PURCHASE_ORDERS.api, w.orderOf(supplier.id, 1, 2));
    const submitted = await api.send<Row>(
      'POST',
      `${PURCHASE_ORDERS.api}/${draft.data.id}/events/submit`,
      { version: draft.data.version },
    );
    await waitFor(done, 'purchase events');
    expect(heard.map((h) => h.event)).toEqual([
      'purchase.created',
      'purchase.updated',
      'purchase.status_changed',
    ]);
    expect(heard[0]?.data.data).toMatchObject({ id: draft.data.id, total: 2.26 });
    expect(heard[1]?.data).toMatchObject({
      id: draft.data.id,
      version: submitted.data.version,
      data: { status: 'approved' },
    });
  });

  it('refuses the channel to a role outside purchase', async () => {
    const seller = await w.api('sale');
    const echo = await connectEcho(w.t.url, seller.token);
    await expect(subscribed(echo.private('purchase.orders'))).rejects.toBeTruthy();
  });
});
