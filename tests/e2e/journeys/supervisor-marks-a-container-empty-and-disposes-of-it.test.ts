import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/query-rows.ts';
import { journey } from '../../support/e2e-journey.ts';
import { receivedLot } from '../../support/received-lot.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { act, actionsOffered } from '../../support/e2e-stock.ts';

// docs/journeys.md, Lab Receiving: the supervisor keeps the lab's containers after their
// lot is released. A drum of PG went in use at the first batching pick of its lot and the lot
// is used up: the supervisor marks it empty, then disposes of it (asked to confirm first).
// The last drum of a lot that still has stock cannot be marked empty, and its button says why.
// By mouse from the containers list, and by keyboard on another drum. The containers are
// written as the receiving and the pick leave them (their own journeys walk those screens).

const lab = journey('journey-supervisor-containers');
let supervisor: Page;
const STAMP = Date.now().toString(36).toUpperCase();

type Made = { id: number; code: string };

/** One in-use drum of a new lot of PG with `onHand` in the lab's books (posted as a receipt). */
async function drumInUse(suffix: string, onHand: number): Promise<Made> {
  const db = lab.suite.server.server.database.db;
  const code = `CT-${STAMP}-${suffix}`;
  const lotNo = `PG-${STAMP}-${suffix}`;
  const [ids] = await queryRows<{ supplier: number; lab: number; pg: number }>(
    db,
    sql`select (select id::int from suppliers where code = 'SUP-GLYC') as supplier,
               (select id::int from locations where code = 'LAB') as lab,
               (select id::int from products where sku = 'RM-PG-USP') as pg`,
  );
  const { supplier, lab: location, pg } = ids!;
  const lotId =
    onHand > 0
      ? await receivedLot(db, { productId: pg, locationId: location, lotNo, qty: onHand })
      : (
          await queryRows<{ id: number }>(
            db,
            sql`insert into stock_lots (product_id, lot_no, source)
                values (${pg}, ${lotNo}, 'receipt') returning id::int as id`,
          )
        )[0]!.id;
  const [made] = await queryRows<{ id: number }>(
    db,
    sql`with receiving as (
          insert into lab_receivings (number, supplier_id, location_id, received_at, status)
          values (${`LR-${STAMP}-${suffix}`}, ${supplier}, ${location}, '2026-11-20', 'released')
          returning id),
        item as (
          insert into lab_receiving_items
            (lab_receiving_id, product_id, supplier_lot_no, lot_id, qty, container_count)
          select receiving.id, ${pg}, ${lotNo}, ${lotId}, 200, 1 from receiving returning id)
        insert into receiving_containers (code, lab_receiving_item_id, net_qty, location_id, status)
        select ${code}, item.id, 200, ${location}, 'in_use' from item
        returning id::int as id`,
  );
  return { id: made!.id, code };
}

let byMouse: Made;
let byKeyboard: Made;
let lastOfLot: Made;

beforeAll(async () => {
  byMouse = await drumInUse('M', 0);
  byKeyboard = await drumInUse('K', 0);
  lastOfLot = await drumInUse('S', 120);
  supervisor = await lab.signedIn('supervisor', '/lab/receiving-containers');
});

const bar = () => supervisor.getByRole('group', { name: 'Document actions' });

describe('the supervisor marks a drum empty and disposes of it', () => {
  it('by mouse: from the containers list, confirming the disposal', async () => {
    await supervisor.getByRole('gridcell', { name: byMouse.code, exact: true }).dblclick();
    await supervisor.waitForURL((u) => u.pathname === `/lab/receiving-container/${byMouse.id}`);
    expect(await actionsOffered(supervisor)).toEqual(['Mark empty']);
    await act(supervisor, 'Mark empty', 'empty');
    expect(await actionsOffered(supervisor)).toEqual(['Dispose']);
    await act(supervisor, 'Dispose', 'disposed', 'journey-supervisor-container-dispose-confirm');
    await supervisor.getByText('A disposed container is kept as it was').waitFor();
    await saveScreenshot(supervisor, 'journey-supervisor-container-disposed');
    expect(await actionsOffered(supervisor)).toEqual([]);
  });

  it('by keyboard: Enter on each button, and on the confirmation', async () => {
    await supervisor.goto(`${lab.suite.server.url}/lab/receiving-container/${byKeyboard.id}`);
    await bar().getByRole('button', { name: 'Mark empty', exact: true }).focus();
    await supervisor.keyboard.press('Enter');
    await bar()
      .getByText(/^empty$/i)
      .waitFor();
    await bar().getByRole('button', { name: 'Dispose', exact: true }).focus();
    await supervisor.keyboard.press('Enter');
    const confirm = supervisor.getByRole('dialog').getByRole('button', { name: 'Dispose' });
    await confirm.focus();
    await supervisor.keyboard.press('Enter');
    await bar()
      .getByText(/^disposed$/i)
      .waitFor();
  });

  it('cannot mark the last drum of a lot with stock empty, and reads why', async () => {
    await supervisor.goto(`${lab.suite.server.url}/lab/receiving-container/${lastOfLot.id}`);
    const button = bar().getByRole('button', { name: 'Mark empty', exact: true });
    await button.waitFor();
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    await button.hover();
    await supervisor
      .getByText(/still has 120 .* last open container/)
      .first()
      .waitFor();
    await saveScreenshot(supervisor, 'journey-supervisor-container-last-of-lot');
  });
});
