import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toQueryString, type QueryParams } from '../../src/api/query-string.ts';
import {
  filterableFields,
  writableFields,
  type EntityDeclaration,
} from '../../src/domain/entity/entity-declaration.ts';
import type { EntityField } from '../../src/domain/entity/entity-field.ts';
import { allEntities } from '../../src/domain/entities/entity-registry.ts';
import { FILTER_OPERATORS } from '../../src/domain/table-filter/filter-operators.ts';
import { call, tokenFor, type Reply } from '../support/api-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// Property-based: random filter objects and random payloads thrown at every
// declared entity's list and write endpoints. Whatever arrives, the answer is the envelope
// with a known outcome, never a 500, and a refused write names its fields.

const junk = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    '1e999',
    '-1',
    'NaN',
    '2026-02-30',
    'null',
    "x'; drop table users; --",
    '\u0000',
  ),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
);

function valueArb(field: EntityField): fc.Arbitrary<unknown> {
  switch (field.kind) {
    case 'number':
    case 'money':
    case 'ref':
      return fc.oneof(
        fc.integer({ min: -5, max: 100_000 }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        junk,
      );
    case 'date':
      return fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
        junk,
      );
    case 'datetime':
      return fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        junk,
      );
    case 'boolean':
      return fc.oneof(fc.constantFrom(0, 1, true, false), junk);
    case 'enum':
      return fc.oneof(fc.constantFrom(...(field.enumValues ?? ['x'])), junk);
    default:
      return fc.oneof(fc.string({ maxLength: 300 }), junk);
  }
}

function filterArb(entity: EntityDeclaration): fc.Arbitrary<QueryParams> {
  const fields = filterableFields(entity);
  const names = [...fields.map((f) => f.name), 'nope', '__proto__'];
  const row = fc.record({
    logic_operator: fc.constantFrom('and', 'or', 'xor'),
    operator: fc.constantFrom(...Object.values(FILTER_OPERATORS), 'between', 'like'),
    value_type: fc.constantFrom('value', 'value', 'column', 'other'),
    value: fc.oneof(junk, fc.constantFrom(...names), fc.array(junk, { maxLength: 4 })),
  });
  const column = fc.record({
    field: fc.constantFrom(...names),
    field_type: fc.constantFrom('text', 'number', 'date', 'datetime', 'boolean', 'enum', 'blob'),
    filters: fc.array(row, { minLength: 0, maxLength: 3 }),
  });
  return fc.record(
    {
      filter: fc.array(column, { maxLength: 3 }),
      sort: fc.record({
        field: fc.constantFrom(...names),
        direction: fc.constantFrom('asc', 'desc', 'up'),
      }),
      page: fc.oneof(fc.integer({ min: -1, max: 5 }), junk),
      per_page: fc.oneof(fc.integer({ min: 0, max: 600 }), junk),
    },
    { requiredKeys: [] },
  );
}

function payloadArb(entity: EntityDeclaration): fc.Arbitrary<Record<string, unknown>> {
  const shape = Object.fromEntries(writableFields(entity).map((f) => [f.name, valueArb(f)]));
  return fc.record({ ...shape, unexpected: junk }, { requiredKeys: [] });
}

function expectEnvelope(reply: Reply, allowed: number[]): void {
  expect(typeof reply.status).toBe('boolean');
  expect(typeof reply.message).toBe('string');
  expect(allowed, `${reply.httpStatus} ${reply.message} ${JSON.stringify(reply.data)}`).toContain(
    reply.httpStatus,
  );
  if (reply.httpStatus === 422) {
    expect(reply.message).toBe('validation_error');
    expect(Object.keys(reply.data as object).length).toBeGreaterThan(0);
  }
}

// A fixed budget of random cases shared by every entity, so the suite's time stays flat as
// entities arrive; each run draws new cases, so the whole space is still walked over time.
const RUN_BUDGET = 1_200;
const runsPerEntity = Math.max(6, Math.floor(RUN_BUDGET / allEntities().length));

describe('every declared entity under random input', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer();
    token = await tokenFor(t.url, 'admin');
  });
  afterAll(async () => t.close());

  it.each(allEntities().map((e) => [e.name, e] as const))(
    '%s: lists answer 200 or 422',
    async (_name, entity) => {
      await fc.assert(
        fc.asyncProperty(filterArb(entity), async (params) => {
          const reply = await call(t.url, 'GET', `${entity.api}?${toQueryString(params)}`, {
            token,
          });
          expectEnvelope(reply, [200, 422]);
        }),
        { numRuns: runsPerEntity },
      );
    },
  );

  // Every column a grid offers to sort must sort: a computed constant, for one, is refused
  // by PostgreSQL in ORDER BY unless it is typed (the property test found that).
  it.each(allEntities().map((e) => [e.name, e] as const))(
    '%s: sorts by every sortable field',
    async (_name, entity) => {
      for (const field of filterableFields(entity).filter((f) => f.sortable !== false)) {
        for (const direction of ['asc', 'desc'] as const) {
          const params = { sort: { field: field.name, direction }, per_page: 5 };
          const reply = await call(t.url, 'GET', `${entity.api}?${toQueryString(params)}`, {
            token,
          });
          expect(reply.httpStatus, `${field.name} ${direction}: ${reply.message}`).toBe(200);
        }
      }
    },
  );

  it.each(
    allEntities()
      .filter((e) => e.writable !== false)
      .map((e) => [e.name, e] as const),
  )('%s: creates answer 201, 409 or 422', async (_name, entity) => {
    await fc.assert(
      fc.asyncProperty(payloadArb(entity), async (body) => {
        const reply = await call(t.url, 'POST', entity.api, { token, body });
        expectEnvelope(reply, [201, 409, 422]);
      }),
      { numRuns: runsPerEntity },
    );
  });
});
