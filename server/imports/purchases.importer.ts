import { inArray, sql } from 'drizzle-orm';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { PURCHASE_IMPORT_COLUMNS } from '../../src/domain/imports/purchase-import.columns.ts';
import { diffFields, writeAudit } from '../db/audit.ts';
import type { Db, Tx } from '../db/client.ts';
import { nextNumber } from '../db/document-number.ts';
import { plantToday } from '../db/plant-time.ts';
import { writePurchaseOrderFigures } from '../db/purchase/purchase-order-totals.ts';
import { queryRows } from '../db/query-rows.ts';
import { purchaseOrderLines, purchaseOrders } from '../db/schema/purchase.ts';
import { fingerprintOf, knownKeys, rememberKeys } from './import-keys.ts';
import { APPLY_BATCH, type Importer, type RowOutcome, type RowResult } from './importer.ts';
import { RowCells } from './row-cells.ts';
import { headerDisagreements } from './header-disagreements.ts';

// Purchase import (docs/product.md §2 /purchases/import; docs/domain/imports.md §12 decision: draft
// POs): rows grouped by their PO reference into one draft each, with the server's figures as any
// draft gets them. A reference imported before is skipped whole (see purchase-import.columns.ts for
// why).

type Row = {
  ref: string;
  supplierId: number;
  shipToId: number;
  productId: number;
  qty: number;
  unitPrice: number;
  expectedDate: string | null;
};

type Context = {
  suppliers: Map<string, number>;
  locations: Map<string, number>;
  products: Map<string, number>;
  /** `supplierId:productId` → the supplier's price. */
  prices: Map<string, number>;
};

async function prepare(db: Db | Tx): Promise<Context> {
  const codes = (rows: { code: string; id: number }[]) => new Map(rows.map((r) => [r.code, r.id]));
  const suppliers = await queryRows<{ code: string; id: number }>(
    db,
    sql`select lower(code) as code, id::int as id from suppliers where active`,
  );
  const locations = await queryRows<{ code: string; id: number }>(
    db,
    sql`select lower(code) as code, id::int as id from locations where active`,
  );
  const products = await queryRows<{ code: string; id: number }>(
    db,
    sql`select lower(sku) as code, id::int as id from products`,
  );
  const prices = await queryRows<{ key: string; price: string }>(
    db,
    sql`select supplier_id || ':' || product_id as key, unit_price::text as price from supplier_products`,
  );
  return {
    suppliers: codes(suppliers),
    locations: codes(locations),
    products: codes(products),
    prices: new Map(prices.map((p) => [p.key, Number(p.price)])),
  };
}

function parseRow(values: Record<string, string>, context: Context): RowResult<Row> {
  const cells = new RowCells(values);
  const ref = cells.text('po_ref', { required: true, max: 60 });
  const supplierId = cells.ref('supplier', context.suppliers);
  const shipToId = cells.ref('ship_to', context.locations);
  const productId = cells.ref('sku', context.products);
  const qty = cells.number('qty', { required: true, above: 0 });
  let unitPrice = cells.number('unit_price', { min: 0 });
  if (unitPrice === null && supplierId !== null && productId !== null && !cells.errors.unit_price)
    unitPrice =
      context.prices.get(`${supplierId}:${productId}`) ?? cells.fail('unit_price', 'required');
  const expectedDate = cells.date('expected_date');
  if (!cells.ok || ref === null || supplierId === null || shipToId === null) {
    return { ok: false, errors: cells.errors };
  }
  return {
    ok: true,
    value: {
      ref,
      supplierId,
      shipToId,
      productId: productId!,
      qty: qty!,
      unitPrice: unitPrice!,
      expectedDate,
    },
  };
}

/** The rows of one reference must agree on its header: supplier, ship-to, expected date. */
const checkAll = (rows: readonly Row[]) =>
  headerDisagreements(rows, 'PO Ref', [
    ['supplierId', 'supplier'],
    ['shipToId', 'ship_to'],
    ['expectedDate', 'expected_date'],
  ]);

