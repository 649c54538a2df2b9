import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  PAILS_TRANSFER_LOGS,
  TRANSFER_LOGS,
  TRANSFER_REPORT,
} from '../../../../src/domain/entities/production/production-transfer-reports.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { transferLogsView, transferReportView } from '../../../db/production/transfer-views.ts';
import { pailTransfers } from '../../../db/schema/production-transfers.ts';
import { qualified, type EntityBinding } from '../../entity/entity-binding.ts';
import { logComputed, logTable, userName } from '../../entity/log-table.ts';
import { locationLabel } from '../../entity/shared-field-labels.ts';
import { viewBinding } from './production-reports.routes.ts';
import { productOf } from '../../entity/shared-field-labels.ts';
import { registerReportRoutes } from '../../entity/report-routes.ts';

// The transfer reports of Production (docs/domain/production.md §3.6) over the views of migration
// 0014 and the pail_transfers log, on the report pattern (export for production_reports too).

const pt = logTable(pailTransfers);
const pailOrder = qualified(pailTransfers.productionOrderId);
const pailProduct = sql`(select o.product_id from production_orders o where o.id = ${pailOrder})`;
const phaseCode = (column: AnyPgColumn) =>
  sql<string | null>`(select p.code from phases p where p.id = ${qualified(column)})`;

const pailBinding: EntityBinding = {
  entity: PAILS_TRANSFER_LOGS,
  table: pt,
  computed: {
    ...logComputed(pailTransfers),
    created_by_name: userName(pailTransfers.createdBy),
    pail_code: sql<string>`(select p.code from pails p where p.id = ${qualified(pailTransfers.pailId)})`,
    production_order_number: sql<
      string | null
    >`(select o.number from production_orders o where o.id = ${pailOrder})`,
    // The product is the order's: a pail move carries only its order.
    product_id: pailProduct,
    ...productOf(pailProduct),
    from_location_name: locationLabel(pailTransfers.fromLocationId),
    to_location_name: locationLabel(pailTransfers.toLocationId),
    from_phase_code: phaseCode(pailTransfers.fromPhaseId),
    to_phase_code: phaseCode(pailTransfers.toPhaseId),
  },
};

const reportBinding = viewBinding(TRANSFER_REPORT, transferReportView, {
  from_location_name: locationLabel(transferReportView.fromLocationId),
  to_location_name: locationLabel(transferReportView.toLocationId),
});

const logsBinding: EntityBinding = {
  entity: TRANSFER_LOGS,
  table: transferLogsView,
  computed: { created_by_name: userName(transferLogsView.createdBy) },
};

export function registerTransferReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const none = z.object({});
  registerReportRoutes(app, deps, TRANSFER_REPORT, none, () => reportBinding);
  registerReportRoutes(app, deps, TRANSFER_LOGS, none, () => logsBinding);
  registerReportRoutes(app, deps, PAILS_TRANSFER_LOGS, none, () => pailBinding);
}
