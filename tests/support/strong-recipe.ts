import { expect } from 'vitest';
import { MEASURES } from '../../src/domain/entities/inventory/measures.entity.ts';
import { PRODUCTS } from '../../src/domain/entities/inventory/products.entity.ts';
import { RECIPES } from '../../src/domain/entities/production/recipes.entity.ts';
import type { EntityApiClient, List, Row } from './entity-crud.ts';

/**
 * A recipe of 24 mg/mL of nicotine, over the default limit of 20 (docs/domain/production.md
 * "Nicotine limit"), made and submitted by `maker` on products `admin` creates: what the
 * approver is then refused. `code` names the recipe and prefixes its products' SKUs.
 */
export async function submittedStrongRecipe(
  admin: EntityApiClient,
  maker: EntityApiClient,
  code: string,
): Promise<Row> {
  const ml = (await admin.get<List>(MEASURES.api)).data.rows.find((m) => m.code === 'ml')?.id;
  const product = async (sku: string, type: string) =>
    (await admin.create(PRODUCTS, { sku, name: sku, type, measure_id: ml })).id;
  const bulk = await product(`BL-${code}`, 'bulk_liquid');
  const nic = await product(`RM-${code}-NIC`, 'nicotine_base');
  const pg = await product(`RM-${code}-PG`, 'carrier');
  const created = await maker.send<Row>('POST', RECIPES.api, {
    code: `RC-${code}`,
    name: 'Too strong',
    product_id: bulk,
    target_nicotine_mg: 24,
    basis: 'v_v',
    batch_basis_ml: 1000,
    ingredients: [
      { product_id: nic, percentage: 24, is_fill: false },
      { product_id: pg, percentage: 0, is_fill: true },
    ],
  });
  expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
  const submitted = await maker.send<Row>(
    'POST',
    `${RECIPES.api}/${created.data.id}/events/submit`,
    {
      version: created.data.version,
    },
  );
  expect(submitted.httpStatus, JSON.stringify(submitted.data)).toBe(200);
  return submitted.data;
}
