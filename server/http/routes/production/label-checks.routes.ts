import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { labelChecks } from '../../../db/schema/production-orders.ts';
import { phases } from '../../../db/schema/production-config.ts';
import { ruleError } from '../../api-error.ts';
import { readOrFail } from '../../entity/entity-routes.ts';
import type { ResolvedBinding } from '../../entity/entity-binding.ts';
import { addRoute, Answer, signedIn } from '../../route.ts';
import { publishOrder } from './order-transition.ts';

// Label checks (domain.md §3.2): a scanned label against the product's UPC (and the lot
// printed on it against the order's number). Labeling cannot finish unless the last check of
// the order passed (§13 invariant 15); a failure is announced to the floor.

const checkBody = z.object({
  production_order_id: z.coerce.number().int().positive(),
  scanned_code: z.string().trim().min(1).max(60),
  lot_no_scanned: z.string().trim().max(40).optional(),
});

export function registerLabelCheckRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  orders: ResolvedBinding,
): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'POST',
    url: '/api/production/label-checks',
    access: { area: 'production_label_check' },
    summary: "Record a label check: the scanned code against the product's UPC",
    body: checkBody,
    handler: async ({ body, user }) => {
      const actor = signedIn(user);
      const outcome = await db.transaction(async (tx) => {
        const order = await readOrFail(tx, orders, body.production_order_id);
        if (!['released', 'in_progress', 'on_hold'].includes(String(order.status))) {
          throw ruleError('production_order_id', 'Choose an order on the floor');
        }
        const [product] = await queryRows<{ upc: string | null }>(
          tx,
          sql`select upc from products where id = ${Number(order.product_id)}`,
        );
        const [labeling] = await tx
          .select({ id: phases.id })
          .from(phases)
          .where(eq(phases.code, 'labeling'));
        const expected = product?.upc ?? null;
        const lotMatches =
          body.lot_no_scanned === undefined || body.lot_no_scanned === String(order.number);
        const result = expected === body.scanned_code && lotMatches ? 'pass' : 'fail';
        const [check] = await tx
          .insert(labelChecks)
          .values({
            productionOrderId: order.id,
            phaseId: labeling?.id ?? null,
            scannedCode: body.scanned_code,
            expectedCode: expected,
            lotNoScanned: body.lot_no_scanned ?? null,
            result,
            createdBy: actor.id,
          })
          .returning();
        // The order's row carries its last check, so its version moves with it.
        await tx.execute(
          sql`update production_orders set updated_by = ${actor.id} where id = ${order.id}`,
        );
        return { check, order: await readOrFail(tx, orders, order.id) };
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
          expected_code: outcome.check?.expectedCode,
          scanned_code: outcome.check?.scannedCode,
        },
        'created',
        201,
      );
    },
  });
}
