import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../../../../src/api/entity.api.ts';
import type { FetchedProduct } from '../../../../../src/api/product-fetch.api.ts';
import { ProductLookupPage } from '../../../../../src/views/modules/inventory/product-lookup.page.tsx';
import {
  FORM_SERVER_START_MS,
  type FormServer,
  startFormServer,
} from '../../common/entity-form/form-server.ts';
import { cleanupForm, renderForm } from '../../common/entity-form/render-form.tsx';
import type { EntityRow } from '../../../../../src/domain/entities/entity-row.ts';

// The scanner lookup against a real server with the demo products and stock: the box has the
// cursor, Enter finds by SKU (any case) or UPC, the card shows the ledger's totals and every
// place the stock is, the code is selected for the next scan, and a miss says so.

let server: FormServer;
beforeAll(async () => {
  server = await startFormServer();
}, FORM_SERVER_START_MS);
afterAll(() => server.close());
afterEach(cleanupForm);

async function openLookup() {
  const request = await server.requestAs('inventory');
  const view = renderForm(request, [
    { path: '/', element: <ProductLookupPage /> },
    { path: '/inventory/products/:id', element: <p>Product form</p> },
  ]);
  const box = screen.getByLabelText<HTMLInputElement>('SKU or UPC');
  return { ...view, box };
}

/** The demo's first product with stock in more than one place, as the API fetches it. */
async function stockedProduct(): Promise<{ product: FetchedProduct; places: EntityRow[] }> {
  const stock = await server.callAs<ListPage>(
    'inventory',
    'GET',
    '/api/inventory/stock-on-hand?per_page=500',
  );
  const byProduct = new Map<number, EntityRow[]>();
  for (const row of stock.rows) {
    const id = Number(row.product_id);
    byProduct.set(id, [...(byProduct.get(id) ?? []), row]);
  }
  const [id, places] = [...byProduct].find(([, rows]) => rows.length > 1) ?? [];
  const sku = String(places?.[0]?.product_sku);
  const product = await server.callAs<FetchedProduct>(
    'inventory',
    'GET',
    `/api/inventory/product/fetch?code=${encodeURIComponent(sku)}`,
  );
  expect(product.id).toBe(id);
  return { product, places: places ?? [] };
}

describe('product lookup', () => {
  it('finds a scanned SKU and shows its card, totals and where its stock is', async () => {
    const user = userEvent.setup();
    const { product, places } = await stockedProduct();
    const { box, router } = await openLookup();
    await waitFor(() => expect(document.activeElement).toBe(box));

    // A scanner types the code and presses Enter; case does not matter for a SKU.
    await user.keyboard(`${String(product.sku).toLowerCase()}{Enter}`);
    const card = await screen.findByTestId('product-card');
    expect(within(card).getByRole('heading', { name: String(product.sku) })).toBeTruthy();
    expect(within(card).getByText(String(product.name))).toBeTruthy();
    const total = (label: string) => within(card).getByLabelText(label).textContent;
    expect(total('On hand')).toContain(product.availability.on_hand.toLocaleString('en-CA'));
    expect(total('Available')).toContain(product.availability.available.toLocaleString('en-CA'));
    const table = within(card).getByRole('table', { name: 'Availability by location and lot' });
    expect(within(table).getAllByRole('row')).toHaveLength(places.length + 1);
    for (const place of places) {
      expect(within(table).getAllByText(String(place.location_name)).length).toBeGreaterThan(0);
    }
    // Ready for the next scan: the code is selected, so typing replaces it.
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, box.value.length]);

    await user.click(within(card).getByRole('link', { name: 'Open product' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/inventory/products/${product.id}`),
    );
  });

  it('finds by UPC, and says plainly when nothing has the code', async () => {
    const user = userEvent.setup();
    const { product } = await stockedProduct();
    const { box } = await openLookup();
    await user.type(box, `${String(product.upc)}{Enter}`);
    const card = await screen.findByTestId('product-card');
    expect(within(card).getByRole('heading', { name: String(product.sku) })).toBeTruthy();

    // The next scan types over the selected code.
    await waitFor(() => expect(box.selectionEnd).toBe(box.value.length));
    await user.keyboard('NO-SUCH-CODE{Enter}');
    const missing = await screen.findByTestId('lookup-missing');
    expect(missing.textContent).toContain('No product has the SKU or UPC “NO-SUCH-CODE”');
    expect(screen.queryByTestId('product-card')).toBeNull();
    // A miss is the page's to say, not an error dialog.
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
