import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { measures, products } from '../db/schema/inventory.ts';
import { purchaseOrderLines } from '../db/schema/purchase.ts';
import { z } from 'zod';
import { entityRowSchema } from '../http/entity/entity-row-schema.ts';
import { readOrFail } from '../http/entity/entity-routes.ts';
import type { ResolvedDocument } from '../http/entity/document-spec.ts';
import type {
  PrintedOrder,
  PrintedOrderLine,
} from '../../src/domain/entities/purchase/purchase-order-print.ts';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { rowOf } from '../../src/domain/entity/row-of.ts';

// A purchase order as its print view and its PDF show it: the header as the order's own
// reading (one row), and the lines with the fields those two print, read in ONE statement that
// joins each line to its product and measure. The document's reading (readDocument) selects
// every line field and looks each line's SKU, name, unit and editor up with a subquery of its
// own: for an order of 3,500 lines that was about 14,000 subqueries and most of a PDF's time
// on the event loop, where PGlite runs them (bench/README.md, pdf).

/** What a printed line shows, with its id (the print view's row key). */
const PRINTED_LINE = ['id', 'description', 'qty', 'unit_price', 'line_total'] as const;

/** What readPrintedOrder answers, for the print route's declaration. */
export function printedOrderSchema(orders: Pick<ResolvedDocument, 'header' | 'lines'>) {
  const own = entityRowSchema(orders.lines.entity).shape;
  return entityRowSchema(orders.header.entity).extend({
    lines: z.array(
      z.strictObject({
        ...Object.fromEntries(PRINTED_LINE.map((name) => [name, own[name]!])),
        product_sku: z.string().nullable(),
        product_name: z.string().nullable(),
        measure_code: z.string().nullable(),
      }),
    ),
  });
}

/** The order's header and its lines in line order; `not_found` when there is no such order. */
export async function readPrintedOrder(
  db: Db | Tx,
  orders: ResolvedDocument,
  id: number,
): Promise<PrintedOrder> {
  const order = await readOrFail(db, orders.binding, id);
  // The lines' own columns as their binding reads them (numerics as numbers), so a printed
  // line carries the same values as the order's GET.
  const own = orders.linesBinding.selection;
  const lines = await db
    .select({
      ...Object.fromEntries(PRINTED_LINE.map((name) => [name, own[name]!])),
      product_sku: products.sku,
      product_name: products.name,
      measure_code: measures.code,
    })
    .from(purchaseOrderLines)
    .leftJoin(products, eq(products.id, purchaseOrderLines.productId))
    .leftJoin(measures, eq(measures.id, products.measureId))
    .where(eq(purchaseOrderLines.purchaseOrderId, id))
    .orderBy(asc(purchaseOrderLines.id));
  // Read through the order's binding and its lines', so each value is as its kind declares.
  return { ...rowOf(PURCHASE_ORDERS, order), lines: lines as PrintedOrderLine[] };
}
