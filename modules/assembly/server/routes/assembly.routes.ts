import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ASSEMBLY_FLOWS,
  ASSEMBLY_MACHINES,
  ASSEMBLY_OPERATIONS,
  ASSEMBLY_PHASES,
  ASSEMBLY_SETTINGS,
  ASSEMBLY_SHIPPING_SKIDS,
  ASSEMBLY_SKIDS,
} from '../../shared/entities/assembly-config.entities.ts';
import {
  ASSEMBLY_LINE_REELS,
  KIT_COMPONENTS,
} from '../../shared/entities/assembly-orders.entity.ts';
import {
  ASSEMBLY_DAMAGED_STAMPS,
  ASSEMBLY_REELS_SUMMARY,
  ASSEMBLY_STAMPING_REPORT,
} from '../../shared/entities/assembly-reports.entity.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import {
  assemblyDamagedStampsView as damaged,
  assemblyReelsSummaryView as reels,
  assemblyStampingLogView as stamping,
} from '../db/assembly-report-views.ts';
import { groupedAmount } from '../../../../server/db/grouped-amount.ts';
import { productComponents } from '../db/assembly.schema.ts';
import { locations } from '../../../../server/db/schema/general.ts';
import { products } from '../../../../server/db/schema/inventory.ts';
import { skids } from '../../../../server/db/schema/production-config.ts';
import { stampReels } from '../../../../server/db/schema/stamp-reels.ts';
import {
  qualified,
  refLabel,
  type EntityBinding,
} from '../../../../server/http/entity/entity-binding.ts';
import { registerEntityRoutes } from '../../../../server/http/entity/entity-routes.ts';
import { userName } from '../../../../server/http/entity/log-table.ts';
import { registerSettingsRoutes } from '../../../general/server/routes/settings.binding.ts';
import { configBindings } from '../../../../server/http/routes/production-config.routes.ts';
import { reelComputed } from '../../../../server/http/routes/production/stamp-reels.routes.ts';
import { productOf } from '../../../../server/http/entity/shared-field-labels.ts';
import { registerReportRoutes } from '../../../../server/http/entity/report-routes.ts';
import {
  parameterLabel,
  productLabels,
} from '../../../../server/http/entity/shared-field-labels.ts';
import { registerAssemblyOrderRoutes } from './assembly-orders.routes.ts';

// The Assembly module's API (docs/domain/assembly.md §4): its configuration (Production's bindings
// scoped to module 'assembly'), kits' components, assembly orders with their dashboards, the reels
// a stamper takes at the line, and the three reports. Settings `assembly.*` are edited on the
// general settings routes, which take any module's prefix.

export function registerAssemblyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const config = configBindings(
    {
      phases: ASSEMBLY_PHASES,
      operations: ASSEMBLY_OPERATIONS,
      flows: ASSEMBLY_FLOWS,
      machines: ASSEMBLY_MACHINES,
      skids: ASSEMBLY_SKIDS,
    },
    'assembly',
  );
  for (const binding of config) registerEntityRoutes(app, deps, binding);
  registerEntityRoutes(app, deps, {
    entity: KIT_COMPONENTS,
    table: productComponents,
    computed: {
      ...productLabels(productComponents.productId),
      component_product_sku: refLabel(productComponents.componentProductId, products, 'sku'),
      component_product_name: refLabel(productComponents.componentProductId, products, 'name'),
      // Per kit is counted in the component's unit, not the kit's.
      measure_code: productLabels(productComponents.componentProductId).measure_code!,
    },
  });
  registerAssemblyOrderRoutes(app, deps);
  registerEntityRoutes(app, deps, {
    entity: ASSEMBLY_SHIPPING_SKIDS,
    table: skids,
    computed: { location_name: refLabel(skids.locationId, locations) },
    where: and(eq(skids.module, 'assembly'), inArray(skids.status, ['closed', 'received'])),
  });
  registerEntityRoutes(app, deps, {
    entity: ASSEMBLY_LINE_REELS,
    table: stampReels,
    computed: reelComputed,
    // The stamper picks a reel by what matters at the line: whose stamps, and how many left.
    optionDetail: sql`${reelComputed.stamp_jurisdiction_name} || ' · '
      || ${groupedAmount(qualified(stampReels.remainingQty))} || ' stamps left'`,
    where: and(
      eq(stampReels.module, 'assembly'),
      inArray(stampReels.status, ['available', 'in_use']),
    ),
  });
  registerSettingsRoutes(app, deps, ASSEMBLY_SETTINGS, 'assembly');
  registerReports(app, deps);
}

function registerReports(app: FastifyInstance, deps: AppDeps): void {
  const none = z.object({});
  const jurisdiction = (view: typeof stamping | typeof reels) =>
    parameterLabel(view.stampJurisdictionId);
  const stampingLog: EntityBinding = {
    entity: ASSEMBLY_STAMPING_REPORT,
    table: stamping,
    computed: {
      ...productOf(qualified(stamping.productId)),
      stamp_jurisdiction_name: jurisdiction(stamping),
      user_name: userName(stamping.userId),
    },
  };
  registerReportRoutes(app, deps, ASSEMBLY_STAMPING_REPORT, none, () => stampingLog);
  const summary: EntityBinding = {
    entity: ASSEMBLY_REELS_SUMMARY,
    table: reels,
    computed: { stamp_jurisdiction_name: jurisdiction(reels) },
  };
  registerReportRoutes(app, deps, ASSEMBLY_REELS_SUMMARY, none, () => summary);
  const damage: EntityBinding = {
    entity: ASSEMBLY_DAMAGED_STAMPS,
    table: damaged,
    computed: { user_name: userName(damaged.userId) },
  };
  registerReportRoutes(app, deps, ASSEMBLY_DAMAGED_STAMPS, none, () => damage);
}
