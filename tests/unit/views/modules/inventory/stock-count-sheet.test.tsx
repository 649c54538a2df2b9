import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../../../../src/api/entity.api.ts';
import { COUNT_LINE_ITEMS } from '../../../../../src/domain/entities/inventory/inventory-lines.ts';
import { STOCK_COUNTS } from '../../../../../src/domain/entities/stock/stock-counts.entity.ts';
import { allowedStockCountActions } from '../../../../../src/machines/workflows/stock-count.machine.ts';
import { documentScreen } from '../../../../../src/views/common/entity/entity-screen.tsx';
import { countingSheetLink } from '../../../../../src/views/modules/inventory/counting-sheet-link.tsx';
import { StockCountSheetPage } from '../../../../../src/views/modules/inventory/stock-count-sheet.page.tsx';
import {
  FORM_SERVER_START_MS,
  type FormServer,
  startFormServer,
} from '../../common/entity-form/form-server.ts';
import {
  cleanupForm,
  renderForm,
  signedInServices,
} from '../../common/entity-form/render-form.tsx';
import type { EntityRow } from '../../../../../src/domain/entities/entity-row.ts';

// The counting sheet against a real server with the demo stock: a blind count hides the
// system quantities, Enter walks down the lines, Ctrl+S saves with the version read, a save
// that lost the race reloads without losing what was typed, codes land under their cells, the
// recount round writes recounts, and the count's page offers the sheet only while counting.

let server: FormServer;
let main: number;
let products: number[];
beforeAll(async () => {
  server = await startFormServer();
  const stock = await server.callAs<ListPage>(
    'inventory',
    'GET',
    '/api/inventory/stock-on-hand?per_page=500',
  );
  const first = stock.rows.find((r) => r.bin_id !== null);
  main = Number(first?.location_id);
  // Products with one balance row at the location, so each count has as many lines.
  const rowsAt = new Map<number, number>();
  for (const row of stock.rows.filter((r) => r.location_id === main)) {
    rowsAt.set(Number(row.product_id), (rowsAt.get(Number(row.product_id)) ?? 0) + 1);
  }
  products = [...rowsAt].filter(([, n]) => n === 1).map(([id]) => id);
}, FORM_SERVER_START_MS);
afterAll(() => server.close());
afterEach(cleanupForm);

let taken = 0;
/** A count of `size` products of its own, scheduled and started (its lines snapshotted). */
async function startedCount(size: number, blind: boolean): Promise<EntityRow> {
  const scope = products.slice(taken, taken + size);
  taken += size;
  const call = (path: string, body: object) =>
    server.callAs<EntityRow>('inventory', 'POST', path, { body });
  const created = await call(STOCK_COUNTS.api, {
    location_id: main,
    scope: 'products',
    blind: blind ? 1 : 0,
    lines: scope.map((product_id) => ({ product_id })),
  });
  const scheduled = await call(`${STOCK_COUNTS.api}/${created.id}/events/schedule`, {
    version: created.version,
  });
  return call(`${STOCK_COUNTS.api}/${created.id}/events/start`, { version: scheduled.version });
}

const readCount = (id: number) =>
  server.callAs<EntityRow>('admin', 'GET', `${STOCK_COUNTS.api}/${id}`);
const linesOf = (doc: EntityRow) => doc.lines as EntityRow[];

async function openSheet(id: number, username = 'inventory') {
  const request = await server.requestAs(username);
  const services = await signedInServices(request);
  const view = renderForm(
    request,
    [
      { path: '/inventory/stock-count/:id/sheet', element: <StockCountSheetPage /> },
      { path: '/inventory/stock-count/:id', element: <p>Count page</p> },
    ],
    [`/inventory/stock-count/${id}/sheet`],
    services,
  );
  await screen.findByTestId('sheet-progress');
  return view;
}

const inputs = () => screen.getAllByRole<HTMLInputElement>('textbox');
const progress = () => screen.getByTestId('sheet-progress').textContent;

