import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { VAPING_DUTY_REPORT } from '../../shared/entities/vaping-duty-report.entity.ts';
import { productDutySchema } from '../../../general/shared/entities/vaping-duty.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { parameters } from '../../../../server/db/schema/general.ts';
import { products } from '../../../../server/db/schema/inventory.ts';
import { vapingDutyShipmentsView as view } from '../db/vaping-duty-report-view.ts';
import { productDuty } from '../db/vaping-duty-rates.ts';
import { ApiError } from '../../../../server/errors/api-error.ts';
import {
  qualified,
  refLabel,
  type EntityBinding,
} from '../../../../server/http/entity/entity-binding.ts';
import { addRoute } from '../../../../server/http/route.ts';
import { productOf } from '../../../../server/http/entity/shared-field-labels.ts';
import { registerReportRoutes } from '../../../../server/http/entity/report-routes.ts';

// Vaping duty (docs/domain/sales.md "Vaping duty"): the monthly report of shipped duty by
// jurisdiction and product (filter, sort, export as CSV or XLSX like every report), and one
// product's duty per unit on a date, which the product screen shows.

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function registerVapingDutyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const report: EntityBinding = {
    entity: VAPING_DUTY_REPORT,
    table: view,
    computed: {
      ...productOf(qualified(view.productId)),
      stamp_jurisdiction_name: refLabel(view.stampJurisdictionId, parameters),
    },
  };
  registerReportRoutes(app, deps, VAPING_DUTY_REPORT, z.object({}), () => report);

  addRoute(app, {
    method: 'GET',
    url: '/api/inventory/products/:id/vaping-duty',
    access: { area: 'inventory' },
    summary:
      'A product’s vaping duty per unit (federal and provincial) on a date, today by default',
    params: z.object({ id: z.coerce.number().int().positive() }),
    query: z.object({ date: z.string().regex(DATE, { message: 'date' }).optional() }),
    response: productDutySchema,
    handler: async ({ params, query }) => {
      const date = query.date ?? new Date().toISOString().slice(0, 10);
      // A product that owes nothing answers zeros; one that does not exist, 404.
      const [exists] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, params.id));
      if (!exists) throw new ApiError('not_found');
      return { product_id: params.id, date, ...(await productDuty(db, params.id, date)) };
    },
  });
}
