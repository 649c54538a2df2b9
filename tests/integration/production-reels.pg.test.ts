import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  PENDING_REELS,
  REEL_ADJUSTMENT_LOG,
  REEL_MOVEMENTS,
  STAMP_REELS,
  STAMPS_INVENTORY,
} from '../../src/domain/entities/production/stamp-reels.entity.ts';
import { PARAMETERS } from '../../modules/general/shared/entities/parameters.entity.ts';
import { tokenFor } from '../support/api-client.ts';
import { connectEcho, disconnectEchoes, subscribed, waitFor } from '../support/echo-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// Stamp reels (docs/domain/production.md §3.2): receipt recorded by stamp_inventory and decided by
// someone else, the serial span guard, lost and adjust with their ledger rows, the limited edit
// after approval, remaining = Σ ledger ≥ 0, the pending approvals list, the broadcasts and the two
// reports with their export.

describe.each(backends())('stamp reels on %s', (backend) => {
  let t: TestServer;
  let admin: EntityApiClient;
  let keeper: EntityApiClient;
  let keeper2: EntityApiClient;
  let manager: EntityApiClient;
  let viewer: EntityApiClient;
  let stamper: EntityApiClient;
  let reporter: EntityApiClient;
  const ids: Record<string, number> = {};
  let n = 0;

  beforeAll(async () => {
    t = await startTestServer({ backend });
    const client = async (user: string, password?: string) =>
      entityClient(t.url, await tokenFor(t.url, user, password));
    admin = await client('admin');
    keeper = await client('stamp_inventory');
    manager = await client('manager');
    viewer = await client('supervisor_production');
    stamper = await client('stamper');
    reporter = await client('production_reports');
    const second = await admin.send<Row>('POST', '/api/general/users', {
      username: 'stamps.two',
      password: 'second-keeper-1',
      name: 'Second Keeper',
      roles: ['stamp_inventory'],
      modules: ['production'],
    });
    expect(second.httpStatus, JSON.stringify(second.data)).toBe(201);
    keeper2 = await client('stamps.two', 'second-keeper-1');
    const params = await admin.get<List>(PARAMETERS.api, { per_page: 200 });
    const param = (type: string, code: string) =>
      params.data.rows.find(
        (p) => p.code === code && (p.parameter_type_name as string).toLowerCase().includes(type),
      )?.id as number;
    ids.on = param('jurisdiction', 'ON');
    ids.qc = param('jurisdiction', 'QC');
    ids.federal = param('type', 'federal');
    expect(ids.on && ids.qc && ids.federal).toBeTruthy();
  });
  afterEach(() => disconnectEchoes());
  afterAll(async () => t.close());

  const receive = (api: EntityApiClient, over: Record<string, unknown> = {}) =>
    api.send<Row>('POST', STAMP_REELS.api, {
      reel_no: `T-${++n}`,
      stamp_jurisdiction_id: ids.on,
      stamp_type_id: ids.federal,
      first_serial: 1000,
      last_serial: 1099,
      stamps_qty: 100,
      received_at: '2026-01-10',
      ...over,
    });

  const event = (api: EntityApiClient, reel: Row, name: string, body = {}) =>
    api.send<Row>('POST', `${STAMP_REELS.api}/${reel.id}/events/${name}`, {
      version: reel.version,
      ...body,
    });

  const movements = async (reel: Row) =>
    (
      await admin.get<List>(REEL_MOVEMENTS.api, {
        filter: [
          {
            field: 'reel_id',
            field_type: 'number',
            filters: [{ operator: 'equals', value: reel.id }],
          },
        ],
        per_page: 100,
      })
    ).data.rows;

  async function available(): Promise<Row> {
    const created = await receive(keeper);
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    const approved = await event(manager, created.data, 'approve_receipt');
    expect(approved.httpStatus, JSON.stringify(approved.data)).toBe(200);
    return approved.data;
  }

  it('records a reel as received with nothing on its ledger', async () => {
    const reply = await receive(keeper, { remaining_qty: 5 });
    expect(reply.httpStatus).toBe(422);
    const ok = await receive(keeper);
    expect(ok.httpStatus, JSON.stringify(ok.data)).toBe(201);
    expect(ok.data).toMatchObject({ status: 'received', remaining_qty: 0, stamps_qty: 100 });
    expect(ok.data.stamp_jurisdiction_name).toBeTruthy();
    expect(await movements(ok.data)).toHaveLength(0);
    const duplicate = await receive(keeper, { reel_no: ok.data.reel_no });
    expect(duplicate.httpStatus).toBe(422);
    expect(duplicate.data).toEqual({ reel_no: 'unique' });
    // A reel is kept for the record: rejected, never deleted.
    const deleted = await keeper.send('DELETE', `${STAMP_REELS.api}/${ok.data.id}`);
    expect(deleted.httpStatus).toBe(404);
    expect(await movements(ok.data)).toHaveLength(0);
  });

  it('refuses a stamp type where a jurisdiction belongs', async () => {
    const reply = await receive(keeper, { stamp_jurisdiction_id: ids.federal });
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toEqual({ stamp_jurisdiction_id: 'Choose a stamp jurisdiction' });
  });

  it('lets only stamp_inventory (and admin) record reels; viewers read', async () => {
    expect((await receive(viewer)).httpStatus).toBe(403);
    expect((await receive(manager)).httpStatus).toBe(403);
    expect((await viewer.get(STAMP_REELS.api)).httpStatus).toBe(200);
    expect((await stamper.get(STAMP_REELS.api)).httpStatus).toBe(403);
  });

  it('approves a receipt by another person only, writing +stamps_qty', async () => {
    const created = (await receive(keeper)).data;
    const own = await event(keeper, created, 'approve_receipt');
    expect(own.httpStatus).toBe(422);
    expect(own.data).toEqual({
      status: 'You received this reel: another person must approve or reject it',
    });
    expect((await event(viewer, created, 'approve_receipt')).httpStatus).toBe(403);
    expect((await event(stamper, created, 'approve_receipt')).httpStatus).toBe(403);
    const approved = await event(keeper2, created, 'approve_receipt');
    expect(approved.httpStatus, JSON.stringify(approved.data)).toBe(200);
    expect(approved.data).toMatchObject({ status: 'available', remaining_qty: 100 });
    expect(approved.data.approved_by_name).toBe('Second Keeper');
    const ledger = await movements(approved.data);
    expect(ledger.map((m) => [m.type, m.qty])).toEqual([['receive', 100]]);
    const again = await event(manager, approved.data, 'approve_receipt');
    expect(again.httpStatus).toBe(422);
    expect(again.data).toEqual({ status: 'Transition available→approve_receipt not allowed' });
  });

  it('refuses to approve a reel whose serial span is not its count, and rejects it with a reason', async () => {
    const created = (await receive(keeper, { last_serial: 1089 })).data;
    const refused = await event(manager, created, 'approve_receipt');
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toEqual({
      stamps_qty: 'The serials 1000–1089 span 90 stamps, not 100',
    });
    expect(await movements(created)).toHaveLength(0);
    const noReason = await event(manager, created, 'reject_receipt');
    expect(noReason.httpStatus).toBe(422);
    expect(noReason.data).toEqual({ reason: 'required' });
    const rejected = await event(manager, created, 'reject_receipt', { reason: 'Short span' });
    expect(rejected.httpStatus).toBe(200);
    expect(rejected.data).toMatchObject({ status: 'rejected', remaining_qty: 0 });
  });

  it('refuses a stale version with 409 and writes nothing', async () => {
    const created = (await receive(keeper)).data;
    const edited = await keeper.send<Row>('PUT', `${STAMP_REELS.api}/${created.id}`, {
      version: created.version,
      note: 'Box 2',
    });
    expect(edited.httpStatus).toBe(200);
    const stale = await event(manager, created, 'approve_receipt');
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
    expect(await movements(created)).toHaveLength(0);
    const staleEdit = await keeper.send('PUT', `${STAMP_REELS.api}/${created.id}`, {
      version: created.version,
      note: 'Box 3',
    });
    expect(staleEdit.httpStatus).toBe(409);
  });

  it('edits a received reel fully, an approved one only in location and note', async () => {
    const created = (await receive(keeper)).data;
    const full = await keeper.send<Row>('PUT', `${STAMP_REELS.api}/${created.id}`, {
      version: created.version,
      last_serial: 1199,
      stamps_qty: 200,
    });
    expect(full.httpStatus, JSON.stringify(full.data)).toBe(200);
    const approved = (await event(manager, full.data, 'approve_receipt')).data;
    expect(approved.remaining_qty).toBe(200);
    const refused = await keeper.send<Row>('PUT', `${STAMP_REELS.api}/${created.id}`, {
      version: approved.version,
      stamps_qty: 250,
    });
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toEqual({
      stamps_qty: 'Only the location and note change once a reel is available',
    });
  });

  it('writes the note of an approved reel when the other fields come back unchanged', async () => {
    const reel = await available();
    const reply = await keeper.send<Row>('PUT', `${STAMP_REELS.api}/${reel.id}`, {
      version: reel.version,
      note: 'Moved to cage',
      stamps_qty: 100,
      reel_no: reel.reel_no,
    });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
    expect(reply.data).toMatchObject({ note: 'Moved to cage', stamps_qty: 100 });
    expect(
      (
        await viewer.send('PUT', `${STAMP_REELS.api}/${reel.id}`, {
          version: reply.data.version,
          note: 'x',
        })
      ).httpStatus,
    ).toBe(403);
  });

  it('adjusts by stamp_inventory with a reason, never below zero', async () => {
    const reel = await available();
    expect((await event(manager, reel, 'adjust', { qty: -5, reason: 'Count' })).httpStatus).toBe(
      403,
    );
    expect((await event(keeper, reel, 'adjust', { qty: -5 })).data).toEqual({ reason: 'required' });
    expect((await event(keeper, reel, 'adjust', { reason: 'Count' })).data).toEqual({
      qty: 'required',
    });
    const below = await event(keeper, reel, 'adjust', { qty: -101, reason: 'Count' });
    expect(below.httpStatus).toBe(422);
    expect(below.data).toEqual({
      qty: `Reel ${String(reel.reel_no)} would go below zero stamps (-1)`,
    });
    expect(await movements(reel)).toHaveLength(1);
    const down = await event(keeper, reel, 'adjust', { qty: -7, reason: 'Count' });
    expect(down.httpStatus).toBe(200);
    expect(down.data).toMatchObject({ status: 'available', remaining_qty: 93 });
    const empty = await event(keeper, down.data, 'adjust', { qty: -93, reason: 'Wrap empty' });
    expect(empty.data).toMatchObject({ status: 'depleted', remaining_qty: 0 });
    const ledger = await movements(reel);
    expect(ledger.reduce((s, m) => s + Number(m.qty), 0)).toBe(0);
  });

  it('declares an available reel lost, taking off what remained', async () => {
    const reel = await available();
    expect((await event(viewer, reel, 'mark_lost', { reason: 'Gone' })).httpStatus).toBe(403);
    const lost = await event(manager, reel, 'mark_lost', { reason: 'Not found at count' });
    expect(lost.httpStatus).toBe(200);
    expect(lost.data).toMatchObject({ status: 'lost', remaining_qty: 0 });
    const ledger = await movements(reel);
    expect(ledger.map((m) => [m.type, m.qty]).sort()).toEqual([
      ['lost', -100],
      ['receive', 100],
    ]);
    expect((await event(keeper, lost.data, 'adjust', { qty: 5, reason: 'x' })).httpStatus).toBe(
      422,
    );
  });

  it('lists reels waiting for approval for manager and stamp_inventory only', async () => {
    const waiting = (await receive(keeper)).data;
    const decided = await available();
    const list = await manager.get<List>(PENDING_REELS.api, { per_page: 200 });
    expect(list.httpStatus).toBe(200);
    const listed = list.data.rows.map((r) => r.id);
    expect(listed).toContain(waiting.id);
    expect(listed).not.toContain(decided.id);
    expect(list.data.rows.every((r) => r.status === 'received' || r.status === 'requested')).toBe(
      true,
    );
    expect((await viewer.get(PENDING_REELS.api)).httpStatus).toBe(403);
    expect((await keeper.get(PENDING_REELS.api)).httpStatus).toBe(200);
  });

  it('broadcasts reel.approval_requested and reel.updated on the stamping channel', async () => {
    const echo = await connectEcho(t.url, stamper.token);
    const channel = echo.private('production.stamping');
    await subscribed(channel);
    const heard: { event: string; id: number }[] = [];
    const done = new Promise<void>((resolve) => {
      for (const name of ['reel.approval_requested', 'reel.updated']) {
        channel.listen(`.${name}`, (data: { id: number }) => {
          heard.push({ event: name, id: data.id });
          if (heard.some((h) => h.event === 'reel.updated')) resolve();
        });
      }
    });
    const created = (await receive(keeper)).data;
    await event(manager, created, 'approve_receipt');
    await waitFor(done, 'reel events');
    expect(heard).toContainEqual({ event: 'reel.approval_requested', id: created.id });
    expect(heard).toContainEqual({ event: 'reel.updated', id: created.id });
  });

  it('reports the stamps inventory as of a date and the adjustment log, with export', async () => {
    const reel = await available();
    await event(keeper, reel, 'adjust', { qty: -3, reason: 'Torn wrap' });
    const today = new Date().toISOString().slice(0, 10);
    const filter = [
      {
        field: 'reel_no',
        field_type: 'text',
        filters: [{ operator: 'equals', value: String(reel.reel_no) }],
      },
    ];
    const now = await reporter.get<List>(STAMPS_INVENTORY.api, { filter, as_of: today });
    expect(now.httpStatus, JSON.stringify(now.data)).toBe(200);
    expect(now.data.rows[0]).toMatchObject({
      received_qty: 100,
      adjusted_qty: -3,
      lost_qty: 0,
      remaining_qty: 97,
    });
    const before = await reporter.get<List>(STAMPS_INVENTORY.api, { filter, as_of: '2026-01-09' });
    expect(before.data.rows).toHaveLength(0);
    const early = await reporter.get<List>(STAMPS_INVENTORY.api, { filter, as_of: '2026-01-10' });
    expect(early.data.rows[0]).toMatchObject({ received_qty: 0, remaining_qty: 0 });
    const bad = await reporter.get(STAMPS_INVENTORY.api, { as_of: 'yesterday' });
    expect(bad.httpStatus).toBe(422);
    expect((await keeper.get(STAMPS_INVENTORY.api)).httpStatus).toBe(403);
    const demo = await manager.get<List>(STAMPS_INVENTORY.api, { per_page: 200 });
    expect(demo.data.rows.every((r) => Number(r.remaining_qty) >= 0)).toBe(true);
    for (const row of demo.data.rows) {
      expect(
        Number(row.received_qty) -
          Number(row.applied_qty) -
          Number(row.wasted_qty) -
          Number(row.damaged_qty) -
          Number(row.lost_qty) +
          Number(row.adjusted_qty),
      ).toBe(Number(row.remaining_qty));
    }
    const reels = await admin.get<List>(STAMP_REELS.api, { per_page: 200 });
    for (const row of demo.data.rows) {
      const current = reels.data.rows.find((r) => r.reel_no === row.reel_no);
      expect(current?.remaining_qty).toBe(row.remaining_qty);
    }

    const log = await reporter.get<List>(REEL_ADJUSTMENT_LOG.api, { per_page: 200 });
    expect(log.httpStatus).toBe(200);
    expect(log.data.rows.every((r) => ['adjust', 'lost', 'damage'].includes(String(r.type)))).toBe(
      true,
    );
    const mine = log.data.rows.find((r) => r.reel_no === reel.reel_no);
    expect(mine).toMatchObject({
      type: 'adjust',
      qty: -3,
      note: 'Torn wrap',
      approved_by_name: 'Ryan Pelletier',
    });
    const csv = await fetch(`${t.url}${REEL_ADJUSTMENT_LOG.api}/export?format=csv`, {
      headers: { authorization: `Bearer ${reporter.token}` },
    });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('Torn wrap');
    const inventoryCsv = await fetch(
      `${t.url}${STAMPS_INVENTORY.api}/export?format=csv&as_of=${today}`,
      {
        headers: { authorization: `Bearer ${reporter.token}` },
      },
    );
    expect(inventoryCsv.status).toBe(200);
    expect(await inventoryCsv.text()).toContain(String(reel.reel_no));
  });
});
