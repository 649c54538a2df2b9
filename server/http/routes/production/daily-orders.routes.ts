import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import {
  DAILY_ORDER_TRANSITIONS,
  dailyOrderMachine,
} from '../../../../src/machines/workflows/daily-order.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Tx } from '../../../db/client.ts';
import { firstFittingFlow, flowMisfit } from '../../../db/production/flow-fit.ts';
import { locations } from '../../../db/schema/general.ts';
import { products } from '../../../db/schema/inventory.ts';
import { dailyOrderLines } from '../../../db/schema/daily-orders.ts';
import { ruleError } from '../../../errors/api-error.ts';
import { resolveBinding } from '../../entity/entity-binding.ts';
import { readOrFail } from '../../entity/entity-routes.ts';
import { registerDocumentRoutes } from '../../entity/document-routes.ts';
import { dailyOrderHeader, dailyOrderLinesBinding } from './daily-orders.binding.ts';
import { dailyLineCounts } from './daily-order-sync.ts';
import {
  publishOrder,
  publishOrderTransition,
  transitionOrder,
  type OrderTransition,
} from './order-transition.ts';
import { insertDraftOrder } from './draft-production-order.ts';
import { checkFlow, productionOrderBinding } from './production-orders.binding.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';
import {
  DAILY_ORDER_LINES,
  DAILY_ORDERS,
} from '../../../../src/domain/entities/production/daily-orders.entity.ts';
import { rowOf, type RowOf } from '../../../../src/domain/entity/row-of.ts';
import type { EventContext } from '../../../db/document-event.ts';

// Daily orders DO- (docs/domain/production.md §3.2) on the document pattern: requesters write
// drafts with their lines; the workflow's events run daily-order.machine.ts under the row lock,
// each in one transaction with its status_transitions row. Accepting drafts one production order
// per line in that transaction; cancelling an accepted one cancels its orders (none released yet).
// From then on the orders move the daily order (daily-order-sync.ts).

const orders = resolveBinding(productionOrderBinding);

