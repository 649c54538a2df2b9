import { z } from 'zod';

// "Create PO from low stock": the low-stock report's products (available at or
// under the reorder point), each with its preferred supplier's terms, the quantity still to
// order after what open purchase orders bring, rounded up to the supplier's MOQ, and the day
// it would arrive after the supplier's lead time. Products no supplier sells are listed with
// no supplier: someone adds the supplier product first.

export const LOW_STOCK_SUGGESTIONS_API = '/api/purchase/low_stock_suggestions';
export const PURCHASE_FROM_LOW_STOCK_API = '/api/purchase/purchase_orders/from_low_stock';

/** Product types the plant makes rather than buys: suggested only when a supplier sells one. */
export const MADE_PRODUCT_TYPES = ['bulk_liquid', 'finished_good', 'kit', 'rd_sample'] as const;

export const lowStockSuggestionSchema = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  product_name: z.string(),
  available: z.number(),
  reorder_point: z.number(),
  open_po_qty: z.number(),
  /** reorder point + reorder qty − available − open PO, never below 0. */
  suggested: z.number(),
  supplier_id: z.number().int().nullable(),
  supplier_name: z.string().nullable(),
  supplier_sku: z.string().nullable(),
  unit_price: z.number().nullable(),
  moq: z.number().nullable(),
  lead_time_days: z.number().int().nullable(),
  /** `suggested` rounded up to the MOQ: what the order line asks for. */
  order_qty: z.number(),
  expected_date: z.string().nullable(),
});
export type LowStockSuggestion = z.infer<typeof lowStockSuggestionSchema>;

export type SupplierSuggestions = {
  supplier_id: number;
  supplier_name: string;
  lines: LowStockSuggestion[];
};

/** The suggestions a supplier can fill, one group per supplier, by name. */
export function bySupplier(rows: readonly LowStockSuggestion[]): SupplierSuggestions[] {
  const groups = new Map<number, SupplierSuggestions>();
  for (const row of rows) {
    if (row.supplier_id === null || row.order_qty <= 0) continue;
    const group = groups.get(row.supplier_id) ?? {
      supplier_id: row.supplier_id,
      supplier_name: row.supplier_name ?? '',
      lines: [],
    };
    group.lines.push(row);
    groups.set(row.supplier_id, group);
  }
  return [...groups.values()].sort((a, b) => a.supplier_name.localeCompare(b.supplier_name));
}
