import fc from 'fast-check';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { listQuery } from '../../server/db/table-filter/list-query.ts';
import { issuesToCodes } from '../../server/http/zod-to-codes.ts';
import { toQueryString, type QueryParams } from '../../src/api/query-string.ts';
import {
  FIELD_TYPES,
  type FilterableField,
} from '../../src/domain/table-filter/filterable-field.ts';
import {
  columnOperatorsFor,
  comparableTypes,
  FILTER_OPERATORS,
  operatorsFor,
} from '../../src/domain/table-filter/filter-operators.ts';
import { tableQuerySchema } from '../../src/domain/table-filter/table-query.schema.ts';
import { validateTableQuery } from '../../src/domain/table-filter/validate-table-query.ts';
import { VALIDATION_MESSAGES } from '../../src/domain/validation-codes.ts';
import { openScratchDatabase } from '../support/scratch-database.ts';
import { probeTable } from '../support/table-filter-probe.ts';
import { backends } from '../support/test-server.ts';

// Property-based: random list queries, most of them almost right and many of them wrong in some
// small way, sent as JSON or through the browser's query string and the server's qs. Validation
// must never throw and must speak only docs/product.md §5 codes; whatever it accepts must run.

const probe = probeTable();
const FIELDS = probe.fields;
const NAMES = FIELDS.map((f) => f.name);
const CODES = new Set(Object.keys(VALIDATION_MESSAGES));
const JUNK_NAMES = ['nope', '', 'constructor', '__proto__', 'toString', 'name; drop table x'];

const day = fc
  .date({
    min: new Date('0001-01-01T00:00:00Z'),
    max: new Date('9999-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));
const moment = fc
  .date({
    min: new Date('0001-01-01T00:00:00Z'),
    max: new Date('9999-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .chain((d) =>
    fc.constantFrom(
      d.toISOString(),
      d.toISOString().replace('T', ' ').slice(0, 19),
      `${d.toISOString().slice(0, 19)}+05:30`,
    ),
  );
const junk = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom('', 'x', '1e999', '-', 'NaN'),
);

function valueFor(field: FilterableField): fc.Arbitrary<unknown> {
  switch (field.type) {
    case 'text':
      return fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.constantFrom('50%', '_', '\\', "'", 'a\u0000b'),
      );
    case 'number':
      return fc.oneof(
        fc.integer({ min: -1000, max: 1000 }).map(String),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
      );
    case 'date':
      return day;
    case 'datetime':
      return fc.oneof(moment, day);
    case 'boolean':
      return fc.constantFrom('1', '0', 'true', 'false', true, false, 1, 0);
    case 'enum':
      return fc.constantFrom(...(field.enumValues ?? []), ...(field.enumValues ?? []).map(String));
  }
}

const ALL_OPERATORS = [...Object.values(FILTER_OPERATORS), 'between', 'custom', 'LIKE', ''];

/** A row the validator should accept: an operator of the field's type and a value that fits. */
function goodRow(field: FilterableField) {
  const comparable = NAMES.filter((name) => {
    const other = FIELDS.find((f) => f.name === name);
    return other !== undefined && comparableTypes(field.type, other.type);
  });
  const logic = fc.constantFrom('and', 'or');
  const byValue = fc.constantFrom(...operatorsFor(field.type)).chain((operator) =>
    fc.record({
      logic_operator: logic,
      operator: fc.constant(operator),
      value_type: fc.constant('value'),
      value:
        operator === 'in'
          ? fc.array(valueFor(field), { minLength: 1, maxLength: 4 })
          : valueFor(field),
    }),
  );
  const byColumn = fc.record({
    logic_operator: logic,
    operator: fc.constantFrom(...columnOperatorsFor(field.type)),
    value_type: fc.constant('column'),
    value: fc.constantFrom(...comparable),
  });
  return fc.oneof({ weight: 4, arbitrary: byValue }, { weight: 1, arbitrary: byColumn });
}

/** A row that is often wrong in one small way. */
function anyRow(field: FilterableField) {
  const good = valueFor(field);
  return fc.record(
    {
      logic_operator: fc.constantFrom('and', 'or', 'xor'),
      operator: fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...operatorsFor(field.type)) },
        { weight: 1, arbitrary: fc.constantFrom(...ALL_OPERATORS) },
      ),
      value_type: fc.constantFrom('value', 'value', 'value', 'column', 'sql'),
      value: fc.oneof(
        { weight: 6, arbitrary: good },
        { weight: 3, arbitrary: fc.array(good, { maxLength: 4 }) },
        { weight: 2, arbitrary: fc.constantFrom(...NAMES) },
        { weight: 1, arbitrary: junk },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
      ),
    },
    { requiredKeys: ['operator', 'value'] },
  );
}