async function checkDraft(
  tx: Tx,
  header: Record<string, unknown>,
  lines: Record<string, unknown>[],
) {
  const [location] = await tx
    .select({ active: locations.active })
    .from(locations)
    .where(eq(locations.id, Number(header.location_id)));
  if (!location) throw ruleError('location_id', 'exists');
  if (!location.active) throw ruleError('location_id', 'Choose an active location');
  const ids = lines.map((l) => Number(l.product_id));
  const found = await tx
    .select({
      id: products.id,
      type: products.type,
      status: products.status,
      volumeMl: products.volumeMl,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const seen = new Set<number>();
  ids.forEach((productId, i) => {
    const product = found.find((p) => p.id === productId);
    if (!product) throw ruleError(`lines.${i}.product_id`, 'exists');
    if (seen.has(productId)) throw ruleError(`lines.${i}.product_id`, 'unique');
    seen.add(productId);
    // Only what the plant bottles can become a production order (its planned ml needs a size).
    if (product.type !== 'finished_good' || !(Number(product.volumeMl ?? 0) > 0)) {
      throw ruleError(`lines.${i}.product_id`, 'Choose a finished good with a bottle size');
    }
    if (product.status !== 'active') {
      throw ruleError(`lines.${i}.product_id`, 'Choose an active product');
    }
  });
}

/** The flow the planner named on accept, checked; undefined when they named none. */
async function chosenFlow(tx: Tx, sent: unknown): Promise<number | undefined> {
  if (sent === undefined || sent === null) return undefined;
  const flowId = Number(sent);
  if (!Number.isInteger(flowId) || flowId <= 0) throw ruleError('flow_id', 'integer');
  await checkFlow(tx, flowId);
  return flowId;
}

/**
 * **decision:** a line's order follows the flow the planner names on accept (`flow_id`), else
 * the plant's oldest active production flow that can make its product (flow-fit.ts).
 */
async function flowForLine(
  tx: Tx,
  chosen: number | undefined,
  line: RowOf<typeof DAILY_ORDER_LINES>,
): Promise<number> {
  const productId = Number(line.product_id);
  if (chosen !== undefined) {
    const misfit = await flowMisfit(tx, chosen, productId);
    if (misfit) throw ruleError('flow_id', misfit);
    return chosen;
  }
  const fitting = await firstFittingFlow(tx, productId);
  if (fitting === null) {
    throw ruleError(
      'flow_id',
      `No active production flow can make ${line.product_sku}: create one first`,
    );
  }
  return fitting;
}

/** One draft production order per open line, due on the day asked, linked both ways. */
const accept =
  (deps: AppDeps) =>
  async ({ tx, actor, doc, lines, body }: EventContext) => {
    const order = rowOf(DAILY_ORDERS, doc);
    const chosen = await chosenFlow(tx, body.flow_id);
    const created: EntityRow[] = [];
    const open = lines
      .map((l) => rowOf(DAILY_ORDER_LINES, l))
      .filter((l) => l.line_status === 'open');
    for (const line of open) {
      const productId = Number(line.product_id);
      const flowId = await flowForLine(tx, chosen, line);
      const units = Number(line.qty_units);
      const moId = await insertDraftOrder(tx, actor, {
        productId,
        flowId,
        units,
        dueDate: order.order_date,
        priority: String(line.priority),
        dailyOrderLineId: line.id,
        note: `From ${order.number}`,
        source: { daily_order: order.number },
      });
      await tx
        .update(dailyOrderLines)
        .set({ productionOrderId: moId, lineStatus: 'planned', updatedBy: actor.id })
        .where(eq(dailyOrderLines.id, line.id));
      created.push(await readOrFail(tx, orders, moId));
    }
    return {
      set: { acceptedBy: actor.id, acceptedAt: new Date() },
      afterCommit: async () => {
        for (const row of created) await publishOrder(deps, 'created', row);
      },
    };
  };

/** Cancelling: the lines are cancelled, and the production orders accepting made with them. */
const cancel =
  (deps: AppDeps) =>
  async ({ tx, actor, doc, lines, reason }: EventContext) => {
    const moved: OrderTransition[] = [];
    for (const line of lines.map((l) => rowOf(DAILY_ORDER_LINES, l))) {
      const moId = line.production_order_id;
      if (moId === null || line.production_order_status === 'cancelled') continue;
      moved.push(
        await transitionOrder(tx, orders, {
          id: moId,
          version: null,
          event: 'cancel',
          actor,
          reason: `${rowOf(DAILY_ORDERS, doc).number} cancelled: ${reason ?? ''}`.trim(),
          input: {},
          auto: true,
          fromDailyOrder: true,
        }),
      );
    }
    await tx
      .update(dailyOrderLines)
      .set({ lineStatus: 'cancelled', updatedBy: actor.id })
      .where(eq(dailyOrderLines.dailyOrderId, doc.id));
    return {
      afterCommit: async () => {
        for (const t of moved) await publishOrderTransition(deps, t);
      },
    };
  };

export function registerDailyOrderRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerDocumentRoutes(app, deps, {
    header: dailyOrderHeader,
    lines: dailyOrderLinesBinding,
    linesKey: { key: 'dailyOrderId', column: dailyOrderLines.dailyOrderId },
    docType: 'daily_order',
    workflow: { machine: dailyOrderMachine, table: DAILY_ORDER_TRANSITIONS },
    checkDraft,
    workflowFacts: async (tx, doc) => ({ line_counts: await dailyLineCounts(tx, doc.id) }),
    effects: {
      submit: async ({ actor }) => ({
        set: { submittedBy: actor.id, submittedAt: new Date(), requestedBy: actor.id },
      }),
      reject: async () => ({ set: { submittedBy: null, submittedAt: null } }),
      accept: accept(deps),
      cancel: cancel(deps),
    },
  });
}
