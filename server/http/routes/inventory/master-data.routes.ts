import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BINS } from '../../../../src/domain/entities/inventory/bins.entity.ts';
import { BRANDS } from '../../../../src/domain/entities/inventory/brands.entity.ts';
import { CATEGORIES } from '../../../../src/domain/entities/inventory/categories.entity.ts';
import { FLAVORS } from '../../../../src/domain/entities/inventory/flavors.entity.ts';
import { MEASURES } from '../../../../src/domain/entities/inventory/measures.entity.ts';
import { PRODUCT_BINS } from '../../../../src/domain/entities/inventory/product-bins.entity.ts';
import { PRODUCT_FAMILIES } from '../../../../src/domain/entities/inventory/product-families.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { locations } from '../../../db/schema/general.ts';
import {
  bins,
  brands,
  categories,
  flavors,
  measures,
  productBins,
  productFamilies,
  products,
} from '../../../db/schema/inventory.ts';
import { ruleError, validationError } from '../../../errors/api-error.ts';
import { qualified, refLabel, type WriteContext } from '../../entity/entity-binding.ts';
import { registerEntityRoutes } from '../../entity/entity-routes.ts';

// Inventory's catalogues (docs/domain/inventory.md §2): measures, brands, flavours, categories,
// families, bins and where products are kept.

export function registerMasterDataRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEntityRoutes(app, deps, { entity: MEASURES, table: measures });
  registerEntityRoutes(app, deps, { entity: BRANDS, table: brands });
  registerEntityRoutes(app, deps, { entity: FLAVORS, table: flavors });
  registerEntityRoutes(app, deps, {
    entity: CATEGORIES,
    table: categories,
    computed: { parent_name: refLabel(categories.parentId, categories) },
    hooks: {
      beforeWrite: async ({ tx, values, before }) => {
        if (!before || values.parent_id === undefined || values.parent_id === null) return;
        // The new parent may not be the category itself or one of its descendants.
        const [loop] = await queryRows<{ id: number }>(
          tx,
          sql`with recursive up(id, parent_id) as (
                select id, parent_id from categories where id = ${Number(values.parent_id)}
                union all
                select c.id, c.parent_id from categories c join up on c.id = up.parent_id)
              select id from up where id = ${before.id} limit 1`,
        );
        if (loop) throw ruleError('parent_id', 'A category cannot sit under itself');
      },
    },
  });
  registerEntityRoutes(app, deps, {
    entity: PRODUCT_FAMILIES,
    table: productFamilies,
    computed: {
      brand_name: refLabel(productFamilies.brandId, brands),
      flavor_name: refLabel(productFamilies.flavorId, flavors),
      category_name: refLabel(productFamilies.categoryId, categories),
    },
  });
  registerEntityRoutes(app, deps, {
    entity: BINS,
    table: bins,
    computed: { location_name: refLabel(bins.locationId, locations) },
    hooks: { beforeWrite: checkBinCode },
  });
  registerEntityRoutes(app, deps, {
    entity: PRODUCT_BINS,
    table: productBins,
    computed: {
      product_sku: refLabel(productBins.productId, products, 'sku'),
      product_name: refLabel(productBins.productId, products),
      bin_code: refLabel(productBins.binId, bins, 'code'),
      location_name: sql<
        string | null
      >`(select l.name from bins b join locations l on l.id = b.location_id where b.id = ${qualified(productBins.binId)})`,
    },
    hooks: { beforeWrite: checkOneDefaultBin },
  });
}

/** At most one default bin per product in each location (docs/domain/inventory.md §2). */
async function checkOneDefaultBin({ tx, values, before }: WriteContext): Promise<void> {
  const isDefault = values.is_default ?? before?.is_default ?? false;
  if (!isDefault) return;
  const productId = Number(values.product_id ?? before?.product_id);
  const binId = Number(values.bin_id ?? before?.bin_id);
  // The product row is locked so two default bins saved at once cannot both pass.
  await tx.execute(sql`select id from products where id = ${productId} for update`);
  const clash = await queryRows<{ code: string }>(
    tx,
    sql`select b2.code
          from product_bins pb
          join bins b2 on b2.id = pb.bin_id
          join bins b on b.id = ${binId} and b.location_id = b2.location_id
         where pb.product_id = ${productId} and pb.is_default and pb.id <> ${before?.id ?? 0}
         limit 1`,
  );
  if (clash[0]) {
    throw ruleError('is_default', `Bin ${clash[0].code} is already the default in this location`);
  }
}

/** Bin codes are unique within a location; the code is the field to fix. */
async function checkBinCode({ tx, values, before }: WriteContext): Promise<void> {
  const code = values.code ?? before?.code;
  const locationId = values.location_id ?? before?.location_id;
  if (typeof code !== 'string' || locationId === undefined || locationId === null) return;
  const taken = await queryRows<{ id: number }>(
    tx,
    sql`select id from bins where location_id = ${Number(locationId)} and code = ${code}
         and id <> ${before?.id ?? 0} limit 1`,
  );
  if (taken[0]) throw validationError({ code: 'unique' });
}
