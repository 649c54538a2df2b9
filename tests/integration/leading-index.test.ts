import { describe, expect, it } from 'vitest';
import { leadsAnIndex } from '../../server/db/leading-index.ts';
import { salesOrders } from '../../server/db/schema/sales.ts';
import { stockMovements } from '../../server/db/schema/stock.ts';

// A list page looks through its order's head only when an index gives that order
// (page-ids.ts): the schema's own declarations say which columns lead one.

describe('a column that leads an index', () => {
  it('is the primary key, a unique column, or the first term of an index', () => {
    expect(leadsAnIndex(salesOrders, salesOrders.id)).toBe(true);
    expect(leadsAnIndex(salesOrders, salesOrders.number)).toBe(true);
    expect(leadsAnIndex(salesOrders, salesOrders.orderDate)).toBe(true);
    // Descending, as the ledger's sort indexes are declared.
    expect(leadsAnIndex(stockMovements, stockMovements.movedAt)).toBe(true);
  });

  it("counts an expression over the column, as a text sort's lower(column)", () => {
    expect(leadsAnIndex(salesOrders, salesOrders.customerName)).toBe(true);
    expect(leadsAnIndex(stockMovements, stockMovements.productSku)).toBe(true);
  });

  it('is not a column that only follows another in an index, nor one without any', () => {
    // stock_movements_source_idx is (source_type, source_id).
    expect(leadsAnIndex(stockMovements, stockMovements.sourceId)).toBe(false);
    expect(leadsAnIndex(salesOrders, salesOrders.total)).toBe(false);
    expect(leadsAnIndex(salesOrders, salesOrders.status)).toBe(false);
  });
});
