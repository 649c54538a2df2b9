import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  bySupplier,
  LOW_STOCK_SUGGESTIONS_API,
  lowStockSuggestionSchema,
  PURCHASE_FROM_LOW_STOCK_API,
} from '../../../../src/domain/entities/purchase/low-stock-suggestions.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { diffFields, writeAudit } from '../../../db/audit.ts';
import type { Tx } from '../../../db/client.ts';
import { nextNumber } from '../../../db/document-number.ts';
import { plantToday } from '../../../db/plant-time.ts';
import { writePurchaseOrderFigures } from '../../../db/purchase/purchase-order-totals.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { purchaseOrderLines, purchaseOrders } from '../../../db/schema/purchase.ts';
import { ruleError } from '../../../errors/api-error.ts';
import { assertRefs } from '../../entity/entity-refs.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, Answer, signedIn } from '../../route.ts';
import { documentSchema, readDocument, type ResolvedDocument } from '../../entity/document-spec.ts';
import { lowStockSuggestions } from './low-stock-suggestions.ts';

// The low-stock suggestions and the draft purchase orders made from them: one per chosen
// supplier, its lines the products that supplier is preferred for, each quantity rounded up
// to the MOQ (or the quantity the buyer typed for it), expected after the longest lead time of
// its lines. All drafts or none.

const body = z.strictObject({
  supplier_ids: z
    .array(z.coerce.number().int().positive({ message: 'exists' }))
    .min(1)
    .max(50),
  ship_to_location_id: z.coerce.number().int().positive({ message: 'exists' }),
  /** product id → the quantity to order instead of the suggestion (the dialog's edits). */
  quantities: z
    .record(
      z.string().regex(/^\d+$/),
      z.coerce.number().positive({ message: 'min' }).max(1_000_000_000),
    )
    .optional(),
});

export function registerPurchaseFromLowStockRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  orders: ResolvedDocument,
): void {
  const { db } = deps.database;
  const entity = orders.binding.entity;

  addRoute(app, {
    method: 'GET',
    url: LOW_STOCK_SUGGESTIONS_API,
    access: { area: 'purchase' },
    summary: 'Low-stock products with their preferred supplier and the quantity to order',
    response: z.array(lowStockSuggestionSchema),
    handler: async () => lowStockSuggestions(db),
  });

  async function createDraft(
    tx: Tx,
    actorId: number,
    group: ReturnType<typeof bySupplier>[number],
    shipTo: number,
    ip: string,
    quantities: Readonly<Record<string, number>>,
  ) {
    const [today] = await queryRows<{ day: string }>(
      tx,
      sql`select to_char(${plantToday}, 'YYYY-MM-DD') as day`,
    );
    const expected = group.lines
      .map((l) => l.expected_date ?? '')
      .reduce((a, b) => (a > b ? a : b), '');
    const header = {
      supplierId: group.supplier_id,
      orderDate: today?.day ?? '',
      expectedDate: expected || null,
      shipToLocationId: shipTo,
    };
    const number = await nextNumber(tx, 'purchase_order');
    const [inserted] = await tx
      .insert(purchaseOrders)
      .values({ ...header, number, createdBy: actorId, updatedBy: actorId })
      .returning({ id: purchaseOrders.id });
    if (!inserted) throw new Error('purchase_orders: insert returned no row');
    await tx.insert(purchaseOrderLines).values(
      group.lines.map((l) => ({
        purchaseOrderId: inserted.id,
        productId: l.product_id,
        description: l.supplier_sku ? `Supplier SKU ${l.supplier_sku}` : null,
        qty: String(quantities[String(l.product_id)] ?? l.order_qty),
        unitPrice: String(l.unit_price ?? 0),
        createdBy: actorId,
        updatedBy: actorId,
      })),
    );
    await writePurchaseOrderFigures(tx, inserted.id, null);
    await writeAudit(tx, {
      entityType: entity.name,
      entityId: inserted.id,
      action: 'create',
      changes: diffFields({}, { number, ...header }),
      userId: actorId,
      ip,
    });
    return readDocument(tx, orders, inserted.id);
  }

  addRoute(app, {
    method: 'POST',
    url: PURCHASE_FROM_LOW_STOCK_API,
    access: { area: 'purchase' },
    summary: 'Draft purchase orders from the low-stock suggestions, one per chosen supplier',
    body,
    response: z.array(documentSchema(orders)),
    handler: async ({ body: input, user, request }) => {
      const actor = signedIn(user);
      const created = await db.transaction(async (tx) => {
        await assertRefs(
          tx,
          entity.fields.filter((f) => f.name === 'ship_to_location_id'),
          input,
        );
        const groups = bySupplier(await lowStockSuggestions(tx));
        const rows = [];
        for (const [i, supplierId] of input.supplier_ids.entries()) {
          const group = groups.find((g) => g.supplier_id === supplierId);
          if (!group) {
            throw ruleError(`supplier_ids.${i}`, 'This supplier has no low-stock product to order');
          }
          rows.push(
            await createDraft(
              tx,
              actor.id,
              group,
              input.ship_to_location_id,
              request.ip,
              input.quantities ?? {},
            ),
          );
        }
        return rows;
      });
      for (const row of created) await publishChange(deps, entity, 'created', row);
      return new Answer(created, 'created', 201);
    },
  });
}