function columnFilter(wellFormed: boolean): fc.Arbitrary<Record<string, unknown>> {
  return fc.constantFrom(...FIELDS).chain<Record<string, unknown>>((field) =>
    wellFormed
      ? fc.record({
          field: fc.constant(field.name),
          field_type: fc.constant<string>(field.type),
          filters: fc.array(goodRow(field), { minLength: 1, maxLength: 4 }),
        })
      : fc.record(
          {
            field: fc.oneof(
              { weight: 9, arbitrary: fc.constant(field.name) },
              { weight: 1, arbitrary: fc.constantFrom(...JUNK_NAMES) },
            ),
            field_type: fc.oneof(
              { weight: 9, arbitrary: fc.constant<string>(field.type) },
              { weight: 1, arbitrary: fc.constantFrom(...Object.values(FIELD_TYPES), 'x') },
            ),
            filters: fc.array(anyRow(field), { maxLength: 4 }),
          },
          { requiredKeys: ['field', 'filters'] },
        ),
  );
}

function tableQuery(wellFormed: boolean) {
  const count = wellFormed
    ? fc.oneof(fc.integer({ min: 1, max: 3 }), fc.constantFrom('1', '2'))
    : fc.oneof(fc.integer({ min: 1, max: 4 }), fc.constantFrom('2', '0', '-1', '1.5', 'x', 501));
  return fc.record(
    {
      filter: fc.array(columnFilter(wellFormed), { maxLength: 4 }),
      sort: fc.record({
        field: wellFormed ? fc.constantFrom(...NAMES) : fc.constantFrom(...NAMES, ...JUNK_NAMES),
        direction: wellFormed
          ? fc.constantFrom('asc', 'desc')
          : fc.constantFrom('asc', 'desc', 'ASC', 'sideways'),
      }),
      page: count,
      per_page: count,
    },
    { requiredKeys: [] },
  );
}

/** Sent as JSON, or serialised by the browser and parsed as the server's qs does. */
function sent(query: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  return fc.tuple(query, fc.boolean()).map(([q, viaQueryString]) =>
    viaQueryString
      ? qs.parse(toQueryString(q as QueryParams), {
          depth: 6,
          arrayLimit: 500,
          parameterLimit: 2000,
        })
      : q,
  );
}

const sentQuery = fc.oneof(sent(tableQuery(true)), sent(tableQuery(false)));

function onlySpecCodes(errors: Record<string, string>): boolean {
  return Object.values(errors).every((code) => CODES.has(code));
}

describe('table query validation, property-based', () => {
  it('never throws on any input and answers only docs/product.md §5 codes', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.anything({ withNullPrototype: true, withObjectString: true }), sentQuery),
        (input) => {
          const result = validateTableQuery(input, FIELDS);
          return result.ok || onlySpecCodes(result.errors);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 200) },
    );
  });

  it('answers the same codes as the API route would', () => {
    const schema = tableQuerySchema(FIELDS);
    fc.assert(
      fc.property(sentQuery, (input) => {
        const result = validateTableQuery(input, FIELDS);
        const parsed = schema.safeParse(input, { reportInput: true });
        expect(result.ok).toBe(parsed.success);
        if (!result.ok && !parsed.success) {
          expect(result.errors).toEqual(issuesToCodes(parsed.error.issues));
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 200) },
    );
  });
});

describe.each(backends())('table queries on %s, property-based', (backend) => {
  let database: Database;

  beforeAll(async () => {
    database = await openScratchDatabase(backend);
    await probe.create(database.db);
    await database.db.insert(probe.table).values([
      {
        id: 1,
        name: 'Mint 50%',
        code: 'M',
        qty: 5,
        price: '1.50',
        madeOn: '2024-01-10',
        updatedAt: '2024-01-10 08:00:00+00',
        active: true,
        status: 'open',
        kind: 1,
      },
      {
        id: 2,
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
    ]);
  });

  afterAll(async () => {
    await probe.drop(database.db);
    await database.close();
  });

  it('runs every query validation accepts', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(sentQuery, async (input) => {
        const result = validateTableQuery(input, FIELDS);
        if (!result.ok) return;
        accepted++;
        const page = await listQuery(database.db, {
          table: probe.table,
          columns: probe.columns,
          query: result.query,
          tiebreak: [probe.table.id],
        });
        expect(page.rows.length).toBeLessThanOrEqual(result.query.per_page);
        expect(page.total).toBeGreaterThanOrEqual(page.rows.length);
        expect(page.total).toBeLessThanOrEqual(2);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
    );
    // The generator must exercise the compiler, not only the validator.
    expect(accepted).toBeGreaterThan(15);
  });
});
