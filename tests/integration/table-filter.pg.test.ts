import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { compileFilter } from '../../server/db/table-filter/compile-filter.ts';
import { listQuery } from '../../server/db/table-filter/list-query.ts';
import { betweenToCustom } from '../../src/domain/table-filter/between-to-custom.ts';
import type {
  FilterRowInput,
  TableQuery,
  TableQueryInput,
} from '../../src/domain/table-filter/table-query.types.ts';
import { validateTableQuery } from '../../src/domain/table-filter/validate-table-query.ts';
import { openScratchDatabase } from '../support/scratch-database.ts';
import { probeTable } from '../support/table-filter-probe.ts';
import { backends } from '../support/test-server.ts';

// The table filter object from validation to rows, on a real database of each backend.

const ROWS = [
  {
    id: 1,
    name: 'Mint 50%',
    code: 'M-50',
    qty: 50,
    price: '12.50',
    madeOn: '2024-01-10',
    updatedAt: '2024-01-12 08:00:00+00',
    active: true,
    status: 'open',
    kind: 1,
  },
  {
    id: 2,
    name: 'Mint 500',
    code: 'M-500',
    qty: 500,
    price: '7.25',
    madeOn: '2024-02-01',
    updatedAt: '2024-01-20 12:00:00+00',
    active: false,
    status: 'done',
    kind: 2,
  },
  {
    id: 3,
    name: 'Berry_Blast',
    code: 'B_1',
    qty: 5,
    price: '3.00',
    madeOn: '2024-02-15',
    updatedAt: '2024-02-20 23:30:00+00',
    active: true,
    status: 'open',
    kind: 1,
  },
  {
    id: 4,
    name: 'berryXblast',
    code: 'BERRYXBLAST',
    qty: 0,
    price: null,
    madeOn: null,
    updatedAt: null,
    active: null,
    status: 'done',
    kind: 2,
  },
  {
    id: 5,
    name: 'Apple',
    code: 'A\\1',
    qty: 20,
    price: '20.00',
    madeOn: '2024-03-01',
    updatedAt: '2024-03-05 00:00:00+00',
    active: false,
    status: 'hold',
    kind: 1,
  },
  {
    id: 6,
    name: null,
    code: null,
    qty: null,
    price: null,
    madeOn: null,
    updatedAt: null,
    active: null,
    status: null,
    kind: null,
  },
  {
    id: 7,
    name: 'Cherry',
    code: 'C-1',
    qty: 12,
    price: '12.00',
    madeOn: '2024-01-10',
    updatedAt: '2023-12-31 23:59:59+00',
    active: true,
    status: 'open',
    kind: 2,
  },
];

const ALL = [1, 2, 3, 4, 5, 6, 7];

