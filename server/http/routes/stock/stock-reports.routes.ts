import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { INVENTORY_MOVEMENTS } from '../../../../src/domain/entities/stock/inventory-movements.entity.ts';
import {
  STOCK_LOCATOR,
  STOCK_ON_HAND,
} from '../../../../src/domain/entities/stock/stock-on-hand.entity.ts';
import { STOCK_LOTS } from '../../../../src/domain/entities/stock/stock-lots.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { stockLots } from '../../../db/schema/inventory.ts';
import { stockBalances, stockMovements as mv } from '../../../db/schema/stock.ts';
import { allocatedAt } from '../../../db/stock/allocated.ts';
import { documentRoute } from '../../../db/stock/movement-documents.ts';
import { qualified } from '../../entity/entity-binding.ts';
import { registerEntityRoutes } from '../../entity/entity-routes.ts';
import { logComputed, logTable } from '../../entity/log-table.ts';
import {
  binLabel,
  locationLabel,
  lotLabel,
  productLabels,
} from '../../entity/shared-field-labels.ts';
import { num } from '../../entity/computed-number.ts';

// Stock on hand, the stock locator and the movements report: read models on the entity
// pattern (filter, sort, page, export), computed over the ledger's tables.

const productColumn = (productId: AnyPgColumn, column: string) =>
  sql`(select p.${sql.identifier(column)} from products p where p.id = ${qualified(productId)})`;

/** Category, brand and family of the row's product, with their names, for the report filters. */
export function productFilters(productId: AnyPgColumn): Record<string, SQL> {
  const named = (fk: string, table: string) =>
    sql`(select r.name from ${sql.identifier(table)} r where r.id = ${productColumn(productId, fk)})`;
  return {
    category_id: productColumn(productId, 'category_id'),
    category_name: named('category_id', 'categories'),
    brand_id: productColumn(productId, 'brand_id'),
    brand_name: named('brand_id', 'brands'),
    family_id: productColumn(productId, 'family_id'),
    family_name: named('family_id', 'product_families'),
  };
}

/** On hand of a balance row that may be promised: not in a quarantined lot. */
export const lotStatus = (lotId: AnyPgColumn) =>
  sql<string | null>`(select l.status from stock_lots l where l.id = ${qualified(lotId)})`;

export function registerStockReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const b = stockBalances;
  const balanceLabels = {
    ...productLabels(b.productId),
    location_name: locationLabel(b.locationId),
    lot_no: lotLabel(b.lotId),
    bin_code: binLabel(b.binId),
  };
  const allocated = allocatedAt(
    qualified(b.productId),
    qualified(b.locationId),
    qualified(b.lotId),
    qualified(b.binId),
  );
  registerEntityRoutes(app, deps, {
    entity: STOCK_ON_HAND,
    table: b,
    where: sql`${b.qtyOnHand} <> 0`,
    computed: {
      ...balanceLabels,
      lot_status: lotStatus(b.lotId),
      expiry_date: sql`(select to_char(l.expiry_date, 'YYYY-MM-DD') from stock_lots l where l.id = ${qualified(b.lotId)})`,
      allocated: num(allocated),
      available: num(
        sql`case when coalesce(${lotStatus(b.lotId)}, 'released') = 'released'
            and (select loc.type from locations loc where loc.id = ${qualified(b.locationId)}) <> 'quarantine'
          then ${qualified(b.qtyOnHand)} else 0 end - ${allocated}`,
      ),
      ...productFilters(b.productId),
    },
  });

  registerEntityRoutes(app, deps, {
    entity: STOCK_LOCATOR,
    table: b,
    where: sql`${b.qtyOnHand} > 0`,
    computed: { ...balanceLabels, upc: productColumn(b.productId, 'upc') },
  });

  const source = qualified(mv.sourceType);
  const sourceId = qualified(mv.sourceId);
  registerEntityRoutes(app, deps, {
    entity: INVENTORY_MOVEMENTS,
    // The ledger's one declaration, read as a log: every row version 1, its author as editor.
    table: logTable(mv),
    computed: {
      ...logComputed(mv),
      // The author's name is the ledger's own column, as are product_sku, product_name, lot_no,
      // location_name, bin_code and document_number (schema/stock.ts): kept by the database
      // and indexed, so the report sorts and searches a million rows by them.
      created_by_name: mv.createdByName,
      updated_by_name: mv.createdByName,
      source_type: mv.sourceType,
      document_route: documentRoute(source, sourceId),
      measure_code: productLabels(mv.productId).measure_code!,
      qty_in: num(sql`greatest(${qualified(mv.qty)}, 0)`),
      qty_out: num(sql`greatest(-${qualified(mv.qty)}, 0)`),
      // Balance of the product at the location after this movement, in ledger order: stored
      // by the posting (ledger-balance.ts), so filtering the rows shown never changes it. The
      // column itself, so its sort reads stock_movements_balance_after_idx.
      running_balance: mv.balanceAfter,
      // The product's groups are the ledger's copies too, not a product lookup per row.
      category_id: mv.productCategoryId,
      category_name: mv.productCategoryName,
      brand_id: mv.productBrandId,
      brand_name: mv.productBrandName,
      family_id: mv.productFamilyId,
      family_name: mv.productFamilyName,
    },
    sortAs: { qty_in: { field: 'qty' }, qty_out: { field: 'qty', reverse: true } },
  });

  registerEntityRoutes(app, deps, {
    entity: STOCK_LOTS,
    table: stockLots,
    computed: {
      ...productLabels(stockLots.productId),
      qty_on_hand: num(
        sql`(select coalesce(sum(b.qty_on_hand), 0) from stock_balances b where b.lot_id = ${qualified(stockLots.id)})`,
      ),
    },
  });
}