export const purchasesImporter: Importer<Row, Context> = {
  type: 'purchases',
  area: 'purchase',
  channel: 'private-purchase.imports',
  columns: PURCHASE_IMPORT_COLUMNS,
  prepare,
  parseRow,
  checkAll,
  // A reference's rows may fall in two batches: the draft made by the first is kept here and
  // the later batch adds its lines to it.
  async apply(rows, job) {
    const made = new Map<string, { id: number; number: string }>();
    const skipped = new Set<string>();
    await job.inBatches(APPLY_BATCH, async (tx, batch) => {
      const known = await knownKeys(
        tx,
        'purchases',
        batch.map((r) => r.ref).filter((ref) => !made.has(ref)),
      );
      const [today] = await queryRows<{ day: string }>(
        tx,
        sql`select to_char(${plantToday}, 'YYYY-MM-DD') as day`,
      );
      const results: RowOutcome[] = [];
      const entityIds: number[] = [];
      const lines: (typeof purchaseOrderLines.$inferInsert)[] = [];
      const touched = new Set<number>();
      const fresh: { key: string; entityId: number; fingerprint: string }[] = [];
      for (const row of batch) {
        const before = known.get(row.ref);
        if (before && !made.has(row.ref)) {
          skipped.add(row.ref);
          results.push('skipped');
          entityIds.push(before.entityId);
          continue;
        }
        let order = made.get(row.ref);
        if (!order) {
          const number = await nextNumber(tx, 'purchase_order');
          const header = {
            supplierId: row.supplierId,
            orderDate: today?.day ?? '',
            expectedDate: row.expectedDate,
            shipToLocationId: row.shipToId,
            note: `Imported from ${row.ref} (job ${job.id})`,
          };
          const [inserted] = await tx
            .insert(purchaseOrders)
            .values({ ...header, number, createdBy: job.actor.id, updatedBy: job.actor.id })
            .returning({ id: purchaseOrders.id });
          if (!inserted) throw new Error('purchase_orders: insert returned no row');
          await writeAudit(tx, {
            entityType: PURCHASE_ORDERS.name,
            entityId: inserted.id,
            action: 'create',
            changes: diffFields({}, { number, ...header }),
            userId: job.actor.id,
          });
          order = { id: inserted.id, number };
          made.set(row.ref, order);
          fresh.push({
            key: row.ref,
            entityId: inserted.id,
            fingerprint: fingerprintOf([row.ref]),
          });
        }
        touched.add(order.id);
        lines.push({
          purchaseOrderId: order.id,
          productId: row.productId,
          qty: String(row.qty),
          unitPrice: String(row.unitPrice),
          createdBy: job.actor.id,
          updatedBy: job.actor.id,
        });
        results.push('ok');
        entityIds.push(order.id);
      }
      if (lines.length > 0) await tx.insert(purchaseOrderLines).values(lines);
      for (const id of touched) await writePurchaseOrderFigures(tx, id, null);
      await rememberKeys(tx, 'purchases', job.id, fresh);
      const changed =
        touched.size === 0
          ? []
          : await tx
              .select({
                id: purchaseOrders.id,
                version: purchaseOrders.version,
                seq: purchaseOrders.seq,
              })
              .from(purchaseOrders)
              .where(inArray(purchaseOrders.id, [...touched]));
      const created = new Set(fresh.map((f) => f.entityId));
      return {
        entityIds,
        results,
        afterCommit: async (deps) => {
          for (const row of changed) {
            await deps.realtime.publisher.publish({
              channels: [PURCHASE_ORDERS.channel],
              event: `${PURCHASE_ORDERS.event}.${created.has(row.id) ? 'created' : 'updated'}`,
              // The row is left for the list to read: the store refetches on a null `data`.
              data: { id: row.id, seq: row.seq, version: row.version, data: null },
            });
          }
        },
      };
    });
    return {
      result: {
        purchase_orders: [...made.values()],
        skipped_refs: [...skipped],
      },
    };
  },
};
