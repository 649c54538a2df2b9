import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { SUPPLIERS } from '../../src/domain/entities/purchase/suppliers.entity.ts';
import { describeEntityCrud, type EntityApiClient, type Row } from '../support/entity-crud.ts';
import { startPurchaseWorld, type PurchaseWorld } from '../support/purchase-fixtures.ts';
import { backends } from '../support/test-server.ts';

// Suppliers on the entity pattern (purchase writes them; others are refused), and the
// products each sells us, saved with the supplier: one row per product, references checked.

type Option = { value: number; label: string };

/** The first option of a picker a buyer may open (currencies and locations are Administration's). */
async function firstOption(api: EntityApiClient, path: string, label?: string) {
  const options = (await api.get<Option[]>(`${path}/options`)).data;
  const option = label ? options.find((o) => o.label === label) : options[0];
  if (!option) throw new Error(`no option ${label ?? ''} at ${path}`);
  return option.value;
}
const anyCurrency = (api: EntityApiClient) => firstOption(api, '/api/general/currencies', 'CAD');

describeEntityCrud({
  entity: SUPPLIERS,
  insider: 'purchase',
  valid: async (n, api) => ({
    code: `SUP-${n}`,
    name: `Supplier ${n}`,
    currency_id: await anyCurrency(api),
    payment_terms_days: 45,
    tax_number: `12345 6789 RT000${n}`,
    email: `orders${n}@supplier.example`,
  }),
  change: { lead_time_days: 21, active: 0 },
  invalid: {
    body: { code: 'BAD', currency_id: 999999, payment_terms_days: 1.5, email: 'nope' },
    codes: { name: 'required', payment_terms_days: 'integer' },
  },
  outsider: 'sale',
  referenced: async (api) => {
    const supplier = await api.create(SUPPLIERS, {
      code: 'SUP-REF',
      name: 'Referenced supplier',
      currency_id: await anyCurrency(api),
    });
    await api.create(PURCHASE_ORDERS, {
      supplier_id: supplier.id,
      order_date: '2026-03-02',
      ship_to_location_id: await firstOption(api, '/api/general/locations'),
      lines: [
        { product_id: await firstOption(api, '/api/inventory/products'), qty: 1, unit_price: 1 },
      ],
    });
    return supplier.id;
  },
});

describe.each(backends())('supplier products on %s', (backend) => {
  let w: PurchaseWorld;
  beforeAll(async () => {
    w = await startPurchaseWorld(backend);
  });
  afterAll(async () => w.t.close());

  const product = (productId: number, extra: object = {}) => ({
    product_id: productId,
    supplier_sku: `S-${productId}`,
    unit_price: 2.3456,
    moq: 24,
    lead_time_days: 10,
    ...extra,
  });

  it('saves the products with the supplier and replaces them when sent again', async () => {
    const supplier = await w.newSupplier({ products: [product(w.ids.untracked)] });
    expect(supplier.products_count).toBe(1);
    expect(supplier.products).toMatchObject([
      { product_id: w.ids.untracked, unit_price: 2.3456, moq: 24, preferred: 0 },
    ]);
    const api = await w.api('purchase');
    const saved = await api.send<Row>('PUT', `${SUPPLIERS.api}/${supplier.id}`, {
      version: supplier.version,
      products: [product(w.ids.tracked, { preferred: 1 })],
    });
    expect(saved.httpStatus, JSON.stringify(saved.data)).toBe(200);
    expect((saved.data.products as Row[]).map((p) => p.product_id)).toEqual([w.ids.tracked]);
  });

  it('refuses one product twice and an unknown product, writing nothing', async () => {
    const api = await w.api('purchase');
    const base = { code: 'SUP-DUP', name: 'Dup', currency_id: w.cad };
    const twice = await api.send('POST', SUPPLIERS.api, {
      ...base,
      products: [product(w.ids.untracked), product(w.ids.untracked)],
    });
    expect(twice.httpStatus).toBe(422);
    expect(twice.data).toEqual({ 'products.1.product_id': 'unique' });
    const unknown = await api.send('POST', SUPPLIERS.api, {
      ...base,
      products: [product(999999)],
    });
    expect(unknown.data).toEqual({ 'products.0.product_id': 'exists' });
    const missingPrice = await api.send('POST', SUPPLIERS.api, {
      ...base,
      products: [{ product_id: w.ids.untracked }],
    });
    expect(missingPrice.data).toMatchObject({ 'products.0.unit_price': 'required' });
    const found = await api.get<{ total: number }>(SUPPLIERS.api, {
      filter: [
        { field: 'code', field_type: 'text', filters: [{ operator: 'equals', value: 'SUP-DUP' }] },
      ],
    });
    expect(found.data.total).toBe(0);
  });

  it('refuses a new order from an inactive supplier', async () => {
    const supplier = await w.newSupplier({ active: 0 });
    const reply = await (
      await w.api('purchase')
    ).send('POST', PURCHASE_ORDERS.api, w.orderOf(supplier.id));
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toEqual({ supplier_id: 'This supplier is inactive' });
  });
});
