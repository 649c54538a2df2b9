import { describe, expect, it } from 'vitest';
import { indexGivesOrder } from '../../server/db/index-order.ts';
import { customers } from '../../server/db/schema/customers.ts';
import { purchaseOrders } from '../../server/db/schema/purchase.ts';
import { salesOrders } from '../../server/db/schema/sales.ts';
import { stockMovements } from '../../server/db/schema/stock.ts';

// A list page looks through its order's head only when an index gives that order
// (page-ids.ts): the schema's own declarations say which do, for the order a list writes
// (text by lower(column), compile-sort.ts; anything else by its value; blanks last).

describe('an index that gives a list its order', () => {
  it('is the primary key either way, and a unique column or a plain index ascending', () => {
    expect(indexGivesOrder(salesOrders, salesOrders.id, 'asc')).toBe(true);
    expect(indexGivesOrder(salesOrders, salesOrders.id, 'desc')).toBe(true);
    expect(indexGivesOrder(salesOrders, salesOrders.orderDate, 'asc')).toBe(true);
    expect(indexGivesOrder(customers, customers.id, 'desc')).toBe(true);
  });

  it('is, descending, an index declared descending with blanks last', () => {
    // sales_orders_order_date_idx read backwards puts blanks first: no order for `desc nulls last`.
    expect(indexGivesOrder(salesOrders, salesOrders.orderDate, 'desc')).toBe(false);
    expect(indexGivesOrder(salesOrders, salesOrders.dutyTotal, 'desc')).toBe(true);
    expect(indexGivesOrder(stockMovements, stockMovements.movedAt, 'desc')).toBe(true);
  });

  it('is, for a text column, an index led by lower(column), as its sort is written', () => {
    for (const direction of ['asc', 'desc'] as const) {
      expect(indexGivesOrder(salesOrders, salesOrders.customerName, direction)).toBe(true);
      expect(indexGivesOrder(stockMovements, stockMovements.productSku, direction)).toBe(true);
      expect(indexGivesOrder(purchaseOrders, purchaseOrders.supplierName, direction)).toBe(true);
      expect(indexGivesOrder(salesOrders, salesOrders.number, direction)).toBe(true);
    }
  });

  it("is not a text column's own unique index, which gives no order to lower(column)", () => {
    expect(indexGivesOrder(customers, customers.code, 'asc')).toBe(false);
  });

  it('is not a column that only follows another in an index, nor one without any', () => {
    // stock_movements_source_idx is (source_type, source_id).
    expect(indexGivesOrder(stockMovements, stockMovements.sourceId, 'asc')).toBe(false);
    expect(indexGivesOrder(salesOrders, salesOrders.total, 'asc')).toBe(false);
    expect(indexGivesOrder(salesOrders, salesOrders.status, 'asc')).toBe(false);
  });
});
