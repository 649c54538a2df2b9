import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORECAST_ALLOCATIONS } from '../../shared/entities/forecast-allocations.entity.ts';
import { FORECAST_PERIODS } from '../../shared/entities/forecast-periods.entity.ts';
import { FORECAST_PRODUCTION_PLANS } from '../../shared/entities/forecast-production-plans.entity.ts';
import type { List, Row } from '../../../../tests/support/entity-crud.ts';
import { startForecastWorld, type ForecastWorld } from '../forecast-fixtures.ts';
import { backends } from '../../../../tests/support/test-server.ts';

// Forecast edits sent at once. Shares of one family held to 100 % read the family's other
// rows, and an allocation's edit rewrites the plan row a plan event holds: both take the
// period's lock before any row, so concurrent edits take turns and never deadlock. Only the
// PostgreSQL run can show a race (PGlite runs one transaction at a time).

const ROUNDS = 6;
const ALLOCATIONS = FORECAST_ALLOCATIONS.api;

describe.each(backends())('forecast edits sent at once on %s', (backend) => {
  let w: ForecastWorld;
  let periodId: number;

  const send = async (url: string, body: object, method = 'POST') =>
    (await w.api('manager')).send<Row>(method, url, body);
  const rowsOf = async (api: string) =>
    (
      await (
        await w.api('manager')
      ).get<List>(api, {
        per_page: 100,
        filter: [
          {
            field: 'forecast_period_id',
            field_type: 'number',
            filters: [{ operator: 'equals', value: periodId }],
          },
        ],
      })
    ).data.rows;

  beforeAll(async () => {
    w = await startForecastWorld(backend);
    const a = await w.newFinishedGood(20);
    const b = await w.newFinishedGood(20);
    await w.shipped('2020-01-15', w.ids.main, [
      { product_id: a, qty: 100 },
      { product_id: b, qty: 91 },
    ]);
    await w.shipped('2020-02-10', w.ids.second, [{ product_id: a, qty: 50 }]);
    const created = await send(FORECAST_PERIODS.api, {
      name: 'Race month',
      start_date: '2021-06-01',
      end_date: '2021-06-30',
      history_from: '2020-01-01',
      history_to: '2020-03-31',
    });
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    periodId = created.data.id;
    const generated = await send(`${FORECAST_PERIODS.api}/${periodId}/events/generate`, {
      version: created.data.version,
    });
    expect(generated.httpStatus, JSON.stringify(generated.data)).toBe(200);
  }, 240_000);
  afterAll(async () => w.t.close());

  it('lets exactly one of three family shares that fit alone but not together through', async () => {
    const family = await rowsOf(ALLOCATIONS);
    expect(family).toHaveLength(3);
    for (let round = 0; round < ROUNDS; round++) {
      for (const row of await rowsOf(ALLOCATIONS)) {
        const cleared = await send(
          `${ALLOCATIONS}/${row.id}`,
          { version: row.version, allocation_pct: 0 },
          'PUT',
        );
        expect(cleared.httpStatus, JSON.stringify(cleared.data)).toBe(200);
      }
      const replies = await Promise.all(
        (await rowsOf(ALLOCATIONS)).map((row) =>
          send(`${ALLOCATIONS}/${row.id}`, { version: row.version, allocation_pct: 60 }, 'PUT'),
        ),
      );
      expect(replies.map((r) => r.httpStatus).sort()).toEqual([200, 422, 422]);
      for (const refused of replies.filter((r) => r.httpStatus === 422)) {
        expect(refused.data).toEqual({ allocation_pct: 'more100%' });
      }
      const total = (await rowsOf(ALLOCATIONS)).reduce(
        (sum, row) => sum + Number(row.allocation_pct),
        0,
      );
      expect(total).toBe(60);
    }
  });

  it('takes turns between an edited forecast and its plan row accepted at the same moment', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const allocations = await rowsOf(ALLOCATIONS);
      const plans = await rowsOf(FORECAST_PRODUCTION_PLANS.api);
      const edits = allocations.map((row) =>
        send(
          `${ALLOCATIONS}/${row.id}`,
          {
            version: row.version,
            forecast_units: 200 + round * 37 + Number(row.id),
            override_reason: `Race round ${round + 1}`,
          },
          'PUT',
        ),
      );
      const accepts = plans
        .filter((plan) => plan.status === 'proposed')
        .map((plan) =>
          send(`${FORECAST_PRODUCTION_PLANS.api}/${plan.id}/events/accept`, {
            version: plan.version,
          }),
        );
      const [edited, accepted] = await Promise.all([Promise.all(edits), Promise.all(accepts)]);
      // Every edit goes through; an accept goes through or is told the row moved (409) since
      // the edit rewrote it first. Neither waits forever nor fails with a deadlock (500).
      for (const reply of edited) expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
      for (const reply of accepted) {
        expect([200, 409], JSON.stringify(reply.data)).toContain(reply.httpStatus);
      }
      // The plan follows the last forecast of each product whoever went first.
      const after = await rowsOf(ALLOCATIONS);
      const forecastOf = new Map<number, number>();
      for (const row of after) {
        const product = Number(row.product_id);
        forecastOf.set(product, (forecastOf.get(product) ?? 0) + Number(row.forecast_units));
      }
      for (const plan of await rowsOf(FORECAST_PRODUCTION_PLANS.api)) {
        expect(plan.forecast_units).toBe(forecastOf.get(Number(plan.product_id)));
      }
    }
  });
});