describe.each(backends())('table filter on %s', (backend) => {
  const probe = probeTable();
  let database: Database;

  beforeAll(async () => {
    database = await openScratchDatabase(backend);
    await probe.create(database.db);
    await database.db.insert(probe.table).values(ROWS);
  });

  afterAll(async () => {
    await probe.drop(database.db);
    await database.close();
  });

  function parsed(input: unknown): TableQuery {
    const result = validateTableQuery(input, probe.fields);
    if (!result.ok) throw new Error(`invalid query: ${JSON.stringify(result.errors)}`);
    return result.query;
  }

  async function list(input: TableQueryInput | Record<string, unknown>) {
    return listQuery(database.db, {
      table: probe.table,
      columns: probe.columns,
      query: parsed({ per_page: 500, ...input }),
      tiebreak: [probe.table.id],
    });
  }

  /** Ids of the rows one column filter keeps, in id order. */
  async function ids(field: string, ...rows: FilterRowInput[]): Promise<number[]> {
    const type = probe.fields.find((f) => f.name === field)?.type;
    const page = await list({ filter: [{ field, field_type: type, filters: rows }] });
    return page.rows.map((r) => r.id);
  }

  const where = (operator: FilterRowInput['operator'], value: FilterRowInput['value']) =>
    ({ logic_operator: 'and', operator, value_type: 'value', value }) as const;
  const orWhere = (operator: FilterRowInput['operator'], value: FilterRowInput['value']) =>
    ({ logic_operator: 'or', operator, value_type: 'value', value }) as const;
  const whereColumn = (operator: FilterRowInput['operator'], other: string) =>
    ({ logic_operator: 'and', operator, value_type: 'column', value: other }) as const;

  describe('text', () => {
    it('equals and not_equal ignore case; not_equal keeps blanks', async () => {
      expect(await ids('name', where('equals', 'MINT 50%'))).toEqual([1]);
      expect(await ids('name', where('not_equal', 'apple'))).toEqual([1, 2, 3, 4, 6, 7]);
    });

    it('contains ignores case', async () => {
      expect(await ids('name', where('contains', 'RY'))).toEqual([3, 4, 7]);
    });

    it('matches % and _ literally: 50% does not match 500', async () => {
      expect(await ids('name', where('contains', '50%'))).toEqual([1]);
      expect(await ids('name', where('contains', 'y_b'))).toEqual([3]);
      expect(await ids('code', where('contains', '_'))).toEqual([3]);
    });

    it('matches a backslash literally', async () => {
      expect(await ids('code', where('contains', '\\'))).toEqual([5]);
      expect(await ids('code', where('contains', 'A\\1'))).toEqual([5]);
    });

    it('not_contains keeps blanks', async () => {
      expect(await ids('name', where('not_contains', 'mint'))).toEqual([3, 4, 5, 6, 7]);
    });

    it('in matches any listed value, ignoring case', async () => {
      expect(await ids('name', where('in', ['APPLE', 'cherry']))).toEqual([5, 7]);
    });

    it('binds a hostile value as a parameter', async () => {
      expect(await ids('name', where('contains', "'; drop table users; --"))).toEqual([]);
      expect(await ids('name', where('equals', "x' or '1'='1"))).toEqual([]);
      expect((await list({})).total).toBe(7);
    });
  });

  describe('number', () => {
    it('compares with each operator', async () => {
      expect(await ids('qty', where('equals', '50'))).toEqual([1]);
      expect(await ids('qty', where('not_equal', 50))).toEqual([2, 3, 4, 5, 6, 7]);
      expect(await ids('qty', where('less', '5'))).toEqual([4]);
      expect(await ids('qty', where('less_or_equal', '5'))).toEqual([3, 4]);
      expect(await ids('qty', where('greater', '100'))).toEqual([2]);
      expect(await ids('qty', where('greater_or_equal', '50'))).toEqual([1, 2]);
      expect(await ids('qty', where('in', ['0', '5', '500']))).toEqual([2, 3, 4]);
    });

    it('compares a decimal with an integer column as a decimal', async () => {
      expect(await ids('qty', where('equals', '12.5'))).toEqual([]);
      expect(await ids('qty', where('less', '5.5'))).toEqual([3, 4]);
    });

    it('compares decimal columns exactly', async () => {
      expect(await ids('price', where('equals', '12.5'))).toEqual([1]);
      expect(await ids('price', where('greater', 10))).toEqual([1, 5, 7]);
    });
  });

  describe('date and datetime', () => {
    it('compares days', async () => {
      expect(await ids('made_on', where('equals', '2024-01-10'))).toEqual([1, 7]);
      expect(await ids('made_on', where('not_equal', '2024-01-10'))).toEqual([2, 3, 4, 5, 6]);
      expect(await ids('made_on', where('less', '2024-02-01'))).toEqual([1, 7]);
      expect(await ids('made_on', where('greater_or_equal', '2024-02-01'))).toEqual([2, 3, 5]);
      expect(await ids('made_on', where('in', ['2024-03-01', '2024-02-15']))).toEqual([3, 5]);
    });

    it('compares moments given with a zone in either form', async () => {
      expect(await ids('updated_at', where('greater_or_equal', '2024-02-20T23:30:00Z'))).toEqual([
        3, 5,
      ]);
      expect(await ids('updated_at', where('less_or_equal', '2024-01-12 08:00:00+00:00'))).toEqual([
        1, 7,
      ]);
      expect(await ids('updated_at', where('greater', '2024-01-12T08:00:00.500Z'))).toEqual([
        2, 3, 5,
      ]);
    });
  });

  describe('boolean and enum', () => {
    it('reads booleans sent as 1/0 and true/false; not_equal keeps blanks', async () => {
      expect(await ids('active', where('equals', '1'))).toEqual([1, 3, 7]);
      expect(await ids('active', where('equals', 'false'))).toEqual([2, 5]);
      expect(await ids('active', where('not_equal', true))).toEqual([2, 4, 5, 6]);
    });

    it('filters a text enum', async () => {
      expect(await ids('status', where('equals', 'open'))).toEqual([1, 3, 7]);
      expect(await ids('status', where('not_equal', 'open'))).toEqual([2, 4, 5, 6]);
      expect(await ids('status', where('in', ['done', 'hold']))).toEqual([2, 4, 5]);
    });

    it('filters an enum of integer codes sent as text', async () => {
      expect(await ids('kind', where('equals', '2'))).toEqual([2, 4, 7]);
      expect(await ids('kind', where('in', ['1']))).toEqual([1, 3, 5]);
      expect(await ids('kind', where('not_equal', 1))).toEqual([2, 4, 6, 7]);
    });
  });

  describe('rows and columns together', () => {
    it('binds and tighter than or within a column', async () => {
      const rows = [
        where('equals', 500),
        orWhere('greater_or_equal', 10),
        where('less_or_equal', 20),
      ];
      expect(await ids('qty', ...rows)).toEqual([2, 5, 7]);
    });

    it('keeps a between pair one range after an or', async () => {
      expect(await ids('qty', where('equals', 0), ...betweenToCustom(10, 50, 'or'))).toEqual([
        1, 4, 5, 7,
      ]);
    });

    it('requires every column filter to hold', async () => {
      const page = await list({
        filter: [
          { field: 'name', field_type: 'text', filters: [where('contains', 'mint')] },
          { field: 'active', field_type: 'boolean', filters: [where('equals', 1)] },
        ],
      });
      expect(page.rows.map((r) => r.id)).toEqual([1]);
      expect(page.total).toBe(1);
    });
  });

  describe('column comparisons', () => {
    it('compares numbers of different column types', async () => {
      expect(await ids('qty', whereColumn('equals', 'price'))).toEqual([5, 7]);
      expect(await ids('qty', whereColumn('greater', 'price'))).toEqual([1, 2, 3]);
      expect(await ids('qty', whereColumn('less', 'price'))).toEqual([]);
      expect(await ids('qty', whereColumn('not_equal', 'price'))).toEqual([1, 2, 3, 4]);
    });

    it('compares text ignoring case', async () => {
      expect(await ids('code', whereColumn('equals', 'name'))).toEqual([4]);
    });

    it('compares a day with a moment', async () => {
      expect(await ids('made_on', whereColumn('less', 'updated_at'))).toEqual([1, 3, 5]);
    });
  });

  describe('sort', () => {
    const order = async (field: string, direction: 'asc' | 'desc') =>
      (await list({ sort: { field, direction } })).rows.map((r) => r.id);

    it('sorts text without regard to case, blanks last', async () => {
      expect(await order('name', 'asc')).toEqual([5, 3, 4, 7, 1, 2, 6]);
      expect(await order('name', 'desc')).toEqual([2, 1, 7, 4, 3, 5, 6]);
    });

    it('sorts numbers and breaks ties by the tie-break column', async () => {
      expect(await order('qty', 'desc')).toEqual([2, 1, 5, 7, 3, 4, 6]);
      expect(await order('made_on', 'asc')).toEqual([1, 7, 2, 3, 5, 4, 6]);
    });

    it('sorts decimals by value, not by their text', async () => {
      // numeric columns reach Drizzle as strings: as text, 7.25 would come before 20.00.
      expect(await order('price', 'desc')).toEqual([5, 1, 7, 2, 3, 4, 6]);
    });
  });

  describe('paging', () => {
    it('answers one page and the total of all matching rows', async () => {
      expect(await list({ page: 2, per_page: 2 })).toMatchObject({ total: 7 });
      expect((await list({ page: 2, per_page: 2 })).rows.map((r) => r.id)).toEqual([3, 4]);
      expect((await list({ page: 4, per_page: 2 })).rows.map((r) => r.id)).toEqual([7]);
    });

    it('counts the filtered rows, not the table', async () => {
      const page = await list({
        filter: [{ field: 'status', field_type: 'enum', filters: [where('equals', 'open')] }],
        page: 2,
        per_page: 2,
      });
      expect(page.rows.map((r) => r.id)).toEqual([7]);
      expect(page.total).toBe(3);
    });

    it('still knows the total on a page past the end', async () => {
      expect(await list({ page: 5, per_page: 2 })).toEqual({
        rows: [],
        total: 7,
        totalCapped: false,
      });
    });

    it('answers no rows and a zero total when nothing matches', async () => {
      expect(
        await list({
          filter: [{ field: 'qty', field_type: 'number', filters: [where('less', -1)] }],
        }),
      ).toEqual({ rows: [], total: 0, totalCapped: false });
    });

    it('applies the route condition before paging and counting', async () => {
      const page = await listQuery(database.db, {
        table: probe.table,
        columns: probe.columns,
        query: parsed({
          filter: [{ field: 'status', field_type: 'enum', filters: [where('equals', 'open')] }],
        }),
        where: sql`${probe.table.id} > 3`,
        tiebreak: [probe.table.id],
      });
      expect(page.rows.map((r) => r.id)).toEqual([7]);
      expect(page.total).toBe(1);
    });

    it('answers rows with their columns typed as Drizzle maps them', async () => {
      const [first] = (await list({ per_page: 1 })).rows;
      expect(first).toMatchObject({
        id: 1,
        name: 'Mint 50%',
        qty: 50,
        active: true,
        madeOn: '2024-01-10',
      });
    });
  });

  it('matches every row when there is no filter', async () => {
    expect((await list({})).rows.map((r) => r.id)).toEqual(ALL);
    expect(compileFilter(probe.columns, [])).toBeUndefined();
  });
});

