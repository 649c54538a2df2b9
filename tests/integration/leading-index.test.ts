import { describe, expect, it } from 'vitest';
import { leadsAnIndex } from '../../server/db/leading-index.ts';
import { customers } from '../../server/db/schema/customers.ts';
import { purchaseOrders } from '../../server/db/schema/purchase.ts';
import { salesOrders } from '../../server/db/schema/sales.ts';
import { stockMovements } from '../../server/db/schema/stock.ts';

// A list page looks through its order's head only when an index gives that order
// (page-ids.ts): the schema's own declarations say which do, for the order a list writes
// (text by lower(column), compile-sort.ts; anything else by its value).

describe('an index that gives a list its order', () => {
  it('is the primary key, a unique column, or an index led by a value column', () => {
    expect(leadsAnIndex(salesOrders, salesOrders.id)).toBe(true);
    expect(leadsAnIndex(salesOrders, salesOrders.orderDate)).toBe(true);
    expect(leadsAnIndex(salesOrders, salesOrders.dutyTotal)).toBe(true);
    // Descending, as the ledger's sort indexes are declared.
    expect(leadsAnIndex(stockMovements, stockMovements.movedAt)).toBe(true);
  });

  it('is, for a text column, an index led by lower(column), as its sort is written', () => {
    expect(leadsAnIndex(salesOrders, salesOrders.customerName)).toBe(true);
    expect(leadsAnIndex(stockMovements, stockMovements.productSku)).toBe(true);
    expect(leadsAnIndex(purchaseOrders, purchaseOrders.supplierName)).toBe(true);
    expect(leadsAnIndex(salesOrders, salesOrders.number)).toBe(true);
  });

  it("is not a text column's own unique index, which gives no order to lower(column)", () => {
    expect(leadsAnIndex(customers, customers.code)).toBe(false);
  });

  it('is not a column that only follows another in an index, nor one without any', () => {
    // stock_movements_source_idx is (source_type, source_id).
    expect(leadsAnIndex(stockMovements, stockMovements.sourceId)).toBe(false);
    expect(leadsAnIndex(salesOrders, salesOrders.total)).toBe(false);
    expect(leadsAnIndex(salesOrders, salesOrders.status)).toBe(false);
  });
});