describe('the counting sheet', () => {
  it('counts blind from the keyboard and saves with the version read', async () => {
    const user = userEvent.setup();
    const count = await startedCount(3, true);
    await openSheet(count.id);

    expect(screen.getByText('Blind count')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'System qty' })).toBeNull();
    expect(progress()).toBe('0 of 3 counted');
    // The cursor starts on the first line; Enter walks down the sheet.
    await waitFor(() => expect(document.activeElement).toBe(inputs()[0]));
    await user.keyboard('5{Enter}');
    expect(document.activeElement).toBe(inputs()[1]);
    await user.keyboard('7.25{Enter}');
    expect(document.activeElement).toBe(inputs()[2]);
    expect(progress()).toBe('2 of 3 counted');
    // Unsaved counts hold the workflow back.
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit.getAttribute('aria-disabled')).toBe('true');

    await user.keyboard('{Control>}s{/Control}');
    await screen.findByText('Count sheet saved');
    const saved = linesOf(await readCount(count.id));
    expect(saved.map((l) => l.counted_qty)).toEqual([5, 7.25, null]);
    expect(saved[0]?.snapshot_qty).toBeNull();
    // Saved: the cursor goes to the line still to count, named by the counter beside.
    await waitFor(() => expect(document.activeElement).toBe(inputs()[2]));
    const me = await server.callAs<{ name: string }>('inventory', 'GET', '/api/me');
    expect(screen.getAllByText(me.name)).toHaveLength(2);
    // Not every line is counted yet: submit says so instead of failing on the server.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit' }).getAttribute('aria-disabled')).toBe(
        'true',
      ),
    );
  });

  it('keeps what was typed when another counter saved first, and saves it after a reload', async () => {
    const user = userEvent.setup();
    const count = await startedCount(3, true);
    await openSheet(count.id);
    await user.type(inputs()[0] as HTMLInputElement, '11');
    await user.type(inputs()[1] as HTMLInputElement, '6');

    // Someone else counts the second and third lines behind this sheet's back.
    const [, second, third] = linesOf(count);
    await server.callAs('admin', 'PUT', `${STOCK_COUNTS.api}/${count.id}/sheet`, {
      body: {
        version: count.version,
        lines: [
          { id: second?.id, qty: 4 },
          { id: third?.id, qty: 8 },
        ],
      },
    });
    await user.click(screen.getByRole('button', { name: 'Save counts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record changed' });
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));

    // Their count of a line nobody typed here shows; a line both counted keeps this count
    // and says what theirs was.
    await waitFor(() => expect(inputs()[2]?.value).toBe('8'));
    expect(inputs().map((i) => i.value)).toEqual(['11', '6', '8']);
    const conflicts = screen.getByRole('alert', { name: 'Counted meanwhile by someone else' });
    expect(conflicts.textContent).toContain(`${String(second?.product_sku)}`);
    expect(conflicts.textContent).toMatch(/: 4$/);
    expect(progress()).toBe('3 of 3 counted');
    await user.click(screen.getByRole('button', { name: 'Save counts' }));
    await screen.findByText('Count sheet saved');
    expect(linesOf(await readCount(count.id)).map((l) => l.counted_qty)).toEqual([11, 6, 8]);
    expect(screen.queryByRole('alert', { name: 'Counted meanwhile by someone else' })).toBeNull();
    // Every line counted and saved: the count may be submitted from the sheet.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit' }).getAttribute('aria-disabled')).toBe(
        'false',
      ),
    );
  });

  it("shows the server's code under the cell it names", async () => {
    const user = userEvent.setup();
    const count = await startedCount(2, false);
    await openSheet(count.id);
    // Not blind: the counter sees the system quantity.
    expect(screen.getByRole('columnheader', { name: 'System qty' })).toBeTruthy();
    await user.type(inputs()[1] as HTMLInputElement, '123456789012');
    await user.keyboard('{Control>}s{/Control}');

    const input = inputs()[1] as HTMLInputElement;
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const described = input.getAttribute('aria-describedby') ?? '';
    const message = described
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(message).toMatch(/99999999999\.999 or less/);
    expect(await screen.findByText('Validation Error')).toBeTruthy();
    expect(linesOf(await readCount(count.id)).map((l) => l.counted_qty)).toEqual([null, null]);
  });

  it('writes recounts in the recount round and takes nothing once submitted', async () => {
    const user = userEvent.setup();
    const count = await startedCount(1, false);
    const line = linesOf(count)[0] as EntityRow;
    const admin = (path: string, body: object) =>
      server.callAs<EntityRow>('admin', 'POST', path, { body });
    const counted = await server.callAs<EntityRow>(
      'inventory',
      'PUT',
      `${STOCK_COUNTS.api}/${count.id}/sheet`,
      { body: { version: count.version, lines: [{ id: line.id, qty: 0 }] } },
    );
    const submitted = await server.callAs<EntityRow>(
      'inventory',
      'POST',
      `${STOCK_COUNTS.api}/${count.id}/events/submit`,
      { body: { version: counted.version } },
    );

    const view = await openSheet(count.id);
    expect(screen.getByText(/the sheet takes counts while a count is in progress/)).toBeTruthy();
    expect(inputs()[0]?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save counts' })).toBeNull();
    view.unmount();

    const review = await admin(`${STOCK_COUNTS.api}/${count.id}/events/review`, {
      version: submitted.version,
    });
    await admin(`${STOCK_COUNTS.api}/${count.id}/events/recount`, { version: review.version });
    await openSheet(count.id);
    expect(screen.getByText('Recount round')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'First count' })).toBeTruthy();
    expect(progress()).toBe('0 of 1 counted');
    await user.type(inputs()[0] as HTMLInputElement, '3');
    await user.keyboard('{Control>}s{/Control}');
    await screen.findByText('Count sheet saved');
    expect(linesOf(await readCount(count.id))[0]).toMatchObject({
      counted_qty: 0,
      recount_qty: 3,
    });
  });

  it("is offered on the count's page only while the count takes counts", async () => {
    const user = userEvent.setup();
    const CountPage = documentScreen(STOCK_COUNTS, {
      lines: COUNT_LINE_ITEMS,
      listPath: '/inventory/stock-count',
      allowed: allowedStockCountActions,
      extra: countingSheetLink,
    });
    const request = await server.requestAs('inventory');
    const services = await signedInServices(request);
    const draft = await server.callAs<EntityRow>('inventory', 'POST', STOCK_COUNTS.api, {
      body: { location_id: main, scope: 'full' },
    });
    const started = await startedCount(1, true);
    const open = (id: number) =>
      renderForm(
        request,
        [
          { path: '/inventory/stock-count/:id', element: <CountPage /> },
          { path: '/inventory/stock-count/:id/sheet', element: <StockCountSheetPage /> },
        ],
        [`/inventory/stock-count/${id}`],
        services,
      );

    const view = open(draft.id);
    await screen.findByRole('button', { name: 'Schedule' });
    expect(screen.queryByRole('link', { name: 'Counting sheet' })).toBeNull();
    view.unmount();

    const { router } = open(started.id);
    const link = await screen.findByRole('link', { name: 'Counting sheet' });
    await user.click(link);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/inventory/stock-count/${started.id}/sheet`),
    );
    expect(await screen.findByText(`Count sheet ${String(started.number)}`)).toBeTruthy();
  });
});
