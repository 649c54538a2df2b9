import { and, eq, sql } from 'drizzle-orm';
import { INVENTORY_IMPORT_COLUMNS } from '../../src/domain/imports/inventory-import.columns.ts';
import type { Db, Tx } from '../db/client.ts';
import { nextNumber } from '../db/document-number.ts';
import { queryRows } from '../db/query-rows.ts';
import { stockLots } from '../db/schema/inventory.ts';
import { stockAdjustmentLines, stockAdjustments } from '../db/schema/stock.ts';
import { postMovements, type StockPosting } from '../db/stock/post-movements.ts';
import { publishStockPosting } from '../http/routes/stock/publish-stock-posting.ts';
import { logTransition } from '../db/stock/transition-log.ts';
import type { Importer, RowResult } from './importer.ts';

// Inventory import (domain.md §12 decision): opening stock as posted stock adjustments of
// `opening` movements, one adjustment per location, never a write to balances. Lots the
// file names are created (source `import`) or reused.

type Row = {
  productId: number;
  locationId: number;
  binId: number | null;
  lotNo: string | null;
  expiryDate: string | null;
  qty: number;
  unitCost: number;
};

type Context = {
  products: Map<string, { id: number; lotTracked: boolean; cost: number }>;
  locations: Map<string, number>;
  bins: Map<string, number>;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

async function prepare(db: Db | Tx): Promise<Context> {
  const products = await queryRows<{ sku: string; id: number; lot: boolean; cost: string }>(
    db,
    sql`select lower(sku) as sku, id::int as id, is_lot_tracked as lot, standard_cost::text as cost from products`,
  );
  const locations = await queryRows<{ code: string; id: number }>(
    db,
    sql`select lower(code) as code, id::int as id from locations where active`,
  );
  const bins = await queryRows<{ key: string; id: number }>(
    db,
    sql`select b.location_id || ':' || lower(b.code) as key, b.id::int as id from bins b where b.active`,
  );
  return {
    products: new Map(
      products.map((p) => [p.sku, { id: p.id, lotTracked: p.lot, cost: Number(p.cost) }]),
    ),
    locations: new Map(locations.map((l) => [l.code, l.id])),
    bins: new Map(bins.map((b) => [b.key, b.id])),
  };
}

function parseRow(values: Record<string, string>, context: Context): RowResult<Row> {
  const errors: Record<string, string> = {};
  const get = (key: string) => (values[key] ?? '').trim();
  const product = get('sku') ? context.products.get(get('sku').toLowerCase()) : undefined;
  if (!get('sku')) errors.sku = 'required';
  else if (!product) errors.sku = 'exists';
  const locationId = get('location')
    ? context.locations.get(get('location').toLowerCase())
    : undefined;
  if (!get('location')) errors.location = 'required';
  else if (locationId === undefined) errors.location = 'exists';
  let binId: number | null = null;
  if (get('bin') && locationId !== undefined) {
    binId = context.bins.get(`${locationId}:${get('bin').toLowerCase()}`) ?? null;
    if (binId === null) errors.bin = 'exists';
  }
  const lotNo = get('lot_no') || null;
  if (product?.lotTracked && !lotNo) errors.lot_no = 'requiredif';
  if (lotNo && lotNo.length > 40) errors.lot_no = 'max';
  const expiryDate = get('expiry_date') || null;
  if (expiryDate && !DATE.test(expiryDate)) errors.expiry_date = 'in';
  const qty = get('qty');
  if (!qty) errors.qty = 'required';
  else if (!NUMBER.test(qty)) errors.qty = 'numeric';
  else if (Number(qty) <= 0) errors.qty = 'Qty must be greater than 0';
  const cost = get('unit_cost');
  if (cost && (!NUMBER.test(cost) || Number(cost) < 0)) errors.unit_cost = 'numeric';
  if (Object.keys(errors).length > 0 || !product || locationId === undefined)
    return { ok: false, errors };
  return {
    ok: true,
    value: {
      productId: product.id,
      locationId,
      binId,
      lotNo,
      expiryDate,
      qty: Number(qty),
      unitCost: cost ? Number(cost) : product.cost,
    },
  };
}

async function lotIdOf(tx: Tx, row: Row, actorId: number): Promise<number | null> {
  if (!row.lotNo) return null;
  await tx
    .insert(stockLots)
    .values({
      productId: row.productId,
      lotNo: row.lotNo,
      source: 'import',
      expiryDate: row.expiryDate,
      createdBy: actorId,
      updatedBy: actorId,
    })
    .onConflictDoNothing();
  const [lot] = await tx
    .select({ id: stockLots.id })
    .from(stockLots)
    .where(and(eq(stockLots.productId, row.productId), eq(stockLots.lotNo, row.lotNo)));
  return lot?.id ?? null;
}

export const inventoryImporter: Importer<Row, Context> = {
  type: 'inventory',
  area: 'inventory',
  channel: 'private-inventory.imports',
  columns: INVENTORY_IMPORT_COLUMNS,
  prepare,
  parseRow,
  async apply(tx, rows, actor, jobId) {
    const byLocation = new Map<number, { row: Row; index: number }[]>();
    rows.forEach((row, index) =>
      byLocation.set(row.locationId, [...(byLocation.get(row.locationId) ?? []), { row, index }]),
    );
    const adjustments: { id: number; number: string }[] = [];
    const entityIds: (number | null)[] = [];
    const postings: StockPosting[] = [];
    for (const [locationId, group] of byLocation) {
      const number = await nextNumber(tx, 'stock_adjustment');
      const [doc] = await tx
        .insert(stockAdjustments)
        .values({
          number,
          locationId,
          status: 'posted',
          note: `Opening stock from import ${jobId}`,
          createdBy: actor.id,
          updatedBy: actor.id,
        })
        .returning({ id: stockAdjustments.id });
      if (!doc) throw new Error('stock adjustment insert returned no row');
      const movements = [];
      for (const { row, index } of group) {
        const lotId = await lotIdOf(tx, row, actor.id);
        const [line] = await tx
          .insert(stockAdjustmentLines)
          .values({
            adjustmentId: doc.id,
            productId: row.productId,
            lotId,
            binId: row.binId,
            qtyDelta: String(row.qty),
            unitCost: String(row.unitCost),
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .returning({ id: stockAdjustmentLines.id });
        entityIds[index] = doc.id;
        movements.push({
          productId: row.productId,
          locationId,
          lotId,
          binId: row.binId,
          qty: row.qty,
          unitCost: row.unitCost,
          movementType: 'opening' as const,
          sourceType: 'stock_adjustments' as const,
          sourceId: doc.id,
          sourceLineId: line?.id ?? null,
          line: index,
        });
      }
      postings.push(await postMovements(tx, movements, { actorId: actor.id }));
      await logTransition(tx, {
        entityType: 'stock_adjustments',
        entityId: doc.id,
        from: 'draft',
        to: 'posted',
        event: 'post',
        reason: null,
        payload: { import_job_id: jobId },
        actorId: actor.id,
      });
      adjustments.push({ id: doc.id, number });
    }
    return {
      result: { stock_adjustments: adjustments },
      entityIds,
      afterCommit: async (deps) => {
        for (const posting of postings) await publishStockPosting(deps, posting);
      },
    };
  },
};
