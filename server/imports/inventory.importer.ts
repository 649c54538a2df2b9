import { sql } from 'drizzle-orm';
import { INVENTORY_IMPORT_COLUMNS } from '../../src/domain/imports/inventory-import.columns.ts';
import type { Db, Tx } from '../db/client.ts';
import { columnParam } from '../db/array-param.ts';
import { nextNumber } from '../db/document-number.ts';
import { insertColumns } from '../db/insert-columns.ts';
import { queryRows } from '../db/query-rows.ts';
import { stockAdjustmentLines, stockAdjustments } from '../db/schema/stock.ts';
import { postMovements } from '../db/stock/post-movements.ts';
import { publishStockPosting } from '../http/routes/stock/publish-stock-posting.ts';
import { logTransition } from '../db/transition-log.ts';
import { ARRAY_APPLY_BATCH, type ApplyJob, type Importer, type RowResult } from './importer.ts';

// Inventory import (docs/domain/imports.md §12 decision): opening stock as posted stock adjustments
// of `opening` movements, one adjustment per location, never a write to balances. Lots the file
// names are created (source `import`) or reused.

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

/**
 * Adds to `known` the id of every lot the batch names that no earlier batch of the job did,
 * making (source `import`) the ones that do not exist yet: two statements for the batch, none
 * once every lot it names is known.
 */
async function findLots(
  tx: Tx,
  rows: readonly Row[],
  actorId: number,
  known: Map<string, number>,
): Promise<void> {
  const wanted = new Map<string, Row>();
  for (const row of rows) {
    if (!row.lotNo) continue;
    const key = lotKey(row.productId, row.lotNo);
    if (!known.has(key)) wanted.set(key, row);
  }
  if (wanted.size === 0) return;
  const missing = [...wanted.values()];
  const products = columnParam(missing, 'bigint', (row) => row.productId);
  const lotNos = columnParam(missing, 'text', (row) => row.lotNo);
  const expiries = columnParam(missing, 'date', (row) => row.expiryDate);
  await tx.execute(
    sql`insert into stock_lots (product_id, lot_no, source, expiry_date, created_by, updated_by)
        select r.product_id, r.lot_no, 'import', r.expiry_date, ${actorId}::bigint, ${actorId}::bigint
          from unnest(${products}, ${lotNos}, ${expiries}) as r(product_id, lot_no, expiry_date)
        on conflict do nothing`,
  );
  // Only the pairs asked for: another product may carry the same lot number.
  const found = await queryRows<{
    id: string | number;
    product_id: string | number;
    lot_no: string;
  }>(
    tx,
    sql`select l.id, l.product_id, l.lot_no
          from stock_lots l
          join unnest(${products}, ${lotNos}) as w(product_id, lot_no)
            on l.product_id = w.product_id and l.lot_no = w.lot_no`,
  );
  for (const lot of found) known.set(lotKey(Number(lot.product_id), lot.lot_no), Number(lot.id));
}

const lotKey = (productId: number, lotNo: string) => `${productId}\u0000${lotNo}`;

type Adjustment = { id: number; number: string };

/** The posted adjustment of one location, made the first time a row names that location. */
async function adjustmentFor(
  tx: Tx,
  made: Map<number, Adjustment>,
  locationId: number,
  job: Pick<ApplyJob<Row>, 'id' | 'actor'>,
): Promise<Adjustment> {
  const known = made.get(locationId);
  if (known) return known;
  const number = await nextNumber(tx, 'stock_adjustment');
  const [doc] = await tx
    .insert(stockAdjustments)
    .values({
      number,
      locationId,
      status: 'posted',
      note: `Opening stock from import ${job.id}`,
      createdBy: job.actor.id,
      updatedBy: job.actor.id,
    })
    .returning({ id: stockAdjustments.id });
  if (!doc) throw new Error('stock adjustment insert returned no row');
  await logTransition(tx, {
    entityType: 'stock_adjustments',
    entityId: doc.id,
    from: 'draft',
    to: 'posted',
    event: 'post',
    reason: null,
    payload: { import_job_id: job.id },
    actorId: job.actor.id,
  });
  const adjustment = { id: doc.id, number };
  made.set(locationId, adjustment);
  return adjustment;
}

export const inventoryImporter: Importer<Row, Context> = {
  type: 'inventory',
  area: 'inventory',
  channel: 'private-inventory.imports',
  columns: INVENTORY_IMPORT_COLUMNS,
  prepare,
  parseRow,
  // One adjustment per location, made by the first batch that names it; lots, lines and
  // movements go in ARRAY_APPLY_BATCH rows per statement, every column bound as one array;
  // the batches share the job's one transaction.
  async apply(rows, job) {
    const made = new Map<number, Adjustment>();
    const lots = new Map<string, number>();
    await job.inBatches(ARRAY_APPLY_BATCH, async (tx, batch) => {
      await findLots(tx, batch, job.actor.id, lots);
      const lotOf = (row: Row) =>
        row.lotNo ? (lots.get(lotKey(row.productId, row.lotNo)) ?? null) : null;
      const docs: Adjustment[] = [];
      for (const row of batch) docs.push(await adjustmentFor(tx, made, row.locationId, job));
      // The new lines' ids, in the batch's order.
      const lines = await insertColumns(
        tx,
        stockAdjustmentLines,
        batch.map((row, i) => ({
          adjustmentId: docs[i]!.id,
          productId: row.productId,
          lotId: lotOf(row),
          binId: row.binId,
          qtyDelta: String(row.qty),
          unitCost: String(row.unitCost),
          createdBy: job.actor.id,
          updatedBy: job.actor.id,
        })),
      );
      const posting = await postMovements(
        tx,
        batch.map((row, i) => ({
          productId: row.productId,
          locationId: row.locationId,
          lotId: lotOf(row),
          binId: row.binId,
          qty: row.qty,
          unitCost: row.unitCost,
          movementType: 'opening' as const,
          sourceType: 'stock_adjustments' as const,
          sourceId: docs[i]!.id,
          sourceLineId: lines[i] ?? null,
          line: i,
        })),
        { actorId: job.actor.id },
      );
      return {
        entityIds: docs.map((doc) => doc.id),
        afterCommit: (deps) => publishStockPosting(deps, posting),
      };
    });
    return { result: { stock_adjustments: [...made.values()] } };
  },
};
