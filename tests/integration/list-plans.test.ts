import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { SALES_ORDERS } from '../../modules/sales/shared/entities/sales-orders.entity.ts';
import { INVENTORY_MOVEMENTS } from '../../src/domain/entities/stock/inventory-movements.entity.ts';
import type { TableQueryInput } from '../../src/domain/table-filter/table-query.types.ts';
import { insertLedgerRows } from '../support/ledger-rows.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';
import { driverClient, statementsOf, type Statement } from '../support/watch-statements.ts';

// Every read a big table's list makes must be served by an index: the movements
// report's default page, its page with the usual filters (types, quantity sign, last 90 days;
// the page bench/list.bench.ts measures) and the live store's delta poll (which also reads
// the deleted rows from audit_logs). Each statement is taken from the driver while the real
// route answers, then `explain`ed; a sequential scan of a big table fails the test.
//
// Decided: plans are read with `enable_seqscan = off`, so a sequential scan of a big table in
// a plan means no index can serve that statement at all. Left free, the planner rightly reads
// a test-sized table whole (20,000 rows fit in a few hundred pages: the ids-first page's outer
// lookup and the unfiltered capped count then scan it), while over a million rows it picks the
// same indexes (bench/README.md §3, explain on PostgreSQL); seeding a million rows per test run
// would take minutes. The tables still hold 20,000 movements and 20,000 audit rows, analyzed,
// so the statistics are those of a table with data.
//
// The purchase orders list's supplier filter too: its id is bound as the column's
// bigint, not as numeric (which would compare `supplier_id::numeric` and pass the index by),
// so purchase_orders_supplier_idx serves it; 5,000 orders over the demo suppliers.

const BIG_TABLES = ['stock_movements', 'audit_logs', 'purchase_orders', 'sales_orders'];
const ORDERS = 5_000;
const MOVEMENTS = 20_000;
const END = '2026-11-20T00:00:00Z';

