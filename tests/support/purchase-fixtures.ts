import { CURRENCIES } from '../../modules/general/shared/entities/currencies.entity.ts';
import { LOCATIONS } from '../../modules/general/shared/entities/locations.entity.ts';
import { SUPPLIERS } from '../../src/domain/entities/purchase/suppliers.entity.ts';
import { settings } from '../../server/db/schema/general.ts';
import type { List, Row } from './entity-crud.ts';
import { stockWorldOn, type StockWorld } from './stock-fixtures.ts';
import { startTestServer, type Backend, type TestServerOptions } from './test-server.ts';

// A stock world (locations, products low on stock) plus what purchase tests need: the demo's
// CAD and USD, the Ontario warehouse (13 % HST) and a supplier of their own per call.

export type PurchaseWorld = StockWorld & {
  cad: number;
  usd: number;
  /** WH-MAIN, in Ontario: orders shipped there take Ontario HST. */
  warehouse: number;
  newSupplier(extra?: Record<string, unknown>): Promise<Row>;
  setThreshold(value: number): Promise<void>;
  /** A purchase order payload: one line of the untracked product, shipped to WH-MAIN. */
  orderOf(supplierId: number, qty?: number, unitPrice?: number): Record<string, unknown>;
};

let suppliers = 0;

export async function startPurchaseWorld(
  backend: Backend,
  /** More of the server's set-up (an SMTP server to send orders to). */
  options: Omit<TestServerOptions, 'backend'> = {},
): Promise<PurchaseWorld> {
  const w = await stockWorldOn(await startTestServer({ backend, ...options }));
  const admin = await w.api('admin');
  const idOf = async (api: string, code: string) => {
    const reply = await admin.get<List>(api, {
      filter: [
        { field: 'code', field_type: 'text', filters: [{ operator: 'equals', value: code }] },
      ],
    });
    const row = reply.data.rows[0];
    if (!row) throw new Error(`no ${code} at ${api}`);
    return row.id;
  };
  const cad = await idOf(CURRENCIES.api, 'CAD');
  const warehouse = await idOf(LOCATIONS.api, 'WH-MAIN');
  return {
    ...w,
    cad,
    usd: await idOf(CURRENCIES.api, 'USD'),
    warehouse,
    newSupplier: async (extra = {}) => {
      suppliers += 1;
      return (await w.api('purchase')).create(SUPPLIERS, {
        code: `SUP-T${suppliers}-${Math.random().toString(36).slice(2, 5)}`,
        name: `Test supplier ${suppliers}`,
        currency_id: cad,
        ...extra,
      });
    },
    orderOf: (supplierId, qty = 1, unitPrice = 1) => ({
      supplier_id: supplierId,
      order_date: '2026-03-02',
      ship_to_location_id: warehouse,
      lines: [{ product_id: w.ids.untracked, qty, unit_price: unitPrice }],
    }),
    setThreshold: async (value) => {
      await w.db
        .insert(settings)
        .values({ key: 'purchase.approval_threshold', value })
        .onConflictDoUpdate({ target: settings.key, set: { value } });
    },
  };
}
