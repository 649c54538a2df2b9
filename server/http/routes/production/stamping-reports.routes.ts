import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  STAMPING_LOGS,
  STAMPING_WASTED_BOTTLES,
} from '../../../../src/domain/entities/production/stamping-reports.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import {
  stampingEventLogView as log,
  stampingWastedBottlesView as waste,
} from '../../../db/production/report-views.ts';
import { machines } from '../../../db/schema/production-config.ts';
import { parameters } from '../../../db/schema/general.ts';
import { qualified, refLabel, type EntityBinding } from '../../entity/entity-binding.ts';
import { userName } from '../../entity/log-table.ts';
import { productOf } from '../../entity/shared-field-labels.ts';
import { registerReportRoutes } from '../../entity/report-routes.ts';

// The stamping reports (docs/domain/production.md §3.6) over the views of migration 0018, with the
// labels of their order, machine, product, jurisdiction and people; the production reports' access.

const labels = (view: typeof log | typeof waste): Record<string, SQL> => ({
  ...productOf(qualified(view.productId)),
  production_order_number: sql`(select o.number from production_orders o
      where o.id = ${qualified(view.productionOrderId)})`,
  machine_code: refLabel(view.machineId, machines, 'code'),
  stamp_jurisdiction_name: refLabel(view.stampJurisdictionId, parameters),
});

export function registerStampingReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const none = z.object({});
  const logs: EntityBinding = {
    entity: STAMPING_LOGS,
    table: log,
    computed: { ...labels(log), user_name: userName(log.userId) },
  };
  registerReportRoutes(app, deps, STAMPING_LOGS, none, () => logs);
  const wasted: EntityBinding = {
    entity: STAMPING_WASTED_BOTTLES,
    table: waste,
    computed: { ...labels(waste), stamper_name: userName(waste.stamperId) },
  };
  registerReportRoutes(app, deps, STAMPING_WASTED_BOTTLES, none, () => wasted);
}
