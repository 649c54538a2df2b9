import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { PRODUCTION_ORDERS } from '../../../../src/domain/entities/production/production-orders.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { heldByOtherOrders } from '../../../db/production/pick-reservations.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { addRoute } from '../../route.ts';
import { idParams } from '../common-fields.ts';
import { z } from 'zod';

// What else a batcher may take for each pick of an order ("scan or pick"): the released lots of the
// pick's ingredient in the bins of its location, first expiring first, with what is left once other
// orders' picks are counted. The picks form offers them beside the suggestion; recording a pick
// checks them again.

type PickOption = {
  pick_id: number;
  lot_no: string | null;
  bin_code: string | null;
  expiry_date: string | null;
  available: number;
};

export function registerPickOptionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'GET',
    url: `${PRODUCTION_ORDERS.api}/:id/pick-options`,
    response: z.object({
      rows: z.array(
        z.object({
          pick_id: z.number().int(),
          lot_no: z.string().nullable(),
          bin_code: z.string().nullable(),
          expiry_date: z.string().nullable(),
          available: z.number(),
        }),
      ),
    }),
    access: { area: PRODUCTION_ORDERS.area },
    summary: 'The lots and bins each pick of an order may take instead of the suggested one',
    params: idParams,
    handler: async ({ params }) => {
      const rows = await queryRows<PickOption>(
        db,
        sql`select p.id::int as pick_id, lot.lot_no, bin.code as bin_code,
                   lot.expiry_date::text as expiry_date,
                   (b.qty_on_hand - ${heldByOtherOrders(params.id, 'b')})::float8 as available
              from batching_picks p
              join stock_balances b on b.product_id = p.product_id
                   and b.location_id = p.location_id and b.qty_on_hand > 0
              left join stock_lots lot on lot.id = b.lot_id
              left join bins bin on bin.id = b.bin_id
             where p.production_order_id = ${params.id}
               and coalesce(lot.status, 'released') = 'released'
             order by p.id, lot.expiry_date asc nulls last, lot.lot_no, bin.code`,
      );
      return { rows: rows.filter((r) => r.available > 0) };
    },
  });
}
