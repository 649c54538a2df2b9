import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_SUMMARY } from '../../src/domain/entities/inventory/change-summary.entity.ts';
import {
  PRODUCT_CHANGE_LOGS,
  PRODUCTS_CHANGES_REPORT,
} from '../../src/domain/entities/inventory/product-change-logs.entity.ts';
import { PRODUCT_CHANGES } from '../../src/domain/entities/inventory/product-changes.entity.ts';
import { PRODUCTS } from '../../src/domain/entities/inventory/products.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { tokenFor } from '../support/api-client.ts';
import { connectEcho, disconnectEchoes, subscribed, waitFor } from '../support/echo-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// Product change control (docs/domain/inventory.md §2): inventory users' edits of active products
// become requests; approvers approve, reject or send back; nobody approves their own change; a
// product edited meanwhile is never overwritten; numbers stay unique under concurrency.

describe.each(backends())('product change control on %s', (backend) => {
  let t: TestServer;
  let admin: EntityApiClient;
  let maker: EntityApiClient;
  let checker: EntityApiClient;
  let outsider: EntityApiClient;
  let sku = 0;
  let sku_ = 0;

  beforeAll(async () => {
    t = await startTestServer({ backend });
    const client = async (user: string) => entityClient(t.url, await tokenFor(t.url, user));
    admin = await client('admin');
    maker = await client('inventory');
    checker = await client('product_approval_admin');
    outsider = await client('batcher');
  }, 180_000);
  afterEach(() => disconnectEchoes());
  afterAll(async () => t.close());

  async function activeProduct(): Promise<Row> {
    const measures = await admin.get<List>('/api/inventory/measures');
    const ea = measures.data.rows.find((r) => r.code === 'ea');
    return admin.create(PRODUCTS, {
      sku: `CHG-${++sku}`,
      name: `Change test ${sku}`,
      type: 'kit',
      measure_id: ea?.id,
      status: 'active',
      reorder_point: 10,
    });
  }

  const event = (
    api: EntityApiClient,
    request: Row,
    name: string,
    body: Record<string, unknown> = {},
  ) =>
    api.send<Row>('POST', `${PRODUCT_CHANGES.api}/${request.id}/events/${name}`, {
      version: request.version,
      ...body,
    });

  async function submittedEdit(product: Row, change: Record<string, unknown>): Promise<Row> {
    const reply = await maker.send<Row>('PUT', `${PRODUCTS.api}/${product.id}`, {
      ...change,
      version: product.version,
    });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(202);
    return reply.data;
  }

  it('turns an inventory user’s edit of an active product into a submitted request', async () => {
    const product = await activeProduct();
    const request = await submittedEdit(product, { name: 'Proposed name', reorder_point: 10 });
    expect(request).toMatchObject({
      action: 'update',
      status: 'submitted',
      product_id: product.id,
      base_version: product.version,
      proposed: { name: 'Proposed name' },
      requested_by_name: expect.any(String) as unknown,
      change_set_number: expect.stringMatching(/^CS-\d{5}$/) as unknown,
    });
    const unchanged = await admin.get<Row>(`${PRODUCTS.api}/${product.id}`);
    expect(unchanged.data).toMatchObject({ name: product.name, version: product.version });
  });

  it('lets the inventory user edit an inactive product directly', async () => {
    const product = await activeProduct();
    const off = await admin.send<Row>('PUT', `${PRODUCTS.api}/${product.id}`, {
      status: 'inactive',
      version: product.version,
    });
    const edited = await maker.send<Row>('PUT', `${PRODUCTS.api}/${product.id}`, {
      name: 'Edited while inactive',
      version: off.data.version,
    });
    expect(edited.httpStatus).toBe(200);
    expect(edited.data.name).toBe('Edited while inactive');
  });

  it('applies an approved request to the product with a log row per field', async () => {
    const product = await activeProduct();
    const request = await submittedEdit(product, { name: 'Approved name', reorder_point: 75 });
    const approved = await event(checker, request, 'approve');
    expect(approved.httpStatus, JSON.stringify(approved.data)).toBe(200);
    expect(approved.data).toMatchObject({
      status: 'applied',
      reviewed_by_name: expect.any(String) as unknown,
    });
    const after = await admin.get<Row>(`${PRODUCTS.api}/${product.id}`);
    expect(after.data).toMatchObject({
      name: 'Approved name',
      reorder_point: 75,
      version: product.version + 1,
    });
    const logs = await checker.get<List>(PRODUCT_CHANGE_LOGS.api, {
      filter: [
        {
          field: 'product_id',
          field_type: 'number',
          filters: [{ operator: 'equals', value: product.id }],
        },
      ],
    });
    expect(logs.httpStatus).toBe(200);
    expect(logs.data.rows.map((r) => [r.field, r.old_value, r.new_value]).sort()).toEqual([
      ['name', product.name, 'Approved name'],
      ['reorder_point', '10', '75'],
    ]);
    expect(logs.data.rows[0]).toMatchObject({
      change_set_number: request.change_set_number,
      approved_by_name: expect.any(String) as unknown,
      created_by_name: expect.any(String) as unknown,
    });
    // The same rows for the inventory roles, by date, user and field label.
    const report = await maker.get<List>(PRODUCTS_CHANGES_REPORT.api, {
      filter: [
        {
          field: 'product_id',
          field_type: 'number',
          filters: [{ operator: 'equals', value: product.id }],
        },
      ],
    });
    expect(report.data.rows.map((r) => r.field_label).sort()).toEqual(['Name', 'Reorder point']);
    expect(report.data.rows[0]?.changed_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('reads a request with the product as it is and, once applied, what it replaced', async () => {
    const product = await activeProduct();
    const request = await submittedEdit(product, { name: 'Reviewed name', reorder_point: 40 });
    const pending = await checker.get<Row>(`${PRODUCT_CHANGES.api}/${request.id}`);
    expect(pending.data).toMatchObject({
      proposed: { name: 'Reviewed name', reorder_point: 40 },
      base_version: product.version,
      current_product: { id: product.id, name: product.name, version: product.version },
      applied_changes: [],
    });
    await event(checker, pending.data, 'approve');
    const applied = await checker.get<Row>(`${PRODUCT_CHANGES.api}/${request.id}`);
    expect(applied.data).toMatchObject({
      status: 'applied',
      current_product: { name: 'Reviewed name', version: product.version + 1 },
      applied_changes: [
        { field: 'name', old_value: product.name, new_value: 'Reviewed name' },
        { field: 'reorder_point', old_value: '10', new_value: '40' },
      ],
    });
  });

  it('refuses the requester approving their own change (maker-checker)', async () => {
    const product = await activeProduct();
    const created = await admin.send<Row>('POST', PRODUCT_CHANGES.api, {
      action: 'update',
      product_id: product.id,
      proposed: { name: 'Self approved' },
      submit: true,
    });
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    expect(created.data.status).toBe('submitted');
    const self = await event(admin, created.data, 'approve');
    expect(self.httpStatus).toBe(403);
    expect(self.message).toMatch(/maker-checker/);
    const read = await checker.get<Row>(`${PRODUCT_CHANGES.api}/${created.data.id}`);
    expect(read.data.status).toBe('submitted');
    expect((await admin.get<Row>(`${PRODUCTS.api}/${product.id}`)).data.name).toBe(product.name);
  });

  it('sends a request back instead of overwriting a product edited since it was made', async () => {
    const product = await activeProduct();
    const request = await submittedEdit(product, { name: 'Stale proposal' });
    const direct = await checker.send<Row>('PUT', `${PRODUCT_CHANGES.api}/products/${product.id}`, {
      reorder_point: 20,
      version: product.version,
    });
    expect(direct.httpStatus, JSON.stringify(direct.data)).toBe(200);
    const approved = await event(checker, request, 'approve');
    expect(approved.httpStatus).toBe(200);
    expect(approved.data.status).toBe('changes_requested');
    expect(approved.data.review_note).toMatch(/changed since/);
    // The transition log keeps why the approval sent it back, as the note does.
    const [sentBack] = await queryRows<{ to_status: string; reason: string | null }>(
      t.server.database.db,
      sql`select to_status, reason from status_transitions
           where entity_type = ${PRODUCT_CHANGES.name} and entity_id = ${request.id}
           order by id desc limit 1`,
    );
    expect(sentBack).toEqual({ to_status: 'changes_requested', reason: approved.data.review_note });
    const after = await admin.get<Row>(`${PRODUCTS.api}/${product.id}`);
    expect(after.data).toMatchObject({ name: product.name, reorder_point: 20 });
    // The maker revises against the current product and submits again; now it applies.
    const revised = await event(maker, approved.data, 'revise', {
      proposed: { name: 'Fresh proposal' },
    });
    expect(revised.data).toMatchObject({ status: 'draft', base_version: after.data.version });
    const submitted = await event(maker, revised.data, 'submit');
    expect(submitted.data.status).toBe('submitted');
    const applied = await event(checker, submitted.data, 'approve');
    expect(applied.data.status).toBe('applied');
    expect((await admin.get<Row>(`${PRODUCTS.api}/${product.id}`)).data.name).toBe(
      'Fresh proposal',
    );
  });

  it('needs a reason to reject or request changes', async () => {
    const product = await activeProduct();
    const request = await submittedEdit(product, { name: 'Rejected name' });
    const bare = await event(checker, request, 'reject');
    expect(bare.httpStatus).toBe(422);
    expect(bare.data).toHaveProperty('reason');
    const backAgain = await event(checker, request, 'request_changes', { reason: '  ' });
    expect(backAgain.httpStatus).toBe(422);
    const rejected = await event(checker, request, 'reject', {
      reason: 'Name does not follow the catalogue',
    });
    expect(rejected.data).toMatchObject({
      status: 'rejected',
      review_note: 'Name does not follow the catalogue',
    });
    const again = await event(checker, rejected.data, 'approve');
    expect(again.httpStatus).toBe(422);
    expect(again.data).toHaveProperty('status');
  });

  it('refuses a stale request version', async () => {
    const product = await activeProduct();
    const request = await submittedEdit(product, { name: 'Withdrawn name' });
    const withdrawn = await event(maker, request, 'withdraw');
    expect(withdrawn.data.status).toBe('withdrawn');
    const stale = await event(checker, request, 'reject', { reason: 'late' });
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
  });

  it('keeps approvals to approvers and withdrawals to the requester', async () => {
    const product = await activeProduct();
    const request = await submittedEdit(product, { name: 'Guarded name' });
    expect((await event(maker, request, 'approve')).httpStatus).toBe(403);
    expect((await event(checker, request, 'withdraw')).httpStatus).toBe(403);
    expect((await event(outsider, request, 'withdraw')).httpStatus).toBe(403);
  });

  it('gives the change lists to approvers only, and the commands to both sides', async () => {
    expect((await maker.get(PRODUCT_CHANGES.api)).httpStatus).toBe(403);
    expect((await maker.get(CHANGE_SUMMARY.api)).httpStatus).toBe(403);
    expect((await maker.get(PRODUCT_CHANGE_LOGS.api)).httpStatus).toBe(403);
    expect((await checker.get(PRODUCT_CHANGES.api)).httpStatus).toBe(200);
    expect((await checker.get(PRODUCTS.api)).httpStatus).toBe(403);
    expect((await outsider.get(PRODUCTS_CHANGES_REPORT.api)).httpStatus).toBe(403);
    const product = await activeProduct();
    expect(
      (
        await outsider.send('POST', PRODUCT_CHANGES.api, {
          action: 'deactivate',
          product_id: product.id,
        })
      ).httpStatus,
    ).toBe(403);
    expect(
      (
        await maker.send('PUT', `${PRODUCT_CHANGES.api}/products/${product.id}`, {
          name: 'x',
          version: 1,
        })
      ).httpStatus,
    ).toBe(403);
  });

  it('creates a product through an approved create request', async () => {
    const measures = await admin.get<List>('/api/inventory/measures');
    const ea = measures.data.rows.find((r) => r.code === 'ea');
    const draft = await maker.send<Row>('POST', PRODUCT_CHANGES.api, {
      action: 'create',
      proposed: { sku: 'CHG-NEW-1', name: 'Proposed product', type: 'kit', measure_id: ea?.id },
      title: 'New kit',
    });
    expect(draft.httpStatus, JSON.stringify(draft.data)).toBe(201);
    expect(draft.data).toMatchObject({ status: 'draft', product_id: null });
    const submitted = await event(maker, draft.data, 'submit');
    const applied = await event(checker, submitted.data, 'approve');
    expect(applied.data).toMatchObject({ status: 'applied', product_sku: 'CHG-NEW-1' });
    const summary = await checker.get<Row>(
      `${CHANGE_SUMMARY.api}/${String(draft.data.change_set_id)}`,
    );
    expect(summary.data).toMatchObject({
      title: 'New kit',
      status: 'done',
      request_count: 1,
      applied_count: 1,
    });
    expect(summary.data.requests).toHaveLength(1);
  });

  it('refuses a create request whose proposal is not a product', async () => {
    const reply = await maker.send('POST', PRODUCT_CHANGES.api, {
      action: 'create',
      proposed: { sku: '', type: 'gizmo' },
    });
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toMatchObject({ 'proposed.sku': 'required', 'proposed.type': 'in' });
  });

  it('numbers change sets uniquely and consecutively under concurrent creates', async () => {
    const product = await activeProduct();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        maker.send<Row>('POST', PRODUCT_CHANGES.api, {
          action: 'update',
          product_id: product.id,
          proposed: { name: `Concurrent ${i}` },
        }),
      ),
    );
    expect(replies.map((r) => r.httpStatus)).toEqual(Array(10).fill(201));
    const numbers = replies
      .map((r) => Number(String(r.data.change_set_number).slice(3)))
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(10);
    const first = numbers[0] ?? 0;
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => first + i));
  });

  it('tells approvers on their channel when a change is submitted and approved', async () => {
    const echo = await connectEcho(t.url, checker.token);
    const channel = echo.private('inventory.product-changes');
    await subscribed(channel);
    const heard = (event: string) =>
      waitFor(
        new Promise<{ id: number }>((resolve) => channel.listen(`.${event}`, resolve)),
        event,
      );
    const submittedHeard = heard('change.submitted');
    const product = await activeProduct();
    const request = await submittedEdit(product, { name: 'Announced name' });
    expect((await submittedHeard).id).toBe(request.id);
    const approvedHeard = heard('change.approved');
    await event(checker, request, 'approve');
    expect((await approvedHeard).id).toBe(request.id);
    const makerEcho = await connectEcho(t.url, maker.token);
    await expect(subscribed(makerEcho.private('inventory.product-changes'))).rejects.toThrow(
      /subscription refused/,
    );
  });

  describe('no path makes a product active or changes its status without a checker', () => {
    async function ea(): Promise<number> {
      const measures = await admin.get<List>('/api/inventory/measures');
      return measures.data.rows.find((r) => r.code === 'ea')!.id;
    }
    async function productsWithSku(value: string): Promise<Row[]> {
      const list = await admin.get<List>(PRODUCTS.api, {
        filter: [{ field: 'sku', field_type: 'text', filters: [{ operator: 'equals', value }] }],
      });
      return list.data.rows;
    }

    it('turns an inventory user’s new product, status and all, into a create request', async () => {
      const sku = `NEW-${++sku_}`;
      const reply = await maker.send<Row>('POST', PRODUCTS.api, {
        sku,
        name: 'Proposed kit',
        type: 'kit',
        measure_id: await ea(),
        status: 'active',
      });
      expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(202);
      expect(reply.message).toBe('change_requested');
      expect(reply.data).toMatchObject({ action: 'create', status: 'submitted', product_id: null });
      expect(await productsWithSku(sku)).toEqual([]);
      // The maker cannot approve it; the checker can, and only then is it active.
      expect((await event(maker, reply.data, 'approve')).httpStatus).toBe(403);
      const approved = await event(checker, reply.data, 'approve');
      expect(approved.httpStatus, JSON.stringify(approved.data)).toBe(200);
      expect(await productsWithSku(sku)).toEqual([
        expect.objectContaining({ sku, status: 'active' }),
      ]);
    });

    it('refuses a new product the rules refuse, before any request exists', async () => {
      const reply = await maker.send('POST', PRODUCTS.api, {
        sku: `NEW-${++sku_}`,
        name: 'Nicotine liquid with nothing picked',
        type: 'finished_good',
        measure_id: await ea(),
        volume_ml: 30,
        nicotine_mg: 3,
      });
      expect(reply.httpStatus).toBe(422);
      expect(reply.data).toEqual({ recipe_id: 'requiredif', hplc_category_id: 'requiredif' });
    });

    it('turns an inventory user’s PUT of status active on a pending product into a request', async () => {
      const pending = await admin.create(PRODUCTS, {
        sku: `PEND-${++sku_}`,
        name: 'Pending kit',
        type: 'kit',
        measure_id: await ea(),
        status: 'pending_approval',
      });
      const reply = await maker.send<Row>('PUT', `${PRODUCTS.api}/${pending.id}`, {
        status: 'active',
        version: pending.version,
      });
      expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(202);
      expect(reply.data).toMatchObject({ action: 'update', proposed: { status: 'active' } });
      const still = await admin.get<Row>(`${PRODUCTS.api}/${pending.id}`);
      expect(still.data).toMatchObject({ status: 'pending_approval', version: pending.version });
      // Other edits of a product that is not active stay direct.
      const renamed = await maker.send<Row>('PUT', `${PRODUCTS.api}/${pending.id}`, {
        name: 'Pending kit, renamed',
        version: pending.version,
      });
      expect(renamed.httpStatus).toBe(200);
      expect(renamed.data.status).toBe('pending_approval');
    });

    it('refuses the checker changing a status directly, without a maker', async () => {
      const product = await activeProduct();
      const reply = await checker.send('PUT', `${PRODUCT_CHANGES.api}/products/${product.id}`, {
        status: 'discontinued',
        version: product.version,
      });
      expect(reply.httpStatus).toBe(422);
      expect(reply.data).toEqual({ status: 'A status changes through a change request' });
      const still = await admin.get<Row>(`${PRODUCTS.api}/${product.id}`);
      expect(still.data.status).toBe('active');
    });
  });
});
