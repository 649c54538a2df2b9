import type { FastifyInstance } from 'fastify';
import {
  STOCK_ADJUSTMENT_LINES,
  STOCK_ADJUSTMENTS,
  stockAdjustmentDoc,
} from '../../../../src/domain/entities/stock/stock-adjustments.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import {
  STOCK_ADJUSTMENT_TRANSITIONS,
  stockAdjustmentMachine,
} from '../../../../src/machines/workflows/stock-adjustment.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { postMovements } from '../../../db/stock/post-movements.ts';
import { stockAdjustmentLines, stockAdjustments } from '../../../db/schema/stock.ts';
import { ruleError } from '../../../errors/api-error.ts';
import { registerDocumentRoutes } from '../../entity/document-routes.ts';
import { checkBinsAt, checkLotsAt } from './stock-checks.ts';
import {
  binLabel,
  createdLabels,
  locationLabel,
  lotLabel,
  parameterLabel,
  productLabels,
} from '../../entity/shared-field-labels.ts';
import { announcingPostings } from './posting-effects.ts';

// Stock adjustments SA- (docs/domain/inventory.md §2): posting writes one `adjustment` movement per
// line.

export function registerStockAdjustmentRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerDocumentRoutes(app, deps, {
    header: {
      entity: STOCK_ADJUSTMENTS,
      table: stockAdjustments,
      computed: {
        location_name: locationLabel(stockAdjustments.locationId),
        reason_name: parameterLabel(stockAdjustments.reasonId),
        ...createdLabels(stockAdjustments.createdBy),
      },
    },
    lines: {
      entity: STOCK_ADJUSTMENT_LINES,
      table: stockAdjustmentLines,
      computed: {
        ...productLabels(stockAdjustmentLines.productId),
        lot_no: lotLabel(stockAdjustmentLines.lotId),
        bin_code: binLabel(stockAdjustmentLines.binId),
      },
    },
    linesKey: { key: 'adjustmentId', column: stockAdjustmentLines.adjustmentId },
    docType: 'stock_adjustment',
    workflow: { machine: stockAdjustmentMachine, table: STOCK_ADJUSTMENT_TRANSITIONS },
    checkDraft: async (tx, header, lines) => {
      lines.forEach((line, index) => {
        if (Number(line.qty_delta) === 0) throw ruleError(`lines.${index}.qty_delta`, 'in');
      });
      await checkBinsAt(
        tx,
        Number(header.location_id),
        lines.map((l) => l.bin_id),
      );
      // Stock taken out comes from a lot that is there; stock put in may start a lot there.
      await checkLotsAt(tx, Number(header.location_id), lines, (l) => Number(l.qty_delta) < 0);
    },
    effects: announcingPostings(deps, {
      post: async ({ tx, actor, doc: row, lines: rows }) => {
        const doc = stockAdjustmentDoc(row);
        const lines = rows.map((l) => rowOf(STOCK_ADJUSTMENT_LINES, l));
        const posting = await postMovements(
          tx,
          lines.map((line, index) => ({
            productId: line.product_id ?? 0,
            locationId: doc.location_id,
            lotId: line.lot_id,
            binId: line.bin_id,
            qty: line.qty_delta ?? 0,
            unitCost: line.unit_cost,
            movementType: 'adjustment',
            sourceType: 'stock_adjustments',
            sourceId: doc.id,
            sourceLineId: line.id,
            note: doc.note,
            line: index,
          })),
          { actorId: actor.id },
        );
        return { set: { adjustedAt: new Date() }, posting };
      },
    }),
  });
}
