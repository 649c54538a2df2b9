import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/query-rows.ts';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient } from '../../support/entity-crud.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { act } from '../../support/e2e-stock.ts';

// docs/journeys.md, Lab Receiving: "supervisor: inspect, release or reject the lab receiving; the
// lot leaves quarantine only then". Two receivings of PG the warehouse has received (through
// the API, as its own journey walks that in the browser): the supervisor inspects, posts and
// releases one by mouse, and rejects the other by keyboard.

const API = '/api/lab/receivings';
type Row = { id: number; number: string; version: number; lines: { lot_id: number | null }[] };

const lab = journey('journey-supervisor-lab');
let supervisor: Page;
const made: Row[] = [];

async function received(lot: string): Promise<Row> {
  const url = lab.suite.server.url;
  const warehouse = entityClient(url, await tokenFor(url, 'warehouse'));
  const ids = await queryRows<{ supplier: number; lab: number; pg: number }>(
    lab.suite.server.server.database.db,
    sql`select (select id::int from suppliers where code = 'SUP-GLYC') as supplier,
               (select id::int from locations where code = 'LAB') as lab,
               (select id::int from products where sku = 'RM-PG-USP') as pg`,
  );
  const { supplier, lab: location, pg } = ids[0]!;
  const draft = await warehouse.send<Row>('POST', API, {
    supplier_id: supplier,
    location_id: location,
    received_at: '2026-11-20',
    carrier: 'Day & Ross',
    lines: [
      { product_id: pg, supplier_lot_no: lot, qty: 1000, container_count: 1, flashpoint_c: 99 },
    ],
  });
  const reply = await warehouse.send<Row>('POST', `${API}/${draft.data.id}/events/receive`, {
    version: draft.data.version,
  });
  expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
  return reply.data;
}

const lotStatus = async (number: string) =>
  (
    await queryRows<{ status: string | null }>(
      lab.suite.server.server.database.db,
      sql`select l.status from lab_receivings r
            join lab_receiving_items i on i.lab_receiving_id = r.id
            left join stock_lots l on l.id = i.lot_id
           where r.number = ${number}`,
    )
  )[0]?.status ?? null;

beforeAll(async () => {
  const stamp = Date.now().toString(36).toUpperCase();
  made.push(await received(`PG-M-${stamp}`), await received(`PG-K-${stamp}`));
  supervisor = await lab.signedIn('supervisor', '/lab/receiving');
});

describe('the supervisor judges a lab receiving', () => {
  it('by mouse: inspects, posts into quarantine, then releases the lot', async () => {
    const { number } = made[0]!;
    await supervisor.getByRole('gridcell', { name: number, exact: true }).dblclick();
    await supervisor.waitForURL((u) => /^\/lab\/receiving\/\d+$/.test(u.pathname));
    await act(supervisor, 'Inspect', 'inspected');
    const moved = await act(supervisor, 'Post', 'posted', 'journey-supervisor-lab-post');
    expect(moved.join(' ')).toContain('RM-PG-USP');
    // Posted: the lot is in stock, and in quarantine until it is released.
    expect(await lotStatus(number)).toBe('quarantine');
    await act(supervisor, 'Release', 'released');
    expect(await lotStatus(number)).toBe('released');
    await saveScreenshot(supervisor, 'journey-supervisor-lab-released');
  });

  it('by keyboard: rejects the other with a reason; nothing reaches stock', async () => {
    const { id, number } = made[1]!;
    await supervisor.goto(`${lab.suite.server.url}/lab/receiving/${id}`);
    const bar = supervisor.getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Reject', exact: true }).focus();
    await supervisor.keyboard.press('Enter');
    const dialog = supervisor.getByRole('dialog');
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await supervisor.keyboard.type('Drums arrived with broken seals');
    await dialog.getByRole('button', { name: 'Yes' }).focus();
    await supervisor.keyboard.press('Enter');
    await bar.getByText(/^rejected$/i).waitFor();
    expect(await lotStatus(number)).toBeNull();
  });
});
