import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DAILY_ORDERS_LIST,
  DAILY_ORDERS_REPORT,
  RECIPES_REPORT,
} from '../../src/domain/entities/production/daily-order-reports.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { DAILY_ORDER_USERS, dailyOrderDesk, destinationOf } from '../support/daily-order-desk.ts';
import type { List, Row } from '../support/entity-crud.ts';
import { startPlant, type Plant } from '../support/production-plant.ts';
import { backends } from '../support/test-server.ts';

// The daily order and recipe reports (docs/domain/production.md §3.6) over the views of migration
// 0018: who may read and export them (Production reports, export also production_reports), and
// figures checked against what the plant did: 60 asked, 52 labeled on a flow without transfer.

describe.each(backends())('daily order and recipe reports on %s', (backend) => {
  let plant: Plant;
  let fulfilledNumber = '';
  const byNumber = () => ({
    filter: [
      {
        field: 'number',
        field_type: 'text',
        filters: [{ operator: 'equals', value: fulfilledNumber }],
      },
    ],
  });

  beforeAll(async () => {
    plant = await startPlant(backend, DAILY_ORDER_USERS);
    const desk = dailyOrderDesk(plant, await destinationOf(plant));
    const d = await desk.accepted(60);
    const moId = d.lines[0]!.production_order_id!;
    await desk.release(moId);
    await desk.runReleased(moId);
    fulfilledNumber = (await desk.read(d.id)).number;
  }, 180_000);
  // Dropping a PostgreSQL database waits for a checkpoint, which on a busy machine has taken
  // over the default minute once this suite has run a whole order through the floor.
  afterAll(() => plant?.t.close(), 120_000);

  it('reports requested vs produced vs delivered with the fill rate, and lists the lines', async () => {
    expect((await plant.as.batcher!.get(DAILY_ORDERS_REPORT.api, byNumber())).httpStatus).toBe(403);
    const report = await plant.as.production_reports!.get<List>(
      DAILY_ORDERS_REPORT.api,
      byNumber(),
    );
    expect(report.httpStatus).toBe(200);
    expect(report.data.rows).toMatchObject([
      {
        number: fulfilledNumber,
        status: 'fulfilled',
        product_id: plant.product.id,
        requested_units: 60,
        produced_units: 52,
        transferred_units: 0,
        delivered_units: 52,
        fill_rate_pct: 86.67,
        location_name: 'Montréal distribution centre',
      },
    ]);
    // Drafts, waiting and cancelled daily orders are listed but not reported.
    const all = await plant.as.manager!.get<List>(DAILY_ORDERS_REPORT.api, { per_page: 200 });
    expect(new Set(all.data.rows.map((r) => r.status))).toEqual(new Set(['fulfilled']));
    const listed = await plant.as.manager!.get<List>(DAILY_ORDERS_LIST.api, { per_page: 200 });
    expect(listed.data.rows.map((r) => r.status)).toContain('draft');
    for (const entity of [DAILY_ORDERS_REPORT, DAILY_ORDERS_LIST, RECIPES_REPORT]) {
      const csv = await fetch(`${plant.t.url}${entity.api}/export?format=csv`, {
        headers: { authorization: `Bearer ${plant.as.production_reports!.token}` },
      });
      expect(csv.status, entity.name).toBe(200);
      if (entity !== RECIPES_REPORT) expect(await csv.text()).toContain(fulfilledNumber);
      const outsider = await fetch(`${plant.t.url}${entity.api}/export?format=csv`, {
        headers: { authorization: `Bearer ${plant.as.requester!.token}` },
      });
      expect(outsider.status, entity.name).toBe(403);
    }
    const list = await plant.as.qa_manager!.get<List>(DAILY_ORDERS_LIST.api, byNumber());
    expect(list.data.rows).toMatchObject([
      { line_status: 'fulfilled', production_order_status: 'completed', priority: 'high' },
    ]);
  });

  it('reports each recipe version with its ingredients, approver and where it is used', async () => {
    const recipeId = plant.product.recipe_id!;
    const rows = (
      await plant.as.manager!.get<List>(RECIPES_REPORT.api, {
        filter: [
          {
            field: 'recipe_id',
            field_type: 'number',
            filters: [{ operator: 'equals', value: recipeId }],
          },
        ],
        per_page: 100,
      })
    ).data.rows as (Row & {
      percentage: number;
      is_fill: number;
      used_by_products: string;
      open_order_count: number;
      approved_by_name: string | null;
    })[];
    expect(rows.length).toBeGreaterThan(1);
    const [first] = rows;
    expect(first).toMatchObject({ status: 'approved', recipe_id: recipeId });
    expect(first!.approved_by_name).toBeTruthy();
    expect(first!.used_by_products).toContain(plant.product.sku);
    // The fill takes the rest: the declared shares of the other ingredients stay ≤ 100.
    const declared = rows
      .filter((r) => !r.is_fill)
      .reduce((sum, r) => sum + Number(r.percentage), 0);
    expect(declared).toBeLessThanOrEqual(100);
    await plant.planned(10, false);
    const [open] = await queryRows<{ n: number }>(
      plant.db(),
      sql`select count(*)::int as n from production_orders o join products p on p.id = o.product_id
           where o.status not in ('completed', 'closed', 'cancelled', 'scrapped')
             and coalesce(o.recipe_id, p.recipe_id) = ${recipeId}`,
    );
    expect(open!.n).toBeGreaterThan(0);
    const again = await plant.as.manager!.get<List>(RECIPES_REPORT.api, {
      filter: [
        {
          field: 'recipe_id',
          field_type: 'number',
          filters: [{ operator: 'equals', value: recipeId }],
        },
      ],
    });
    expect(again.data.rows[0]!.open_order_count).toBe(open!.n);
  });
});
