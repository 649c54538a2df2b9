import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_MOVEMENTS } from '../../src/domain/entities/stock/inventory-movements.entity.ts';
import { RECEIVINGS } from '../../src/domain/entities/stock/receivings.entity.ts';
import { STOCK_ADJUSTMENTS } from '../../src/domain/entities/stock/stock-adjustments.entity.ts';
import {
  STOCK_LOCATOR,
  STOCK_ON_HAND,
} from '../../src/domain/entities/stock/stock-on-hand.entity.ts';
import { STOCK_LOTS } from '../../src/domain/entities/stock/stock-lots.entity.ts';
import type { List, Row } from '../support/entity-crud.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';
import { backends } from '../support/test-server.ts';

// Receivings (lots, receipts, admin-only reversal) and the read models over the ledger:
// stock on hand, the stock locator and the movements report with its running balance.

const API = RECEIVINGS.api;
const byProduct = (productId: number) => ({
  filter: [
    {
      field: 'product_id',
      field_type: 'number',
      filters: [
        { logic_operator: 'and', operator: 'equals', value_type: 'value', value: productId },
      ],
    },
  ],
});

describe.each(backends())('receivings and stock reports on %s', (backend) => {
  let w: StockWorld;
  beforeAll(async () => {
    w = await startStockWorld(backend);
  });
  afterAll(async () => w.t.close());

  async function receiving(lines: Record<string, unknown>[]) {
    const api = await w.api('inventory');
    const reply = await api.send<Row>('POST', API, {
      location_id: w.ids.main,
      received_date: '2026-01-15',
      packing_slip_no: 'PS-1',
      lines,
    });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return reply.data;
  }
  const send = async (user: string, doc: Row, event: string, extra: object = {}) =>
    (await w.api(user)).send<Row>('POST', `${API}/${doc.id}/events/${event}`, {
      version: doc.version,
      ...extra,
    });
  const list = async (api: string, productId: number) =>
    (await (await w.api('inventory')).get<List>(api, byProduct(productId))).data;

  it('requires a lot for a lot-tracked product', async () => {
    const product = await w.newProduct(true);
    const doc = await receiving([{ product_id: product, qty: 10, unit_cost: 1.5 }]);
    const reply = await send('inventory', doc, 'post');
    expect(reply.httpStatus).toBe(422);
    expect(Object.keys(reply.data)).toEqual(['lines.0.lot_no']);
  });

  it('posts: creates the lot, receives qty − rejected, shows it on hand and in the ledger', async () => {
    const product = await w.newProduct(true);
    const doc = await receiving([
      {
        product_id: product,
        lot_no: 'LOT-A',
        expiry_date: '2027-01-01',
        qty: 10,
        qty_rejected: 2,
        bin_id: w.ids.binA,
        unit_cost: 1.5,
      },
    ]);
    expect(doc.number).toMatch(/^RC-\d{5}$/);
    const posted = await send('inventory', doc, 'post');
    expect(posted.httpStatus, JSON.stringify(posted.data)).toBe(200);
    const lines = posted.data.lines as Row[];
    expect(lines[0]?.lot_id).toEqual(expect.any(Number));

    const onHand = await list(STOCK_ON_HAND.api, product);
    expect(onHand.rows).toHaveLength(1);
    expect(onHand.rows[0]).toMatchObject({
      lot_no: 'LOT-A',
      bin_code: 'A-01',
      qty_on_hand: 8,
      allocated: 0,
      available: 8,
      location_name: 'T-MAIN site',
    });
    const lots = await list(STOCK_LOTS.api, product);
    expect(lots.rows[0]).toMatchObject({
      lot_no: 'LOT-A',
      expiry_date: '2027-01-01',
      qty_on_hand: 8,
    });
    const locator = await list(STOCK_LOCATOR.api, product);
    expect(locator.rows[0]).toMatchObject({ lot_no: 'LOT-A', qty_on_hand: 8 });

    const movements = await list(INVENTORY_MOVEMENTS.api, product);
    expect(movements.rows[0]).toMatchObject({
      movement_type: 'receipt',
      document_number: doc.number,
      document_route: `/inventory/receiving/${doc.id}`,
      qty_in: 8,
      qty_out: 0,
      running_balance: 8,
    });
  });

  it('reuses an existing lot of the same product', async () => {
    const product = await w.newProduct(true);
    for (let i = 0; i < 2; i++) {
      const doc = await receiving([{ product_id: product, lot_no: 'SAME', qty: 5 }]);
      expect((await send('inventory', doc, 'post')).httpStatus).toBe(200);
    }
    const onHand = await list(STOCK_ON_HAND.api, product);
    expect(onHand.rows).toHaveLength(1);
    expect(onHand.rows[0]?.qty_on_hand).toBe(10);
  });

  it('lets only admin reverse, writes the exact opposite and a running balance of 0', async () => {
    const product = await w.newProduct(false);
    const doc = await receiving([{ product_id: product, qty: 7, unit_cost: 2 }]);
    const posted = (await send('inventory', doc, 'post')).data;
    const forbidden = await send('inventory', posted, 'reverse', { reason: 'wrong supplier' });
    expect(forbidden.httpStatus).toBe(403);
    const noReason = await send('admin', posted, 'reverse');
    expect(noReason.httpStatus).toBe(422);
    expect(noReason.data).toEqual({ reason: 'required' });
    const reversed = await send('admin', posted, 'reverse', { reason: 'wrong supplier' });
    expect(reversed.httpStatus).toBe(200);
    expect(reversed.data.status).toBe('reversed');
    expect((await list(STOCK_ON_HAND.api, product)).rows).toHaveLength(0);
    const movements = await (
      await w.api('inventory')
    ).get<List>(INVENTORY_MOVEMENTS.api, {
      ...byProduct(product),
      sort: { field: 'moved_at', direction: 'asc' },
    });
    expect(movements.data.rows.map((r) => [r.movement_type, r.qty, r.running_balance])).toEqual([
      ['receipt', 7, 7],
      ['receipt_reversal', -7, 0],
    ]);
  });

  it('refuses a reversal when the received stock is gone, and writes nothing', async () => {
    const product = await w.newProduct(false);
    const doc = await receiving([{ product_id: product, qty: 4 }]);
    const posted = (await send('inventory', doc, 'post')).data;
    const api = await w.api('inventory');
    const used = await api.send<Row>('POST', STOCK_ADJUSTMENTS.api, {
      location_id: w.ids.main,
      lines: [{ product_id: product, qty_delta: -3 }],
    });
    await api.send('POST', `${STOCK_ADJUSTMENTS.api}/${used.data.id}/events/post`, {
      version: used.data.version,
    });
    const reversal = await send('admin', posted, 'reverse', { reason: 'late' });
    expect(reversal.httpStatus).toBe(422);
    expect(String(Object.values(reversal.data)[0])).toMatch(/^Insufficient stock/);
    const again = await api.get<Row>(`${API}/${doc.id}`);
    expect(again.data.status).toBe('posted');
  });

  it('edits a draft with its version, refuses editing a posted one', async () => {
    const api = await w.api('inventory');
    const doc = await receiving([{ product_id: w.ids.untracked, qty: 1 }]);
    const edited = await api.send<Row>('PUT', `${API}/${doc.id}`, {
      version: doc.version,
      packing_slip_no: 'PS-2',
      lines: [{ product_id: w.ids.untracked, qty: 3 }],
    });
    expect(edited.httpStatus).toBe(200);
    expect(edited.data.packing_slip_no).toBe('PS-2');
    expect((edited.data.lines as Row[]).map((l) => l.qty)).toEqual([3]);
    const posted = (await send('inventory', edited.data, 'post')).data;
    const refused = await api.send('PUT', `${API}/${doc.id}`, {
      version: posted.version,
      packing_slip_no: 'x',
    });
    expect(refused.httpStatus).toBe(422);
  });

  it('exports stock on hand as CSV', async () => {
    const api = await w.api('admin');
    const response = await fetch(`${w.t.url}${STOCK_ON_HAND.api}/export?format=csv`, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(response.status).toBe(200);
    expect((await response.text()).split('\n')[0]).toContain('On hand');
  });
});
