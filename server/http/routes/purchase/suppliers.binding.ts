import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  SUPPLIER_PRODUCTS,
  SUPPLIERS,
} from '../../../../src/domain/entities/purchase/suppliers.entity.ts';
import { createSchema, writableFields } from '../../../../src/domain/entity/entity-declaration.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { countries, currencies, provinces } from '../../../db/schema/general.ts';
import { supplierProducts, suppliers } from '../../../db/schema/purchase.ts';
import { ruleError } from '../../../errors/api-error.ts';
import {
  qualified,
  refLabel,
  resolveBinding,
  toColumnValues,
  type EntityBinding,
} from '../../entity/entity-binding.ts';
import { assertLineRefs } from '../../entity/entity-refs.ts';
import { productLabels } from '../../entity/shared-field-labels.ts';

// A supplier and the products it sells us, saved together: sending `products` replaces them
// all in the supplier's transaction; leaving it out keeps them. One row per product
// (UK supplier, product), refused as `products.3.product_id: unique` before the database would.

type ProductLine = Record<string, unknown>;

const productsBinding = resolveBinding({
  entity: SUPPLIER_PRODUCTS,
  table: supplierProducts,
  computed: productLabels(supplierProducts.productId),
});

async function checkProducts(tx: Tx, lines: readonly ProductLine[]): Promise<void> {
  await assertLineRefs(tx, writableFields(SUPPLIER_PRODUCTS), lines, 'products');
  const seen = new Set<number>();
  for (const [i, line] of lines.entries()) {
    const productId = Number(line.product_id);
    if (seen.has(productId)) throw ruleError(`products.${i}.product_id`, 'unique');
    seen.add(productId);
  }
}

/** A province or state belongs to the supplier's country: a New York in Canada is refused. */
async function checkRegion(
  tx: Tx,
  values: Record<string, unknown>,
  before: Record<string, unknown> | null,
) {
  const pick = (name: string) => (name in values ? values[name] : before?.[name]);
  const provinceId = pick('province_id');
  const countryId = pick('country_id');
  if (provinceId == null || countryId == null) return;
  const [province] = await tx
    .select({ countryId: provinces.countryId })
    .from(provinces)
    .where(eq(provinces.id, Number(provinceId)));
  if (province && province.countryId !== Number(countryId)) {
    throw ruleError('province_id', 'This province or state is not in the country chosen');
  }
}

async function replaceProducts(tx: Tx, supplierId: number, lines: readonly ProductLine[]) {
  await tx.delete(supplierProducts).where(eq(supplierProducts.supplierId, supplierId));
  if (lines.length === 0) return;
  await tx.insert(supplierProducts).values(
    lines.map((line) => ({
      ...toColumnValues(productsBinding, line),
      supplierId,
    })) as (typeof supplierProducts.$inferInsert)[],
  );
}

/** The supplier's products as its form and read-only view show them. */
export async function readSupplierProducts(db: Db | Tx, supplierId: number) {
  return db
    .select({ id: supplierProducts.id, ...productsBinding.selection })
    .from(supplierProducts)
    .where(eq(supplierProducts.supplierId, supplierId))
    .orderBy(asc(supplierProducts.id));
}

export const suppliersBinding: EntityBinding = {
  entity: SUPPLIERS,
  table: suppliers,
  computed: {
    currency_code: refLabel(suppliers.currencyId, currencies, 'code'),
    country_name: refLabel(suppliers.countryId, countries),
    province_name: refLabel(suppliers.provinceId, provinces),
    products_count:
      sql<number>`(select count(*)::int from supplier_products sp where sp.supplier_id = ${qualified(suppliers.id)})`.mapWith(
        Number,
      ),
  },
  extraBody: { products: z.array(createSchema(SUPPLIER_PRODUCTS)).max(500).optional() },
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      const email = values.email as string | null | undefined;
      if (email && !z.email().safeParse(email).success) throw ruleError('email', 'email');
      await checkRegion(tx, values, before);
      const lines = values.products as ProductLine[] | undefined;
      if (lines) await checkProducts(tx, lines);
    },
    afterWrite: async ({ tx, values, after }) => {
      const lines = values.products as ProductLine[] | undefined;
      if (lines) await replaceProducts(tx, after.id, lines);
    },
  },
  readExtra: async (db, row) => {
    const [figures] = await db
      .select({ products_count: suppliersBinding.computed!.products_count! })
      .from(suppliers)
      .where(eq(suppliers.id, row.id));
    return { ...figures, products: await readSupplierProducts(db, row.id) };
  },
};
