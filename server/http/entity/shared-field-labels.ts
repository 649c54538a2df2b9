import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bins, products, stockLots } from '../../db/schema/inventory.ts';
import { locations, parameters } from '../../db/schema/general.ts';
import { qualified, refLabel } from './entity-binding.ts';

// The label columns of the field helpers modules share (src/domain/entity/shared-fields.ts),
// as SQL over a row's keys.

export function productLabels(productId: AnyPgColumn): Record<string, SQL> {
  return {
    product_sku: refLabel(productId, products, 'sku'),
    product_name: refLabel(productId, products, 'name'),
    // The unit a quantity of the row is counted in, so 'ea' shows without decimals (qtyField).
    measure_code: sql<
      string | null
    >`(select m.code from products p join measures m on m.id = p.measure_id
      where p.id = ${qualified(productId)})`,
  };
}

export const locationLabel = (locationId: AnyPgColumn) => refLabel(locationId, locations);
export const lotLabel = (lotId: AnyPgColumn) => refLabel(lotId, stockLots, 'lot_no');
export const binLabel = (binId: AnyPgColumn) => refLabel(binId, bins, 'code');
export const parameterLabel = (id: AnyPgColumn) => refLabel(id, parameters);

export function createdLabels(createdBy: AnyPgColumn): Record<string, SQL> {
  return {
    created_by_name: sql<
      string | null
    >`(select u.name from users u where u.id = ${qualified(createdBy)})`,
  };
}

/**
 * A row's product by its id expression: sku, name and the product master's filters (category,
 * brand, family), for the reports that filter by them.
 */
export function productOf(productId: SQL): Record<string, SQL> {
  const column = (name: string) =>
    sql`(select p.${sql.identifier(name)} from products p where p.id = ${productId})`;
  const named = (fk: string, table: string) =>
    sql`(select r.name from products p join ${sql.identifier(table)} r on r.id = p.${sql.identifier(fk)}
          where p.id = ${productId})`;
  return {
    product_sku: column('sku'),
    product_name: column('name'),
    category_id: column('category_id'),
    category_name: named('category_id', 'categories'),
    brand_id: column('brand_id'),
    brand_name: named('brand_id', 'brands'),
    family_id: column('family_id'),
    family_name: named('family_id', 'product_families'),
  };
}
