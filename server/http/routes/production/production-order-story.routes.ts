import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { PRODUCTION_ORDERS } from '../../../../src/domain/entities/production/production-orders.entity.ts';
import {
  productionOrderStorySchema,
  type ProductionOrderStory,
} from '../../../../src/domain/entities/production/production-order-story.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { ApiError } from '../../../errors/api-error.ts';
import { addRoute } from '../../route.ts';
import { idParams } from '../common-fields.ts';

// What happened to a production order beyond its own row: its HPLC samples and results, its label
// checks, its stamping orders, and the skids and transfers that carried its units away. Whoever may
// read the order may read these, though the lab's and the transfer crew's own lists belong to other
// rows of docs/product.md §6: they are part of its story.

export function registerProductionOrderStoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'GET',
    url: `${PRODUCTION_ORDERS.api}/:id/story`,
    response: productionOrderStorySchema,
    access: { area: PRODUCTION_ORDERS.area },
    summary:
      "A production order's HPLC requests and results, label checks, stamping orders, skids and transfers",
    params: idParams,
    handler: async ({ params }): Promise<ProductionOrderStory> => {
      const id = params.id;
      const found = await queryRows<{ id: number }>(
        db,
        sql`select id from production_orders where id = ${id}`,
      );
      if (found.length === 0) throw new ApiError('not_found', null, 404);
      const [hplc, labelChecks, stamping, skids] = await Promise.all([
        queryRows<ProductionOrderStory['hplc'][number]>(
          db,
          sql`select q.id::int as id, q.number, q.sample_no, q.reason, q.status, q.sampled_at,
                     r.nominal_mg::float8 as nominal_mg, r.measured_mg::float8 as measured_mg,
                     r.percent_of_claim::float8 as percent_of_claim,
                     r.min_pct::float8 as min_pct, r.max_pct::float8 as max_pct,
                     r.passed, r.override_passed, r.override_reason, r.tested_at,
                     a.name as analyst_name
                from hplc_requests q
                left join hplc_results r on r.hplc_request_id = q.id
                left join users a on a.id = r.analyst_id
               where q.production_order_id = ${id}
               order by q.sample_no, q.id`,
        ),
        queryRows<ProductionOrderStory['label_checks'][number]>(
          db,
          sql`select c.id::int as id, c.created_at, c.scanned_code, c.expected_code,
                     c.lot_no_scanned, c.result, u.name as by_name
                from label_checks c left join users u on u.id = c.created_by
               where c.production_order_id = ${id}
               order by c.id`,
        ),
        queryRows<ProductionOrderStory['stamping'][number]>(
          db,
          sql`select s.id::int as id, s.number, s.status, s.planned_units, s.applied_stamps,
                     s.wasted_stamps, s.damaged_stamps, s.stamped_units, s.wasted_bottles,
                     s.started_at, s.finished_at
                from product_stamping_orders s
               where s.production_order_id = ${id}
               order by s.id`,
        ),
        queryRows<ProductionOrderStory['skids'][number]>(
          db,
          sql`select i.id::int as id, k.code as skid_code, k.status as skid_status, i.units,
                     i.cases, l.lot_no, t.id::int as transfer_id, t.number as transfer_number,
                     t.status as transfer_status, dest.name as to_location, t.shipped_at,
                     t.received_at, i.created_at as loaded_at
                from skid_items i
                join skids k on k.id = i.skid_id
                join stock_lots l on l.id = i.lot_id
                left join transfers t on t.id = i.transfer_id
                left join locations dest on dest.id = t.to_location_id
               where i.production_order_id = ${id}
               order by i.id`,
        ),
      ]);
      return { hplc, label_checks: labelChecks, stamping, skids };
    },
  });
}
