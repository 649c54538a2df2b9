import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ALLOCATION_LINES,
  ALLOCATIONS,
  allocationDoc,
} from '../../../../src/domain/entities/stock/allocations.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import {
  ALLOCATION_TRANSITIONS,
  allocationMachine,
} from '../../../../src/machines/workflows/allocation.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { customers } from '../../../db/schema/customers.ts';
import { allocationLines, allocations } from '../../../db/schema/allocations.ts';
import { allocatedAt } from '../../../db/stock/allocated.ts';
import { postMovements } from '../../../db/stock/post-movements.ts';
import { ruleError } from '../../../errors/api-error.ts';
import { refLabel } from '../../entity/entity-binding.ts';
import { registerDocumentRoutes } from '../../entity/document-routes.ts';
import { shipFromStock } from './held-stock.ts';
import {
  binLabel,
  createdLabels,
  locationLabel,
  lotLabel,
  productLabels,
} from '../../entity/shared-field-labels.ts';
import { checkBinsAt, checkLotsAt } from './stock-checks.ts';
import type { EventContext } from '../../../db/document-event.ts';
import { announcingPostings } from './posting-effects.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';

// Packing lists PL- (docs/domain/inventory.md §2 allocations). allocate: each line fits in the
// available stock of released lots at its place (on hand − other open allocations); ship: `ship`
// movements for the picked quantities. A packing list a sales order allocated is allocated
// and shipped from its order (modules/sales/server/db/sales-order-stock.ts), which counts each line's
// allocated and shipped quantities; the list's own events count none of an order's lines.

/** An event's packing list and its lines as their bindings read them, numerics as numbers. */
const allocationOf = (ctx: EventContext) => ({
  ...ctx,
  doc: allocationDoc(ctx.doc),
  lines: ctx.lines.map((l) => rowOf(ALLOCATION_LINES, l)),
});

async function allocate(ctx: EventContext) {
  const { tx, doc, lines } = allocationOf(ctx);
  const location = doc.ship_from_location_id;
  for (const [i, line] of lines.entries()) {
    const [row] = await queryRows<{ free: number; sku: string; lot_status: string | null }>(
      tx,
      sql`select p.sku,
                 (select l.status from stock_lots l where l.id = ${line.lot_id ?? null}::bigint) as lot_status,
                 ((select coalesce(sum(b.qty_on_hand), 0) from stock_balances b
                    where b.product_id = p.id and b.location_id = ${location}
                      and coalesce(b.lot_id, 0) = ${line.lot_id ?? 0}
                      and coalesce(b.bin_id, 0) = ${line.bin_id ?? 0})
                  - ${allocatedAt(sql`p.id`, sql`${location}::bigint`, sql`${line.lot_id ?? null}::bigint`, sql`${line.bin_id ?? null}::bigint`)})::float8 as free
            from products p where p.id = ${line.product_id ?? 0}`,
    );
    if (row?.lot_status && row.lot_status !== 'released') {
      throw ruleError(
        `lines.${i}.lot_id`,
        `Lot is ${row.lot_status}: only released lots can be allocated`,
      );
    }
    if (Number(row?.free ?? 0) < (line.qty_allocated ?? 0)) {
      throw ruleError(`lines.${i}.qty_allocated`, `Insufficient stock for ${row?.sku ?? ''}`);
    }
  }
}

const pickedBody = z.object({
  lines: z
    .array(
      z.object({ id: z.coerce.number().int().positive(), qty_picked: z.coerce.number().min(0) }),
    )
    .optional(),
});

async function pack(ctx: EventContext) {
  const { tx, lines, body } = allocationOf(ctx);
  const given = pickedBody.parse(body).lines ?? [];
  for (const [i, line] of lines.entries()) {
    const allocated = line.qty_allocated ?? 0;
    const picked = given.find((g) => g.id === line.id)?.qty_picked ?? allocated;
    if (picked > allocated) {
      throw ruleError(`lines.${i}.qty_picked`, 'Picked cannot exceed allocated');
    }
    await tx
      .update(allocationLines)
      .set({ qtyPicked: String(picked) })
      .where(eq(allocationLines.id, line.id));
  }
}

async function ship(ctx: EventContext) {
  const { tx, actor, doc, lines } = allocationOf(ctx);
  const posting = await postMovements(
    tx,
    lines.map((line, i) => ({
      productId: line.product_id ?? 0,
      locationId: doc.ship_from_location_id,
      lotId: line.lot_id,
      binId: line.bin_id,
      qty: -(line.qty_picked ?? 0),
      movementType: 'ship' as const,
      sourceType: 'allocations',
      sourceId: doc.id,
      sourceLineId: line.id,
      line: i,
    })),
    { actorId: actor.id },
  );
  // Shipped lines stop holding stock; what was allocated but not picked is released.
  await tx.execute(
    sql`update allocation_lines set qty_shipped = qty_picked where allocation_id = ${doc.id}`,
  );
  return { posting };
}

/** What another module adds to the packing lists: production's shipping dashboard follows them. */
export type AllocationHooks = {
  /** After every packing list event, once committed. */
  afterEvent: (row: EntityRow, event: string) => Promise<void>;
};

export function registerAllocationRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hooks: AllocationHooks,
): void {
  registerDocumentRoutes(app, deps, {
    header: {
      entity: ALLOCATIONS,
      table: allocations,
      computed: {
        ship_from_location_name: locationLabel(allocations.shipFromLocationId),
        customer_name: refLabel(allocations.customerId, customers),
        ...createdLabels(allocations.createdBy),
      },
    },
    lines: {
      entity: ALLOCATION_LINES,
      table: allocationLines,
      computed: {
        ...productLabels(allocationLines.productId),
        lot_no: lotLabel(allocationLines.lotId),
        bin_code: binLabel(allocationLines.binId),
      },
    },
    linesKey: { key: 'allocationId', column: allocationLines.allocationId },
    docType: 'allocation',
    eventAccess: 'authenticated',
    workflow: { machine: allocationMachine, table: ALLOCATION_TRANSITIONS },
    checkDraft: async (tx, header, lines) => {
      const from = Number(header.ship_from_location_id);
      await checkBinsAt(
        tx,
        from,
        lines.map((l) => l.bin_id),
      );
      await checkLotsAt(tx, from, lines);
    },
    effects: announcingPostings(deps, { allocate, pack, ship }),
    resources: { allocate: shipFromStock, ship: shipFromStock },
    announce: { ship: 'allocation.shipped' },
    // The production shipping dashboard lists packed packing lists until they ship.
    afterEvent: hooks.afterEvent,
  });
}