describe('compileFilter', () => {
  const probe = probeTable();
  const dialect = new PgDialect();

  it('writes values as bound parameters and names only whitelisted columns', () => {
    const query = validateTableQuery(
      {
        filter: [
          {
            field: 'name',
            field_type: 'text',
            filters: [{ operator: 'contains', value: "50%'; drop table x; --" }],
          },
          { field: 'qty', field_type: 'number', filters: [{ operator: 'in', value: ['1', '2'] }] },
        ],
      },
      probe.fields,
    );
    if (!query.ok) throw new Error('expected a valid query');
    const condition = compileFilter(probe.columns, query.query.filter);
    if (!condition) throw new Error('expected a condition');

    const { sql: text, params } = dialect.sqlToQuery(condition);

    expect(text).not.toContain('drop table');
    expect(text).toBe(
      `("${probe.name}"."name"::text ilike $1 and "${probe.name}"."qty" in ($2::integer, $3::integer))`,
    );
    expect(params).toEqual(["%50\\%'; drop table x; --%", 1, 2]);
  });

  it('binds a whole number as its integer column type, a fraction or a huge number as numeric', () => {
    const query = validateTableQuery(
      {
        filter: [
          {
            field: 'qty',
            field_type: 'number',
            filters: [{ operator: 'in', value: [3, 2.5, 1e12] }],
          },
          { field: 'price', field_type: 'number', filters: [{ operator: 'less', value: 4 }] },
        ],
      },
      probe.fields,
    );
    if (!query.ok) throw new Error('expected a valid query');
    const condition = compileFilter(probe.columns, query.query.filter);
    if (!condition) throw new Error('expected a condition');

    const { sql: text } = dialect.sqlToQuery(condition);

    // An integer index serves `qty = 3`; 2.5 and 10¹² keep their exact meaning.
    expect(text).toBe(
      `("${probe.name}"."qty" in ($1::integer, $2::numeric, $3::numeric) and "${probe.name}"."price" < $4::numeric)`,
    );
  });

  it('refuses a field with no column in the whitelist as a programming error', () => {
    expect(() =>
      compileFilter({}, [
        {
          field: 'qty',
          field_type: 'number',
          filters: [{ logic_operator: 'and', operator: 'equals', value_type: 'value', value: 1 }],
        },
      ]),
    ).toThrow(/no column/);
  });
});
