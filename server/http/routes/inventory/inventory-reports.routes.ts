import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PRODUCTS_LIST_REPORT } from '../../../../src/domain/entities/inventory/products-list.report.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { products } from '../../../db/schema/inventory.ts';
import { qualified } from '../../entity/entity-binding.ts';
import { registerEntityRoutes } from '../../entity/entity-routes.ts';
import { PRODUCT_LABELS } from './products.binding.ts';

// Inventory reports that are lists of master data (docs/domain/inventory.md §2 Reports). Filters,
// sorting and the CSV/XLSX export come with the entity pattern.

export function registerInventoryReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEntityRoutes(app, deps, {
    entity: PRODUCTS_LIST_REPORT,
    table: products,
    computed: {
      ...PRODUCT_LABELS,
      // Location code and bin of each default bin: `WH-MAIN A-01-01`.
      default_bin: sql<
        string | null
      >`(select string_agg(l.code || ' ' || b.code, ', ' order by l.code)
          from product_bins pb join bins b on b.id = pb.bin_id join locations l on l.id = b.location_id
         where pb.product_id = ${qualified(products.id)} and pb.is_default)`,
    },
  });
}
