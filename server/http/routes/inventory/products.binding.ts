import { inArray, sql } from 'drizzle-orm';
import {
  PRODUCT_FIELDS,
  PRODUCTS,
} from '../../../../src/domain/entities/inventory/products.entity.ts';
import type { SessionUser } from '../../../auth/session-user.ts';
import type { Tx } from '../../../db/client.ts';
import { groupedAmount } from '../../../db/grouped-amount.ts';
import { productRuleErrors } from '../../../db/inventory/product-rules.ts';
import { parameters } from '../../../db/schema/general.ts';
import {
  brands,
  categories,
  flavors,
  measures,
  productChangeLogs,
  productFamilies,
  products,
} from '../../../db/schema/inventory.ts';
import { hplcCategories } from '../../../db/schema/production.ts';
import { recipes } from '../../../db/schema/recipes.ts';
import { allocatedOf } from '../../../db/stock/allocated.ts';
import { validationError } from '../../../errors/api-error.ts';
import { refErrors } from '../../entity/entity-refs.ts';
import {
  qualified,
  refLabel,
  resolveBinding,
  type EntityBinding,
} from '../../entity/entity-binding.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';

// The product master on the entity pattern. Every write, direct or through an approved
// change request, passes the product rules and leaves one product_change_logs row per field.

export const PRODUCT_LABELS = {
  family_name: refLabel(products.familyId, productFamilies),
  brand_name: refLabel(products.brandId, brands),
  flavor_name: refLabel(products.flavorId, flavors),
  category_name: refLabel(products.categoryId, categories),
  measure_code: refLabel(products.measureId, measures, 'code'),
  stamp_jurisdiction_name: refLabel(products.stampJurisdictionId, parameters),
  unstamped_product_sku: sql<
    string | null
  >`(select r.sku from products r where r.id = ${qualified(products.unstampedProductId)})`,
  hplc_category_name: refLabel(products.hplcCategoryId, hplcCategories),
  recipe_code: refLabel(products.recipeId, recipes, 'code'),
  flashpoint_class_name: refLabel(products.flashpointClassId, parameters),
};

/**
 * Refuses a product that breaks a rule of docs/domain/inventory.md §2, with every failing field.
 */
export async function assertProductRules(
  tx: Tx,
  row: Record<string, unknown>,
  id: number | null,
): Promise<void> {
  const errors = {
    ...(await refErrors(tx, PRODUCT_FIELDS, row)),
    ...(await productRuleErrors(tx, row, id)),
  };
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** A product value as a change log keeps it. */
function logText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** One product_change_logs row per field whose value changed. */
export async function logProductChanges(
  tx: Tx,
  entry: {
    productId: number;
    before: Record<string, unknown> | null;
    values: Record<string, unknown>;
    requestId: number | null;
    authorId: number;
    approverId: number;
  },
): Promise<number> {
  const rows = Object.entries(entry.values)
    .filter(([field]) => PRODUCTS.fields.some((f) => f.name === field))
    .map(([field, next]) => ({ field, old: logText(entry.before?.[field]), next: logText(next) }))
    .filter((c) => c.old !== c.next);
  if (rows.length === 0) return 0;
  await tx.insert(productChangeLogs).values(
    rows.map((c) => ({
      productId: entry.productId,
      requestId: entry.requestId,
      field: c.field,
      oldValue: c.old,
      newValue: c.next,
      approvedBy: entry.approverId,
      createdBy: entry.authorId,
    })),
  );
  return rows.length;
}

async function beforeWrite(ctx: {
  tx: Tx;
  values: Record<string, unknown>;
  before: EntityRow | null;
}): Promise<void> {
  await assertProductRules(
    ctx.tx,
    { ...(ctx.before ?? {}), ...ctx.values },
    ctx.before?.id ?? null,
  );
}

async function afterWrite(ctx: {
  tx: Tx;
  actor: SessionUser;
  values: Record<string, unknown>;
  before: EntityRow | null;
  after: EntityRow;
}): Promise<void> {
  // Direct edits (admin, approvers, inactive products) are logged like approved changes.
  if (!ctx.before) return;
  await logProductChanges(ctx.tx, {
    productId: ctx.after.id,
    before: ctx.before,
    values: ctx.values,
    requestId: null,
    authorId: ctx.actor.id,
    approverId: ctx.actor.id,
  });
}

export const PRODUCTS_BINDING: EntityBinding = {
  entity: PRODUCTS,
  table: products,
  computed: PRODUCT_LABELS,
  hooks: { beforeWrite, afterWrite },
  // A picker of some product types (a kit; the sellable goods), declared on the field as a
  // comma-separated list.
  optionsOfType: (types) => inArray(qualified(products.type), types.split(',')),
  // A picker shows the name beside the SKU and finds by either; where stock matters, what is
  // free: released stock where it may be taken from, less what packing lists hold.
  optionDetail: sql`${qualified(products.name)} || ' · ' || ${groupedAmount(sql`(
      coalesce((select sum(b.qty_on_hand) from stock_balances b
                  join locations l on l.id = b.location_id
                  left join stock_lots lot on lot.id = b.lot_id
                 where b.product_id = ${qualified(products.id)}
                   and l.type not in ('quarantine', 'lab', 'scrap', 'transit')
                   and coalesce(lot.status, 'released') = 'released'), 0)
      - ${allocatedOf(qualified(products.id))})`)}
      || coalesce(' ' || (select m.code from measures m where m.id = ${qualified(products.measureId)}), '')
      || ' available'`,
  optionSearch: [qualified(products.name)],
};

export const productsBinding = resolveBinding(PRODUCTS_BINDING);
