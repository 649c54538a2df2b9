import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FORECAST_PERIODS } from '../../shared/entities/forecast-periods.entity.ts';
import { FORECAST_PRODUCTION_PLANS } from '../../shared/entities/forecast-production-plans.entity.ts';
import { FORECAST_QTY_RANGES } from '../../shared/entities/forecast-qty-ranges.entity.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import type { List } from '../../../../tests/support/entity-crud.ts';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server.ts';
import { tokenFor } from '../../../../tests/support/api-client.ts';
import { entityClient, type EntityApiClient } from '../../../../tests/support/entity-crud.ts';

// The forecast demo (seeded on first start): two years of shipped history across customers,
// provinces and centres, the quantity ranges, and a period opened from that history.

describe('demo forecast', () => {
  let t: TestServer;
  let manager: EntityApiClient;
  beforeAll(async () => {
    t = await startTestServer();
    manager = entityClient(t.url, await tokenFor(t.url, 'manager'));
  }, 240_000);
  afterAll(async () => t.close());

  it('has two years of shipped history from several customers, provinces and centres', async () => {
    const [h] = await queryRows<{
      orders: number;
      customers: number;
      centres: number;
      provinces: number;
      days: number;
    }>(
      t.server.database.db,
      sql`select count(distinct o.id)::int as orders, count(distinct o.customer_id)::int as customers,
          count(distinct o.ship_from_location_id)::int as centres,
          count(distinct a.province_id)::int as provinces,
          (max(o.order_date) - min(o.order_date))::int as days
        from sales_orders o
          left join customer_addresses a on a.customer_id = o.customer_id and a.kind = 'ship'
        where o.source = 'import' and o.status = 'closed' and o.shipping_status = 'shipped'`,
    );
    expect(h!.orders).toBeGreaterThan(400);
    expect(h!.customers).toBeGreaterThanOrEqual(5);
    expect(h!.centres).toBeGreaterThanOrEqual(2);
    expect(h!.provinces).toBeGreaterThanOrEqual(3);
    expect(h!.days).toBeGreaterThan(700);
  });

  it('has an open period with allocations and a plan, and the quantity ranges', async () => {
    const periods = (await manager.get<List>(FORECAST_PERIODS.api)).data.rows;
    const open = periods.find((p) => p.status === 'open');
    expect(open).toBeDefined();
    expect(Number(open!.forecast_units)).toBeGreaterThan(0);
    const plans = (
      await manager.get<List>(FORECAST_PRODUCTION_PLANS.api, {
        filter: [
          {
            field: 'forecast_period_id',
            field_type: 'number',
            filters: [{ operator: 'equals', value: open!.id }],
          },
        ],
      })
    ).data;
    expect(plans.total).toBeGreaterThan(0);
    expect(plans.rows.some((p) => Number(p.planned_units) > 0)).toBe(true);
    const ranges = (await manager.get<List>(FORECAST_QTY_RANGES.api)).data.rows;
    expect(ranges.map((r) => [r.min_units, r.max_units, r.round_to_units])).toEqual([
      [1, 499, 50],
      [500, 1999, 100],
      [2000, null, 500],
    ]);
  });
});
