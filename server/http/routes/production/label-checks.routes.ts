import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  labelMismatch,
  type ExpectedLabel,
} from '../../../../src/domain/entities/production/label-check-match.ts';
import { LABEL_CHECK_RESULTS } from '../../../../src/domain/entities/production/production-order-values.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { phases } from '../../../db/schema/production-config.ts';
import { ruleError } from '../../../errors/api-error.ts';
import type { ResolvedBinding } from '../../entity/entity-binding.ts';
import { readOrFail } from '../../entity/entity-routes.ts';
import { addRoute, Answer, signedIn } from '../../route.ts';
import { publishOrder } from './order-transition.ts';
import {
  labelingOrderSchema,
  type LabelingOrder,
} from '../../../../src/domain/entities/production/labeling-order.ts';
import {
  productionOrderDoc,
  type ProductionOrderRow,
} from '../../../../src/domain/entities/production/production-orders.entity.ts';
import { labelChecks } from '../../../db/schema/label-checks.ts';

// Label checks (docs/domain/production.md §3.2): a scanned label against the product's UPC, and the
// lot printed on it against the order's batch lot. Labeling cannot finish unless the last check of
// the order passed (docs/domain/README.md §13 invariant 15); a failure is announced to the floor.
// The server judges the scan itself: a person may fail a matching label (smudged, crooked) with a
// reason, but a label that does not match is recorded as failed whatever the client says.

const checkBody = z.object({
  production_order_id: z.coerce.number().int().positive(),
  scanned_code: z.string().trim().min(1).max(60),
  /** Left out by older clients: then only the UPC is judged. The form always sends it. */
  lot_no_scanned: z.string().trim().max(40).optional(),
  /** The person's verdict; left out, the scan decides. */
  result: z.enum(LABEL_CHECK_RESULTS).optional(),
  reason: z.string().trim().max(500).optional(),
});

/** The product's UPC and the batch lot's number (the order's number, which names the lot). */
async function expectedOf(tx: Tx, order: ProductionOrderRow): Promise<ExpectedLabel> {
  const [row] = await queryRows<{ upc: string | null; lot_no: string | null }>(
    tx,
    sql`select p.upc, l.lot_no
          from products p
          left join stock_lots l on l.id = ${order.batch_lot_id ?? null}::bigint
         where p.id = ${order.product_id}`,
  );
  return { upc: row?.upc ?? null, lot_no: row?.lot_no ?? String(order.number) };
}

export function registerLabelCheckRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  orders: ResolvedBinding,
): void {
  const { db } = deps.database;

  // The orders a label check is recorded on, with what their labels must read, for the
  // label check form (the Label check roles do not all open the dashboard).
  addRoute(app, {
    method: 'GET',
    url: '/api/production/label-checks/orders',
    response: z.object({ rows: z.array(labelingOrderSchema) }),
    access: { area: 'production_label_check' },
    summary: 'Orders in labeling with the UPC and lot their labels must carry',
    handler: async () => {
      const rows = await queryRows<LabelingOrder>(
        db,
        sql`select o.id::int as id, o.number, o.version::int as version, o.status,
                   p.sku as product_sku, p.name as product_name, p.upc as expected_code,
                   coalesce(l.lot_no, o.number) as expected_lot,
                   (select lc.result from label_checks lc where lc.production_order_id = o.id
                     order by lc.id desc limit 1) as last_label_check
              from production_orders o
              join products p on p.id = o.product_id
              left join stock_lots l on l.id = o.batch_lot_id
             where o.stage = 'labeling' and o.status in ('in_progress', 'on_hold')
             order by o.number asc`,
      );
      return { rows };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/production/label-checks',
    response: z.object({
      id: z.number().int(),
      production_order_id: z.number().int(),
      result: z.enum(LABEL_CHECK_RESULTS),
      reason: z.string().nullable(),
      expected_code: z.string().nullable(),
      expected_lot: z.string(),
      scanned_code: z.string(),
      lot_no_scanned: z.string().nullable(),
    }),
    access: { area: 'production_label_check' },
    summary:
      "Record a label check: the scanned UPC and lot against the product's UPC and the batch lot",
    body: checkBody,
    handler: async ({ body, user }) => {
      const actor = signedIn(user);
      if (body.result === 'fail' && !body.reason) throw ruleError('reason', 'required');
      const outcome = await db.transaction(async (tx) => {
        const order = productionOrderDoc(await readOrFail(tx, orders, body.production_order_id));
        // A check from an earlier stage would let labeling finish without one of its own.
        const floor = ['in_progress', 'on_hold'].includes(String(order.status));
        if (!floor || order.stage !== 'labeling') {
          throw ruleError('production_order_id', 'Choose an order in labeling');
        }
        const expected = await expectedOf(tx, order);
        const mismatch = labelMismatch(expected, {
          code: body.scanned_code,
          lot: body.lot_no_scanned,
        });
        const result = mismatch === null && body.result !== 'fail' ? 'pass' : 'fail';
        const [labeling] = await tx
          .select({ id: phases.id })
          .from(phases)
          .where(eq(phases.code, 'labeling'));
        const [check] = await tx
          .insert(labelChecks)
          .values({
            productionOrderId: order.id,
            phaseId: labeling?.id ?? null,
            scannedCode: body.scanned_code,
            expectedCode: expected.upc,
            lotNoScanned: body.lot_no_scanned ?? null,
            result,
            reason: result === 'fail' ? (body.reason ?? mismatch) : null,
            createdBy: actor.id,
          })
          .returning();
        // The order's row carries its last check, so its version moves with it.
        await tx.execute(
          sql`update production_orders set updated_by = ${actor.id} where id = ${order.id}`,
        );
        return { check, expected, order: await readOrFail(tx, orders, order.id) };
      });
      await publishOrder(deps, 'updated', outcome.order);
      if (outcome.check?.result === 'fail') {
        await deps.realtime.publisher.publish({
          channels: ['private-production.label-checks'],
          event: 'label_check.failed',
          data: {
            id: outcome.check.id,
            production_order_id: outcome.order.id,
            number: outcome.order.number,
          },
        });
      }
      return new Answer(
        {
          id: outcome.check?.id,
          production_order_id: outcome.order.id,
          result: outcome.check?.result,
          reason: outcome.check?.reason ?? null,
          expected_code: outcome.check?.expectedCode,
          expected_lot: outcome.expected.lot_no,
          scanned_code: outcome.check?.scannedCode,
          lot_no_scanned: outcome.check?.lotNoScanned ?? null,
        },
        'created',
        201,
      );
    },
  });
}
