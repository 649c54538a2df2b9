import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLASHPOINT_CLASSES } from '../../shared/entities/flashpoint-classes.entity.ts';
import { LAB_RECEIVINGS } from '../../shared/entities/lab-receivings.entity.ts';
import { RECEIVING_CONTAINERS } from '../../shared/entities/receiving-containers.entity.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { locations } from '../../../../server/db/schema/general.ts';
import { products } from '../../../../server/db/schema/inventory.ts';
import { suppliers } from '../../../../server/db/schema/purchase.ts';
import { tokenFor } from '../../../../tests/support/api-client.ts';
import {
  entityClient,
  type EntityApiClient,
  type List,
  type Row,
} from '../../../../tests/support/entity-crud.ts';
import {
  backends,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server.ts';

// Lab receiving (docs/domain/lab-receiving.md §10) through HTTP on the demo plant: flashpoint
// ranges, the workflow by role and guard, containers adding up to their item, posting into a
// quarantine lot in one transaction, and release letting the lot out of quarantine.

const API = LAB_RECEIVINGS.api;
let lotCounter = 0;
const lotNo = () => `T-LOT-${Date.now().toString(36)}-${++lotCounter}`;

describe.each(backends())('lab receiving on %s', (backend) => {
  let t: TestServer;
  const clients = new Map<string, EntityApiClient>();
  const api = async (user: string) => {
    if (!clients.has(user)) clients.set(user, entityClient(t.url, await tokenFor(t.url, user)));
    return clients.get(user)!;
  };
  const ids = { lab: 0, warehouse: 0, supplier: 0, nicotine: 0, pg: 0, bottle: 0 };

  beforeAll(async () => {
    t = await startTestServer({ backend });
    const db = t.server.database.db;
    const loc = async (code: string) =>
      (await db.select().from(locations).where(eq(locations.code, code)))[0]!.id;
    const product = async (sku: string) =>
      (await db.select().from(products).where(eq(products.sku, sku)))[0]!.id;
    ids.lab = await loc('LAB');
    ids.warehouse = await loc('WH-MAIN');
    ids.supplier = (await db.select().from(suppliers).where(eq(suppliers.code, 'SUP-NICO')))[0]!.id;
    ids.nicotine = await product('RM-NIC-FB-100');
    ids.pg = await product('RM-PG-USP');
    ids.bottle = await product('PK-BTL-30');
    // The first suite of a run builds the demo template: slow on a shared machine.
  }, 240_000);
  afterAll(async () => t.close());

  const item = (extra: Record<string, unknown> = {}) => ({
    product_id: ids.nicotine,
    supplier_lot_no: lotNo(),
    qty: 1000,
    container_count: 4,
    flashpoint_c: 101.5,
    ...extra,
  });
  async function draft(lines: Record<string, unknown>[], header: Record<string, unknown> = {}) {
    const reply = await (
      await api('warehouse')
    ).send<Row>('POST', API, {
      supplier_id: ids.supplier,
      location_id: ids.lab,
      received_at: '2026-11-20',
      carrier: 'Purolator',
      lines,
      ...header,
    });
    return reply;
  }
  const send = async (user: string, doc: Row, event: string, extra: object = {}) =>
    (await api(user)).send<Row>('POST', `${API}/${doc.id}/events/${event}`, {
      version: doc.version,
      ...extra,
    });
  async function uploadCoa(user = 'warehouse') {
    const response = await fetch(`${t.url}/api/attachments?file_name=coa.pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(await api(user)).token}` },
      body: new Uint8Array(Buffer.from('%PDF-1.7\nCoA\n%%EOF\n')),
    });
    return ((await response.json()) as { data: { id: number } }).data.id;
  }
  const setResults = async (doc: Row, body: Record<string, unknown>) =>
    (await api('warehouse')).send<Row>(
      'PUT',
      `${API}/${doc.id}/items/${(doc.lines as Row[])[0]!.id}`,
      { version: doc.version, ...body },
    );
  const containersOf = async (doc: Row) =>
    (
      await (
        await api('supervisor')
      ).get<List>(RECEIVING_CONTAINERS.api, {
        filter: [
          {
            field: 'lab_receiving_number',
            field_type: 'text',
            filters: [
              {
                logic_operator: 'and',
                operator: 'equals',
                value_type: 'value',
                value: String(doc.number),
              },
            ],
          },
        ],
        sort: { field: 'id', direction: 'asc' },
      })
    ).data.rows;
  const lotOf = async (lotId: unknown) =>
    (
      await queryRows<{ status: string; lot_no: string }>(
        t.server.database.db,
        sql`select status, lot_no from stock_lots where id = ${Number(lotId)}`,
      )
    )[0];
  const movementsOf = (doc: Row) =>
    queryRows<{ qty: string; movement_type: string; location_id: number }>(
      t.server.database.db,
      sql`select qty, movement_type, location_id from stock_movements
           where source_type = 'lab_receivings' and source_id = ${doc.id}`,
    );

  describe('flashpoint classes', () => {
    it('refuses a range that overlaps another class, naming it', async () => {
      const reply = await (
        await api('supervisor')
      ).send('POST', FLASHPOINT_CLASSES.api, {
        code: 'OVER',
        name: 'Overlaps FL-3',
        min_c: 50,
        max_c: 70,
        hazard_category: '3',
      });
      expect(reply.httpStatus).toBe(422);
      expect(String((reply.data as Record<string, string>).min_c)).toMatch(/overlaps class FL-3/);
    });

    it('refuses an upside-down range, and a writer outside the supervisor row', async () => {
      const upside = await (
        await api('supervisor')
      ).send('POST', FLASHPOINT_CLASSES.api, {
        code: 'UPSIDE',
        name: 'Upside down',
        min_c: 500,
        max_c: 450,
        hazard_category: '4',
      });
      expect(upside.httpStatus).toBe(422);
      expect(Object.keys(upside.data as object)).toEqual(['max_c']);
      const warehouse = await (
        await api('warehouse')
      ).send('POST', FLASHPOINT_CLASSES.api, {
        code: 'HIGH',
        name: 'Above all',
        min_c: 500,
        max_c: 600,
        hazard_category: 'not_flammable',
      });
      expect(warehouse.httpStatus).toBe(403);
    });

    it('accepts a range clear of the others', async () => {
      const reply = await (
        await api('supervisor')
      ).send('POST', FLASHPOINT_CLASSES.api, {
        code: 'HIGH',
        name: 'Above all',
        min_c: 500,
        max_c: 600,
        hazard_category: 'not_flammable',
      });
      expect(reply.httpStatus).toBe(201);
    });
  });

  describe('drafts', () => {
    it('numbers the draft LR- and derives each item’s flashpoint class', async () => {
      const reply = await draft([item(), item({ product_id: ids.pg, flashpoint_c: 45 })]);
      expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
      expect(reply.data.number).toMatch(/^LR-\d{5}$/);
      const lines = reply.data.lines as Row[];
      expect(lines.map((l) => l.flashpoint_class_code)).toEqual(['NF', 'FL-3']);
      expect(reply.data.inspection_blocker).toMatch(/CoA/);
    });

    it('refuses a product that is not a lab chemical and a location outside the lab', async () => {
      const bottle = await draft([item({ product_id: ids.bottle })]);
      expect(bottle.httpStatus).toBe(422);
      expect(Object.keys(bottle.data as object)).toEqual(['lines.0.product_id']);
      const place = await draft([item()], { location_id: ids.warehouse });
      expect(place.httpStatus).toBe(422);
      expect(Object.keys(place.data as object)).toEqual(['location_id']);
    });
  });

  describe('workflow', () => {
    it('receives into containers whose net adds up to the item, refusing any other split', async () => {
      const doc = (await draft([item({ qty: 1000, container_count: 3 })])).data;
      const bySupervisor = await send('supervisor', doc, 'receive');
      expect(bySupervisor.httpStatus).toBe(403);
      const badSplit = await send('warehouse', doc, 'receive', {
        containers: [
          { line: 0, net_qty: 400 },
          { line: 0, net_qty: 500 },
        ],
      });
      expect(badSplit.httpStatus).toBe(422);
      expect(Object.keys(badSplit.data as object)).toEqual(['lines.0.qty']);
      expect(await containersOf(doc)).toHaveLength(0);

      const received = await send('warehouse', doc, 'receive');
      expect(received.httpStatus, JSON.stringify(received.data)).toBe(200);
      expect(received.data.status).toBe('received');
      const containers = await containersOf(doc);
      expect(containers.map((c) => c.net_qty)).toEqual([333.333, 333.333, 333.334]);
      expect(containers.every((c) => /^CT-\d{5}$/.test(String(c.code)))).toBe(true);
      expect(containers.every((c) => c.status === 'received')).toBe(true);
    });

    it('takes the containers as given when they add up', async () => {
      const doc = (await draft([item({ qty: 900, container_count: 1 })])).data;
      const received = await send('warehouse', doc, 'receive', {
        containers: [
          { line: 0, net_qty: 400, tare_qty: 12.5 },
          { line: 0, net_qty: 500, tare_qty: 12.5 },
        ],
      });
      expect(received.httpStatus).toBe(200);
      expect((received.data.lines as Row[])[0]!.container_count).toBe(2);
      expect((await containersOf(doc)).map((c) => [c.net_qty, c.tare_qty])).toEqual([
        [400, 12.5],
        [500, 12.5],
      ]);
    });

    it('inspects a nicotine item only with its CoA; refuses the wrong role and a stale version', async () => {
      const doc = (await draft([item()])).data;
      const received = (await send('warehouse', doc, 'receive')).data;
      expect((await send('warehouse', received, 'inspect')).httpStatus).toBe(403);
      const noCoa = await send('supervisor', received, 'inspect');
      expect(noCoa.httpStatus).toBe(422);
      expect(noCoa.data).toEqual({
        status: 'A nicotine item needs its certificate of analysis (CoA) before inspection',
      });

      const withCoa = await setResults(received, { coa_attachment_id: await uploadCoa() });
      expect(withCoa.httpStatus, JSON.stringify(withCoa.data)).toBe(200);
      expect(withCoa.data.version).toBeGreaterThan(received.version);
      expect((withCoa.data.lines as Row[])[0]!.coa_file_name).toBe('coa.pdf');
      const stale = await send('supervisor', received, 'inspect');
      expect(stale.httpStatus).toBe(409);
      const inspected = await send('supervisor', withCoa.data, 'inspect');
      expect(inspected.httpStatus).toBe(200);
      expect(inspected.data.status).toBe('inspected');
      const late = await setResults(inspected.data, { flashpoint_c: 20 });
      expect(late.httpStatus).toBe(422);
    });

    it('needs a flashpoint that resolves to a class before inspection', async () => {
      const doc = (await draft([item({ product_id: ids.pg, flashpoint_c: null })])).data;
      const received = (await send('warehouse', doc, 'receive')).data;
      const refused = await send('supervisor', received, 'inspect');
      expect(refused.httpStatus).toBe(422);
      expect(String(refused.data.status)).toMatch(/flashpoint/);
      const measured = (await setResults(received, { flashpoint_c: 99 })).data;
      expect((measured.lines as Row[])[0]!.flashpoint_class_code).toBe('NF');
      expect((await send('supervisor', measured, 'inspect')).httpStatus).toBe(200);
    });

    it('posts into a quarantine lot with receipt movements; the lot leaves quarantine only on release', async () => {
      const lot = lotNo();
      const doc = (await draft([item({ supplier_lot_no: lot, qty: 800, container_count: 2 })]))
        .data;
      let row = (await send('warehouse', doc, 'receive')).data;
      row = (await setResults(row, { coa_attachment_id: await uploadCoa() })).data;
      row = (await send('supervisor', row, 'inspect')).data;
      expect((await send('warehouse', row, 'post')).httpStatus).toBe(403);
      const posted = await send('supervisor', row, 'post');
      expect(posted.httpStatus, JSON.stringify(posted.data)).toBe(200);
      const line = (posted.data.lines as Row[])[0]!;
      expect(line.lot_no).toBe(lot);
      expect(await lotOf(line.lot_id)).toMatchObject({ status: 'quarantine', lot_no: lot });
      const moves = await movementsOf(doc);
      expect(moves.map((m) => [Number(m.qty), m.movement_type, Number(m.location_id)])).toEqual([
        [800, 'receipt', ids.lab],
      ]);
      expect((await containersOf(doc)).map((c) => c.status)).toEqual(['quarantine', 'quarantine']);

      const released = await send('supervisor', posted.data, 'release');
      expect(released.httpStatus).toBe(200);
      expect(released.data.status).toBe('released');
      expect((await lotOf(line.lot_id))?.status).toBe('released');
      expect((await containersOf(doc)).map((c) => c.status)).toEqual(['released', 'released']);
    });

    it('posts all or nothing: a supplier lot met before refuses the whole posting', async () => {
      const lot = lotNo();
      const pgItem = item({ product_id: ids.pg, supplier_lot_no: lot, container_count: 1 });
      const first = (await draft([pgItem])).data;
      let row = (await send('warehouse', first, 'receive')).data;
      row = (await send('supervisor', row, 'inspect')).data;
      expect((await send('supervisor', row, 'post')).httpStatus).toBe(200);

      const second = (await draft([item({ container_count: 1 }), pgItem])).data;
      let again = (await send('warehouse', second, 'receive')).data;
      again = (await setResults(again, { coa_attachment_id: await uploadCoa() })).data;
      again = (await send('supervisor', again, 'inspect')).data;
      const refused = await send('supervisor', again, 'post');
      expect(refused.httpStatus).toBe(422);
      expect(Object.keys(refused.data as object)).toEqual(['lines.1.supplier_lot_no']);
      // The first item's lot and movement went with the refusal.
      expect(await movementsOf(second)).toHaveLength(0);
      const unchanged = (await (await api('supervisor')).get<Row>(`${API}/${second.id}`)).data;
      expect(unchanged.status).toBe('inspected');
      expect((unchanged.lines as Row[]).map((l) => l.lot_id)).toEqual([null, null]);
      expect((await containersOf(second)).map((c) => c.status)).toEqual(['received', 'received']);
    });

    it('rejects with a reason, and nothing reaches stock', async () => {
      const doc = (await draft([item()])).data;
      const received = (await send('warehouse', doc, 'receive')).data;
      expect((await send('supervisor', received, 'reject')).httpStatus).toBe(422);
      const rejected = await send('supervisor', received, 'reject', { reason: 'Seal broken' });
      expect(rejected.httpStatus).toBe(200);
      expect(rejected.data.status).toBe('rejected');
      expect(await movementsOf(doc)).toHaveLength(0);
    });
  });

  it('lists the demo receivings in every status', async () => {
    const list = await (await api('warehouse')).get<List>(API, { per_page: 200 });
    const statuses = new Set(list.data.rows.map((r) => r.status));
    for (const s of ['draft', 'received', 'posted', 'released']) expect(statuses).toContain(s);
  });
});
