import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASSEMBLY_FLOWS } from '../../../modules/assembly/shared/entities/assembly-config.entities.ts';
import { ASSEMBLY_ORDERS } from '../../../modules/assembly/shared/entities/assembly-orders.entity.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import { tokenFor } from '../../support/api-client.ts';
import {
  entityClient,
  type EntityApiClient,
  type List,
  type Row,
} from '../../support/entity-crud.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';

// Journey (Assembly, docs/domain/assembly.md §4): admin releases an order of the demo's mango
// duo kit while its components are there; then one component's stock goes elsewhere (its lots
// are held back). The sealer's dashboard card says why the order waits ("Short: …") before
// anyone starts on it; the sealer starts anyway and finishes sealing, which is refused for the
// missing stock, and the dialog keeps the counts typed; once the stock is back, the same
// answers are sent again from the keyboard and sealing is done.

const line = journey('journey-assembly-short', 180_000);
const DASHBOARD = '/assembly/assembly-dashboard';
const KIT = 'KIT-MANGO-DUO';
let admin: EntityApiClient;
let sealer: Page;

const db = () => line.suite.server.server.database.db;

beforeAll(async () => {
  const url = line.suite.server.url;
  admin = entityClient(url, await tokenFor(url, 'admin'));
  sealer = await line.signedIn('sealer', DASHBOARD);
});

/** A released order of two kits: its components were free when it was released. */
async function released(): Promise<Row> {
  const [kit] = await queryRows<{ id: number; jurisdiction: number }>(
    db(),
    sql`select id::int as id, stamp_jurisdiction_id::int as jurisdiction from products
         where sku = ${KIT}`,
  );
  const flow = (await admin.get<List>(ASSEMBLY_FLOWS.api)).data.rows[0]!;
  const draft = await admin.create(ASSEMBLY_ORDERS, {
    product_id: kit!.id,
    flow_id: flow.id,
    planned_units: 2,
    due_date: '2026-12-18',
    stamp_jurisdiction_id: kit!.jurisdiction,
  });
  const reply = await admin.send<Row>('POST', `${ASSEMBLY_ORDERS.api}/${draft.id}/events/release`, {
    version: draft.version,
  });
  expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
  return reply.data;
}

/**
 * Holds back every lot of the kit's first lot-tracked component (as a failed test would):
 * its SKU, and how to put the lots back as they were.
 */
async function holdBackAComponent(): Promise<{ sku: string; restore: () => Promise<void> }> {
  const [component] = await queryRows<{ id: number; sku: string }>(
    db(),
    sql`select c.id::int as id, c.sku from product_components pc
          join products k on k.id = pc.product_id and k.sku = ${KIT}
          join products c on c.id = pc.component_product_id
         where not exists (select 1 from stock_balances b
                            where b.product_id = c.id and b.lot_id is null and b.qty_on_hand > 0)
         order by pc.id limit 1`,
  );
  const held = await queryRows<{ id: number }>(
    db(),
    sql`update stock_lots set status = 'quarantine'
         where product_id = ${component!.id} and status = 'released' returning id::int as id`,
  );
  expect(held.length).toBeGreaterThan(0);
  const ids = held.map((l) => l.id);
  return {
    sku: component!.sku,
    restore: async () => {
      await db().execute(
        sql`update stock_lots set status = 'released'
             where id in (${sql.join(
               ids.map((id) => sql`${id}`),
               sql`, `,
             )})`,
      );
    },
  };
}

const card = (column: string, number: string) =>
  sealer.locator(`section[data-column="${column}"] [data-order="${number}"]`);

describe('the sealer sees why an order waits, and a refused count is kept', () => {
  it('the card says what is short; sealing refused keeps the counts, and goes once stock is back', async () => {
    const order = await released();
    const number = String(order.number);
    const short = await holdBackAComponent();

    // The card says what the order waits for before the crew starts on it.
    await sealer.reload();
    const waiting = card('released', number);
    const why = waiting.getByTestId('waiting-for');
    await why.waitFor();
    expect(await why.innerText()).toMatch(
      new RegExp(`^Short: ${short.sku} needs \\d+(\\.\\d+)?, 0 available`),
    );
    await saveScreenshot(sealer, 'journey-assembly-short-card');

    // By mouse: start, then finish sealing with the counts typed; refused for the stock.
    await waiting.getByRole('button', { name: 'Start sealing', exact: true }).click();
    const sealing = card('sealing', number);
    await sealing.getByRole('button', { name: 'Finish sealing', exact: true }).click();
    const dialog = sealer.getByRole('dialog', { name: /finish sealing/i });
    const sealed = dialog.getByRole('textbox', { name: 'Sealed units', exact: true });
    const waste = dialog.getByRole('textbox', { name: 'Sealing waste', exact: true });
    await sealed.fill('2');
    await waste.fill('0');
    await dialog.locator('button[type=submit]').click();
    await dialog.getByText(`Insufficient stock for ${short.sku}`).waitFor();
    expect([await sealed.inputValue(), await waste.inputValue()]).toEqual(['2', '0']);
    await saveScreenshot(sealer, 'journey-assembly-short-refused');

    // The stock is back: the same answers, sent again by keyboard, seal the order.
    await short.restore();
    await waste.focus();
    await sealer.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await admin.get<Row>(`${ASSEMBLY_ORDERS.api}/${order.id}`)).data.stage)
      .toBe('stamping');
    expect((await admin.get<Row>(`${ASSEMBLY_ORDERS.api}/${order.id}`)).data).toMatchObject({
      sealed_units: 2,
      has_consumption: 1,
    });
  });
});
