import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Approvals } from '../../../../src/domain/approvals.ts';
import { DISCOUNTS } from '../../shared/entities/discounts.entity.ts';
import { SALES_ORDERS } from '../../shared/entities/sales-orders.entity.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import type { Row } from '../../../../tests/support/entity-crud.ts';
import { startSalesWorld, type SalesWorld } from '../../../../tests/support/sales-fixtures.ts';

// A salesperson's discount over the approval limits (15 % or 5.00 off each unit by default)
// applies to no order until a manager, not the salesperson, approves it; within them it
// applies at once; saving it again asks again. The manager decides from the approval inbox.

const API = DISCOUNTS.api;

describe('discounts over the approval limit', () => {
  let w: SalesWorld;
  let product: number;
  let customer: number;
  beforeAll(async () => {
    w = await startSalesWorld('pglite');
    product = await w.newPricedProduct();
    customer = await w.newCustomer('ON', 1_000_000);
  }, 240_000);
  afterAll(async () => w.t.close());

  const discount = async (user: string, value: number, kind = 'percent') =>
    (await w.api(user)).create(DISCOUNTS, {
      code: `D-${user}-${value}-${Math.random().toString(36).slice(2, 6)}`,
      name: `${value} off`,
      kind,
      value,
      scope: 'product',
      scope_id: product,
      valid_from: '2026-01-01',
    });
  const event = async (user: string, doc: Row, name: string, extra: object = {}) =>
    (await w.api(user)).send<Row>('POST', `${API}/${doc.id}/events/${name}`, {
      version: doc.version,
      ...extra,
    });
  /** The net unit price a fresh order of the product gets (10.00 before any discount). */
  const netPrice = async () => {
    const reply = await (
      await w.api('sale')
    ).send<Row>('POST', SALES_ORDERS.api, w.orderOf(customer, [{ product_id: product, qty: 1 }]));
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    const [line] = reply.data.lines as Row[];
    return Number(line!.unit_price) - Number(line!.discount_amount ?? 0);
  };

  it('applies a discount within the limits at once', async () => {
    const small = await discount('sale', 10);
    expect(small.status).toBe('approved');
    expect(await netPrice()).toBe(9);
    expect(
      (
        await (
          await w.api('sale')
        ).send('PUT', `${API}/${small.id}`, { version: small.version, active: 0 })
      ).httpStatus,
    ).toBe(200);
  });

  it('holds a 100 % discount by a salesperson until a manager approves it', async () => {
    const all = await discount('sale', 100);
    expect(all.status).toBe('pending_approval');
    expect(await netPrice()).toBe(10);

    const inbox = (await (await w.api('manager')).get<Approvals>('/api/approvals')).data;
    const item = inbox.items.find((i) => i.source === 'discounts' && i.id === all.id);
    expect(item?.events.map((e) => e.event)).toEqual(['approve', 'reject']);
    // The salesperson has no decision to take: the inbox is not theirs.
    expect((await (await w.api('sale')).get<Approvals>('/api/approvals')).httpStatus).toBe(403);

    expect((await event('sale', all, 'approve')).httpStatus).toBe(403);
    const noReason = await event('manager', all, 'reject');
    expect(noReason.httpStatus).toBe(422);
    expect(noReason.data).toEqual({ reason: 'required' });
    const approved = await event('manager', all, 'approve');
    expect(approved.httpStatus, JSON.stringify(approved.data)).toBe(200);
    expect(approved.data.status).toBe('approved');
    expect(await netPrice()).toBe(0);
    // The decision is on the record's story, with who took it.
    const [story] = await queryRows<{ event: string; to_status: string; created_by: number }>(
      w.db,
      sql`select event, to_status, created_by::int from status_transitions
           where entity_type = 'discounts' and entity_id = ${all.id} order by id desc limit 1`,
    );
    expect(story).toMatchObject({ event: 'approve', to_status: 'approved' });

    // Changed by the salesperson, it waits for a manager again and stops applying.
    const edited = await (
      await w.api('sale')
    ).send<Row>('PUT', `${API}/${all.id}`, { version: approved.data.version, value: 90 });
    expect(edited.httpStatus, JSON.stringify(edited.data)).toBe(200);
    expect(edited.data.status).toBe('pending_approval');
    expect(await netPrice()).toBe(10);
    const rejected = await event('manager', edited.data, 'reject', { reason: 'Too deep' });
    expect(rejected.data.status).toBe('rejected');
    expect(await netPrice()).toBe(10);
  });

  it('counts an amount off each unit against its own limit, and lets an admin grant it', async () => {
    const amount = await discount('sale', 6, 'amount');
    expect(amount.status).toBe('pending_approval');
    const byAdmin = await discount('admin', 6, 'amount');
    expect(byAdmin.status).toBe('approved');
  });
});