describe('list plans over big tables', () => {
  let w: StockWorld;
  let client: ReturnType<typeof driverClient>;
  beforeAll(async () => {
    w = await startStockWorld('pglite');
    client = driverClient(w.db);
    await insertLedgerRows(w, MOVEMENTS, END);
    await w.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into audit_logs (entity_type, entity_id, action, changes)
        select (array['products', 'customers', 'inventory_movements'])[1 + g % 3], g,
               (array['create', 'update', 'delete'])[1 + g % 3], '{}'::jsonb
          from generate_series(1, ${MOVEMENTS}) g`);
    });
    await w.db.execute(sql`
      insert into purchase_orders (number, supplier_id, order_date, ship_to_location_id)
      select 'PT-' || lpad(g::text, 6, '0'),
             (select array_agg(id order by id) from suppliers)[1 + g % (select count(*) from suppliers)::int],
             date '2026-01-01' + g % 300, ${w.ids.main}
        from generate_series(1, ${ORDERS}) g`);
    await w.db.execute(sql`
      insert into sales_orders (number, customer_id, ship_to_address_id, ship_from_location_id, order_date)
      select 'ST-' || lpad(g::text, 6, '0'), a.customer_id, a.id, ${w.ids.main}, date '2026-01-01' + g % 300
        from generate_series(1, ${ORDERS}) g
        cross join lateral (select a.id, a.customer_id from customer_addresses a
                             order by a.id offset g % (select count(*) from customer_addresses)::int limit 1) a`);
    // Five lines an order, one in twelve partly shipped: what the orders' line facts read.
    await w.db.execute(sql`
      insert into sales_order_lines (sales_order_id, product_id, qty, unit_price, line_total,
                                     qty_allocated, qty_shipped)
      select o.id, p.id, 10, 1, 10, case when n = 1 and o.id % 12 = 0 then 10 else 0 end,
             case when n = 1 and o.id % 12 = 0 then 4 else 0 end
        from sales_orders o cross join generate_series(1, 5) n
        cross join lateral (select id from products order by id limit 1) p`);
    await w.db.execute(sql`analyze sales_order_lines`);
    await w.db.execute(sql`analyze sales_orders`);
    await w.db.execute(sql`analyze purchase_orders`);
    await w.db.execute(sql`analyze stock_movements`);
    await w.db.execute(sql`analyze audit_logs`);
    // Generous: a server start and seeding on a 2-core machine shared with other jobs.
  }, 300_000);
  afterAll(async () => w.t.close());

  /** Every line of the plans of the statements that read a big table. */
  async function planLines(statements: Statement[]) {
    // Queries only: the server's own vacuum pass (pglite-autovacuum.ts) may run meanwhile.
    const reading = statements.filter(
      (s) =>
        /^\s*(select|with)\b/i.test(s.sql) &&
        BIG_TABLES.some((t) => s.sql.includes(`"${t}"`) || s.sql.includes(` ${t} `)),
    );
    expect(reading.length).toBeGreaterThan(0);
    const plans: { line: string; statement: Statement }[] = [];
    for (const s of reading) {
      await client.query('set enable_seqscan = off');
      const plan = (await client
        .query(`explain ${s.sql}`, s.params)
        .finally(() => client.query('reset enable_seqscan'))) as {
        rows: { 'QUERY PLAN': string }[];
      };
      for (const row of plan.rows) plans.push({ line: row['QUERY PLAN'], statement: s });
    }
    return plans;
  }

  /** Every sequential scan of a big table in the plans of the statements that read one. */
  async function seqScans(statements: Statement[]) {
    return (await planLines(statements))
      .filter(({ line }) => BIG_TABLES.some((t) => line.includes(`Seq Scan on ${t}`)))
      .map(({ line, statement }) => `${line.trim()}\n  in: ${statement.sql.slice(0, 200)}…`);
  }

  const list = async (query: TableQueryInput) => {
    const api = await w.api('inventory');
    return statementsOf(w.db, () => api.get(INVENTORY_MOVEMENTS.api, query));
  };

  it('serves the movements report default page (moved_at desc) from an index', async () => {
    expect(await seqScans(await list({ page: 1, per_page: 100 }))).toEqual([]);
  });

  // The report's labels the ledger keeps on its rows (schema/stock.ts), and its quantity.
  const LABELS = [
    'product_sku',
    'product_name',
    'lot_no',
    'location_name',
    'bin_code',
    'document_number',
    'created_by_name',
  ] as const;

  // The product's groups, kept on the ledger too (fields named as the report names them).
  const GROUPS = ['category', 'brand', 'family'] as const;

  it.each(
    [
      ...LABELS,
      'updated_by_name',
      'note',
      'movement_type',
      'source_type',
      'qty',
      'qty_in',
      'qty_out',
      'updated_at',
      'running_balance',
      'unit_cost',
      'id',
      'version',
      ...GROUPS.flatMap((g) => [`${g}_id`, `${g}_name`]),
    ].flatMap((field) =>
      (['asc', 'desc'] as const).map((direction) => [field, direction] as const),
    ),
  )('reads the page sorted by %s %s off an index, sorting nothing', async (field, direction) => {
    const plans = await planLines(
      await list({ sort: { field, direction }, page: 1, per_page: 100 }),
    );
    const sorts = plans
      .filter(({ line }) => /^(->\s+)?(Incremental )?Sort\b/.test(line.trim()))
      .map(({ line }) => line.trim());
    expect(sorts).toEqual([]);
    expect(
      plans.some(({ line }) => BIG_TABLES.some((t) => line.includes(`Seq Scan on ${t}`))),
    ).toBe(false);
    // A group's sort reads its own copy's index (no other index gives that order).
    if (GROUPS.some((g) => field.startsWith(`${g}_`)))
      expect(plans.map(({ line }) => line).join('\n')).toMatch(
        new RegExp(`stock_movements_product_${field}${direction === 'desc' ? '_desc' : ''}_idx\\b`),
      );
  });

  it.each([
    ['qty_in', 'asc'],
    ['qty_in', 'desc'],
    ['qty_out', 'asc'],
    ['qty_out', 'desc'],
  ] as const)("lists the page sorted by %s %s in that column's order", async (field, direction) => {
    const api = await w.api('inventory');
    // The newest 300 movements (17 minutes apart): both signs and every quantity, on one page.
    const since = new Date(Date.parse(END) - 300 * 17 * 60_000).toISOString();
    const reply = await api.get<{ rows: Record<string, number>[] }>(INVENTORY_MOVEMENTS.api, {
      filter: [
        {
          field: 'moved_at',
          field_type: 'datetime',
          filters: [{ operator: 'greater_or_equal', value: since }],
        },
      ],
      sort: { field, direction },
      page: 1,
      per_page: 500,
    });
    const values = reply.data.rows.map((r) => r[field]!);
    expect(values.length).toBeGreaterThanOrEqual(300);
    expect(values.length).toBeLessThan(500);
    expect(values).toEqual([...values].sort((a, b) => (direction === 'asc' ? a - b : b - a)));
    expect(new Set(values).size).toBeGreaterThan(5);
  });

  it("serves one bin's movements, newest first, from the bin's own index", async () => {
    const query: TableQueryInput = {
      filter: [
        { field: 'bin_id', field_type: 'number', filters: [{ operator: 'equals', value: 5 }] },
      ],
      page: 1,
      per_page: 100,
    };
    const plans = await planLines(await list(query));
    expect(plans.map(({ line }) => line).join('\n')).toContain('stock_movements_bin_moved_at_idx');
  });

  it('serves contains on every label the ledger keeps from its trigram index', async () => {
    const [labels] = await queryRows<Record<(typeof LABELS)[number], string>>(
      w.db,
      sql`select p.sku as product_sku, p.name as product_name, 'L1' as lot_no,
            x.name as location_name, 'A-01' as bin_code, 'MO-00001' as document_number,
            'Inventory' as created_by_name
          from products p, locations x where p.id = ${w.ids.tracked} and x.id = ${w.ids.main}`,
    );
    for (const field of LABELS) {
      const query: TableQueryInput = {
        filter: [
          {
            field,
            field_type: 'text',
            filters: [{ operator: 'contains', value: labels![field] }],
          },
        ],
        page: 1,
        per_page: 100,
      };
      const plans = await planLines(await list(query));
      expect(plans.map(({ line }) => line).join('\n'), field).toContain(
        `stock_movements_${field}_trgm_idx`,
      );
    }
  });

  it.each(GROUPS)(
    "serves contains on the product's %s name from its copy's trigram index",
    async (group) => {
      const query: TableQueryInput = {
        filter: [
          {
            field: `${group}_name`,
            field_type: 'text',
            filters: [{ operator: 'contains', value: 'vape' }],
          },
        ],
        page: 1,
        per_page: 100,
      };
      const plans = await planLines(await list(query));
      expect(plans.map(({ line }) => line).join('\n')).toContain(
        `stock_movements_product_${group}_name_trgm_idx`,
      );
    },
  );

  it('serves the page with type, quantity and date filters and its capped count from indexes', async () => {
    const query: TableQueryInput = {
      filter: [
        {
          field: 'movement_type',
          field_type: 'enum',
          filters: [{ operator: 'in', value: ['receipt', 'ship', 'transfer_in'] }],
        },
        { field: 'qty', field_type: 'number', filters: [{ operator: 'greater', value: 0 }] },
        {
          field: 'moved_at',
          field_type: 'datetime',
          filters: [{ operator: 'greater_or_equal', value: '2026-08-22T00:00:00Z' }],
        },
      ],
      sort: { field: 'moved_at', direction: 'desc' },
      page: 1,
      per_page: 100,
    };
    expect(await seqScans(await list(query))).toEqual([]);
  });

  it('serves the live store delta poll of the ledger and its deletes from indexes', async () => {
    const api = await w.api('inventory');
    const [row] = await queryRows<{ seq: string | number }>(
      w.db,
      sql`select last_value as seq from change_seq`,
    );
    const statements = await statementsOf(w.db, () =>
      api.get(`${INVENTORY_MOVEMENTS.api}/changes`, { since: Number(row?.seq ?? 0) - 10 }),
    );
    expect(await seqScans(statements)).toEqual([]);
  });

  it('serves the purchase orders list filtered by supplier from the supplier index', async () => {
    const api = await w.api('purchase');
    const [supplier] = await queryRows<{ id: number }>(
      w.db,
      sql`select supplier_id as id from purchase_orders group by supplier_id order by count(*) limit 1`,
    );
    const statements = await statementsOf(w.db, () =>
      api.get(PURCHASE_ORDERS.api, {
        filter: [
          {
            field: 'supplier_id',
            field_type: 'number',
            filters: [{ operator: 'equals', value: Number(supplier!.id) }],
          },
        ],
        page: 1,
        per_page: 100,
      }),
    );
    const plans = await planLines(statements);
    expect(await seqScans(statements)).toEqual([]);
    expect(plans.map((p) => p.line).join('\n')).toContain('purchase_orders_supplier_idx');
  });

  // A 500-row page's facts over the order lines (shipped any, left to allocate, …) probe the
  // lines' index per row. As EXISTS the planner hashed the one matching few lines instead, reading
  // every line of every order for one page (server/db/row-found.ts).
  it("reads a 500-row sales page's line facts by probing each order's lines", async () => {
    const api = await w.api('sale');
    const statements = await statementsOf(w.db, () =>
      api.get(SALES_ORDERS.api, { page: 1, per_page: 500 }),
    );
    const rows = statements.find((s) => s.sql.includes('from sales_order_lines l'));
    expect(rows, statements.map((s) => s.sql).join('\n')).toBeDefined();
    const plan = (await client.query(`explain (verbose) ${rows!.sql}`, rows!.params)) as {
      rows: { 'QUERY PLAN': string }[];
    };
    const lines = plan.rows.map((r) => r['QUERY PLAN']);
    const linesRead = lines.filter((line) => /Scan .*on (public\.)?sales_order_lines l/.test(line));
    expect(linesRead.length, lines.join('\n')).toBe(4);
    expect(
      lines.filter((line) => /hashed SubPlan/i.test(line)),
      lines.join('\n'),
    ).toEqual([]);
    expect(lines.filter((line) => line.includes('Seq Scan on public.sales_order_lines'))).toEqual(
      [],
    );
  });

  // The orders' labels and the sales order's duty are kept on their rows (schema/sales.ts,
  // schema/purchase.ts): each sort reads its own index and stops after the page.
  it.each(
    [
      ...[
        'number',
        'external_ref',
        'customer_name',
        'ship_to',
        'ship_to_province',
        'ship_from_location_name',
        'price_tier_name',
        'tax_setup_name',
        'created_by_name',
        'updated_by_name',
        'duty_total',
      ].map((field) => ['sales_orders', field, SALES_ORDERS.api, 'sale'] as const),
      ...[
        'number',
        'supplier_name',
        'supplier_address',
        'supplier_email',
        'currency_code',
        'tax_setup_name',
        'ship_to_location_name',
        'created_by_name',
        'updated_by_name',
      ].map((field) => ['purchase_orders', field, PURCHASE_ORDERS.api, 'purchase'] as const),
    ].flatMap(([table, field, api, role]) =>
      (['asc', 'desc'] as const).map((d) => [table, field, d, api, role] as const),
    ),
  )(
    'reads the %s page sorted by %s %s off its own index',
    async (table, field, direction, api, role) => {
      const client = await w.api(role);
      const plans = await planLines(
        await statementsOf(w.db, () =>
          client.get(api, { sort: { field, direction }, page: 1, per_page: 100 }),
        ),
      );
      // The statement that picks the page's ids reads the index and sorts nothing (the row
      // statement's own sorts, such as a sales order's taxes in order, are per row).
      const index = `${table}_${field}${direction === 'desc' ? '_desc' : ''}_idx`;
      const page = plans.filter(({ statement }) =>
        plans.some((p) => p.statement === statement && p.line.includes(index)),
      );
      expect(page.length, plans.map(({ line }) => line).join('\n')).toBeGreaterThan(0);
      expect(page.filter(({ line }) => /^(->\s+)?Sort\b/.test(line.trim()))).toEqual([]);
    },
  );
});
