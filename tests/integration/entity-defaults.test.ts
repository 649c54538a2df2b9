import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { allEntities } from '../../src/domain/entities/entity-registry.ts';
import {
  CUSTOMER_ADDRESS_LINES,
  TAX_SETUP_LINES,
} from '../../modules/general/shared/entities/general-lines.ts';
import { PRICE_TIER_LINES } from '../../src/domain/entities/inventory/inventory-lines.ts';
import { FLOW_ACTION_LINES } from '../../src/domain/entities/production/flows.entity.ts';
import { ALLOCATION_LINES } from '../../src/domain/entities/stock/allocations.entity.ts';
import { RECEIVING_LINES } from '../../src/domain/entities/stock/receivings.entity.ts';
import { STOCK_ADJUSTMENT_LINES } from '../../src/domain/entities/stock/stock-adjustments.entity.ts';
import { STOCK_COUNT_LINES } from '../../src/domain/entities/stock/stock-counts.entity.ts';
import { TRANSFER_LINES } from '../../src/domain/entities/stock/transfers.entity.ts';
import type { EntityField } from '../../src/domain/entity/entity-field.ts';
import { writableFields } from '../../src/domain/entity/entity-declaration.ts';
import { PRODUCTS } from '../../src/domain/entities/inventory/products.entity.ts';
import { MEASURES } from '../../src/domain/entities/inventory/measures.entity.ts';
import { BRANDS } from '../../src/domain/entities/inventory/brands.entity.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type EntityApiClient } from '../support/entity-crud.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// A form sends every field it shows, blank ones as null. A column that may not be null must
// then be either required in its declaration or carry its default there, or a person who
// leaves it blank gets "required" for a field the form never marked so.

type Column = { table_name: string; column_name: string; is_nullable: string };

/** The line items forms send, by the table they are written to. */
const LINE_TABLES: ReadonlyArray<readonly [string, readonly EntityField[]]> = [
  ...[
    RECEIVING_LINES,
    STOCK_ADJUSTMENT_LINES,
    TRANSFER_LINES,
    STOCK_COUNT_LINES,
    ALLOCATION_LINES,
  ].map((lines) => [lines.name, lines.fields] as const),
  ['customer_addresses', CUSTOMER_ADDRESS_LINES.fields],
  ['tax_setup_lines', TAX_SETUP_LINES.fields],
  ['price_tier_prices', PRICE_TIER_LINES.fields],
  ['flow_actions', FLOW_ACTION_LINES.fields],
];

describe('declared defaults', () => {
  let t: TestServer;
  let api: EntityApiClient;
  beforeAll(async () => {
    t = await startTestServer();
    api = entityClient(t.url, await tokenFor(t.url, 'admin'));
  });
  afterAll(async () => t.close());

  it('covers every optional writable field whose column is NOT NULL', async () => {
    const columns = await queryRows<Column>(
      t.server.database.db,
      sql`select table_name, column_name, is_nullable from information_schema.columns
           where table_schema = 'public'`,
    );
    const notNull = new Set(
      columns.filter((c) => c.is_nullable === 'NO').map((c) => `${c.table_name}.${c.column_name}`),
    );
    const tables = new Set(columns.map((c) => c.table_name));
    const checked: (readonly [string, readonly EntityField[]])[] = [
      ...allEntities()
        .filter((e) => e.writable !== false)
        .map((e) => [e.name, writableFields(e)] as const),
      ...LINE_TABLES.map(([table, fields]) => [table, fields.filter((f) => !f.readOnly)] as const),
    ].filter(([table]) => tables.has(table));
    expect(checked.length).toBeGreaterThan(25);
    const uncovered = checked.flatMap(([table, fields]) =>
      fields
        .filter((f) => f.kind !== 'json' && !f.required && f.defaultValue === undefined)
        .filter((f) => notNull.has(`${table}.${f.name}`))
        .map((f) => `${table}.${f.name}`),
    );
    expect(uncovered).toEqual([]);
  });

  it('creates from a form-shaped payload whose defaulted fields are blank', async () => {
    const brand = await api.create(BRANDS, { code: 'DEF-B', name: 'Defaulted', active: null });
    expect(brand.active).toBe(1);
    const measures = await api.get<{ rows: { id: number; code: string }[] }>(MEASURES.api);
    const product = await api.create(PRODUCTS, {
      sku: 'DEF-1',
      name: 'Defaulted product',
      type: 'raw_material',
      measure_id: measures.data.rows.find((m) => m.code === 'ea')?.id,
      nicotine_type: null,
      status: null,
      reorder_point: '',
      standard_cost: null,
      is_lot_tracked: null,
    });
    expect(product).toMatchObject({
      nicotine_type: 'none',
      status: 'active',
      reorder_point: 0,
      standard_cost: 0,
      // Booleans travel as 1/0 (docs/product.md §7).
      is_lot_tracked: 1,
    });
  });
});
