import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { postMovements } from '../../server/db/stock/post-movements.ts';
import type { MovementInput } from '../../server/db/stock/movement-input.ts';
import {
  TRACE_API,
  TRACE_REPORT_API,
  type Trace,
  type TraceKey,
} from '../../src/domain/entities/stock/lot-trace.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';
import { backends } from '../support/test-server.ts';

// The lot trace on a generated genealogy: production orders that consume
// lots of earlier generations and produce new ones, posted through the ledger as the
// workflows post them. Every lot and order the closure reaches is in the trace, both ways,
// and nothing else; the demo's shipped lot reaches its customer and back; only the lot_trace
// roles may read it.

type Doc = { id: number; consumes: number[]; produces: number[] };

/** A deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function closure(start: number, docs: readonly Doc[], direction: 'forward' | 'backward') {
  const lots = new Set([start]);
  const reached = new Set<number>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const d of docs) {
      const [ins, outs] =
        direction === 'forward' ? [d.consumes, d.produces] : [d.produces, d.consumes];
      if (!ins.some((l) => lots.has(l))) continue;
      reached.add(d.id);
      for (const l of outs) {
        if (!lots.has(l)) {
          lots.add(l);
          grew = true;
        }
      }
    }
  }
  return { lots, docs: reached };
}

describe.each(backends())('the lot trace on %s', (backend) => {
  let w: StockWorld;
  const docs: Doc[] = [];
  const lots: number[] = [];

  beforeAll(async () => {
    w = await startStockWorld(backend);
    await w.setAllowNegative(true);
    const next = random(17);
    const product = await w.newProduct(true);
    for (let i = 0; i < 6; i += 1) lots.push(await w.newLot(product));
    await w.db.transaction((tx) =>
      postMovements(
        tx,
        lots.map((lotId) => ({
          productId: product,
          locationId: w.ids.main,
          lotId,
          qty: 100,
          movementType: 'opening' as const,
        })),
        { actorId: null },
      ),
    );
    // 12 orders over generations: each uses 1–3 lots made before it and makes 1–2 new ones.
    for (let i = 0; i < 12; i += 1) {
      const id = 800_000 + i;
      const consumes = [
        ...new Set(
          Array.from(
            { length: 1 + Math.floor(next() * 3) },
            () => lots[Math.floor(next() * lots.length)]!,
          ),
        ),
      ];
      const produces: number[] = [];
      for (let k = 0; k < 1 + Math.floor(next() * 2); k += 1)
        produces.push(await w.newLot(product));
      const moves: MovementInput[] = [
        ...consumes.map((lotId) => ({ lotId, qty: -1, movementType: 'consume' as const })),
        ...produces.map((lotId) => ({ lotId, qty: 10, movementType: 'produce' as const })),
      ].map((m) => ({
        ...m,
        productId: product,
        locationId: w.ids.main,
        sourceType: 'production_orders' as const,
        sourceId: id,
      }));
      await w.db.transaction((tx) => postMovements(tx, moves, { actorId: null }));
      docs.push({ id, consumes, produces });
      lots.push(...produces);
    }
  }, 240_000);
  afterAll(async () => w.t.close());

  const trace = async (from: string, direction = 'both', user = 'inventory') =>
    (await w.api(user)).get<Trace>(TRACE_API, { from, direction });

  const ids = (t: Trace, kind: string, side?: string) =>
    t.nodes
      .filter(
        (n) => n.kind === kind && (side === undefined || n.side === side || n.side === 'anchor'),
      )
      .map((n) => n.id)
      .sort((a, b) => a - b);
  const sorted = (s: Iterable<number>) => [...s].sort((a, b) => a - b);

  it('finds every lot and order downstream of each lot, and none extra', async () => {
    for (const lot of lots) {
      const reply = await trace(`lot:${lot}`, 'forward');
      expect(reply.httpStatus).toBe(200);
      const expected = closure(lot, docs, 'forward');
      expect(ids(reply.data, 'lot'), `lot ${lot}`).toEqual(sorted(expected.lots));
      expect(ids(reply.data, 'production_order'), `lot ${lot}`).toEqual(sorted(expected.docs));
    }
  });

  it('finds every lot and order upstream of each lot, and none extra', async () => {
    for (const lot of lots) {
      const reply = await trace(`lot:${lot}`, 'backward');
      const expected = closure(lot, docs, 'backward');
      expect(ids(reply.data, 'lot'), `lot ${lot}`).toEqual(sorted(expected.lots));
      expect(ids(reply.data, 'production_order'), `lot ${lot}`).toEqual(sorted(expected.docs));
    }
  });

  it('walks both ways at once, each node on its side, edges only between its nodes', async () => {
    const middle = docs[6]!.produces[0]!;
    const reply = await trace(`lot:${middle}`);
    const ahead = closure(middle, docs, 'forward');
    const behind = closure(middle, docs, 'backward');
    expect(ids(reply.data, 'lot', 'forward')).toEqual(sorted(ahead.lots));
    expect(ids(reply.data, 'lot', 'backward')).toEqual(sorted(behind.lots));
    const keys = new Set<TraceKey>(reply.data.nodes.map((n) => n.key));
    for (const e of reply.data.edges) expect(keys.has(e.from) && keys.has(e.to)).toBe(true);
    // Each order's edges are its own movements: a lot it used into it, a lot it made out of it.
    for (const d of docs.filter((x) => ahead.docs.has(x.id))) {
      for (const lot of d.produces) {
        expect(reply.data.edges).toContainEqual(
          expect.objectContaining({ from: `production_order:${d.id}`, to: `lot:${lot}`, qty: 10 }),
        );
      }
    }
    const layer = new Map(reply.data.nodes.map((n) => [n.key, n.layer] as const));
    expect(layer.get(`lot:${middle}`)).toBe(0);
    for (const n of reply.data.nodes) {
      if (n.side === 'forward') expect(n.layer).toBeGreaterThanOrEqual(0);
      if (n.side === 'backward') expect(n.layer).toBeLessThan(0);
    }
  });

  it('traces the demo’s order line back to its batch, raw lots, supplier lot, CoA and HPLC', async () => {
    const [line] = await queryRows<{ id: number; order: number; lot: number }>(
      w.db,
      sql`select l.sales_order_line_id::int as id, o.id::int as "order", l.lot_id::int as lot
            from allocation_lines l join stock_lots s on s.id = l.lot_id
            join production_orders o on o.id = s.production_order_id and o.product_id = s.product_id
           order by l.id limit 1`,
    );
    expect(line).toBeDefined();
    const reply = await trace(`sales_order_line:${line!.id}`);
    expect(reply.httpStatus).toBe(200);
    const kinds = new Set(reply.data.nodes.map((n) => n.kind));
    for (const kind of ['lot', 'production_order', 'supplier_lot', 'coa', 'hplc_result', 'reel']) {
      expect(kinds.has(kind as never), kind).toBe(true);
    }
    const order = reply.data.nodes.find((n) => n.key === `production_order:${line!.order}`);
    expect(order?.side).toBe('backward');
    expect(order?.people.length).toBeGreaterThan(1);
    // From the order itself: its raw lots behind, its finished lot and customer ahead.
    const fromOrder = await trace(`production_order:${line!.order}`);
    const side = new Map(fromOrder.data.nodes.map((n) => [n.key, n.side] as const));
    expect(side.get(`lot:${line!.lot}`)).toBe('forward');
    expect([...side].some(([k, v]) => k.startsWith('customer:') && v === 'forward')).toBe(true);
    expect([...side].some(([k, v]) => k.startsWith('supplier_lot:') && v === 'backward')).toBe(
      true,
    );
  });

  it('traces the demo’s shipped lot to its customer and the customer back to the lot', async () => {
    const [shipped] = await queryRows<{ lot: number; customer: number; list: number }>(
      w.db,
      sql`select l.lot_id::int as lot, s.customer_id::int as customer, a.id::int as list
            from allocation_lines l join allocations a on a.id = l.allocation_id
            join sales_orders s on s.id = a.sales_order_id
           where a.status = 'shipped' and l.lot_id is not null order by l.id limit 1`,
    );
    expect(shipped).toBeDefined();
    const forward = await trace(`lot:${shipped!.lot}`);
    const keys = forward.data.nodes.map((n) => n.key);
    expect(keys).toEqual(
      expect.arrayContaining([`packing_list:${shipped!.list}`, `customer:${shipped!.customer}`]),
    );
    const back = await trace(`customer:${shipped!.customer}`);
    expect(back.data.nodes.map((n) => n.key)).toContain(`lot:${shipped!.lot}`);
    expect(back.data.nodes.find((n) => n.key === `lot:${shipped!.lot}`)?.side).toBe('backward');

    const csv = await fetch(`${w.t.url}${TRACE_REPORT_API}?from=lot:${shipped!.lot}&format=csv`, {
      headers: { authorization: `Bearer ${(await w.api('qa_manager')).token}` },
    });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    const customer = forward.data.nodes.find((n) => n.key === `customer:${shipped!.customer}`);
    expect(text.split('\r\n')[0]).toContain('Customer,Sales order,Packing list,Ship date');
    expect(text).toContain(customer!.label);
    const pdf = await fetch(`${w.t.url}${TRACE_REPORT_API}?from=lot:${shipped!.lot}`, {
      headers: { authorization: `Bearer ${(await w.api('qa_manager')).token}` },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('refuses roles outside lot_trace, a malformed anchor and an unknown one', async () => {
    const lot = lots[0]!;
    expect((await trace(`lot:${lot}`, 'both', 'batcher')).httpStatus).toBe(403);
    expect((await trace(`lot:${lot}`, 'both', 'sale')).httpStatus).toBe(403);
    expect((await trace(`lot:${lot}`, 'both', 'qa_manager')).httpStatus).toBe(200);
    const bad = await trace('bottle:12');
    expect(bad.httpStatus).toBe(422);
    expect(bad.data).toEqual({ 'query.from': 'in' });
    expect((await trace(`lot:${lot}`, 'sideways')).httpStatus).toBe(422);
    expect((await trace('lot:999999999')).httpStatus).toBe(404);
  });
});
