import type { ForecastAllocationRow } from '../shared/entities/forecast-allocations.entity.ts';

// The allocation plan's pivot (docs/domain/forecast.md §11): one row per product, one column per
// distribution centre holding the product's forecast units there, and the product's total.

export type PivotRow = {
  product_id: number;
  product_sku: string;
  product_name: string;
  family_name: string;
  total: number;
} & Record<`dc_${number}`, number>;

export type Pivot = {
  centres: { key: `dc_${number}`; name: string }[];
  rows: PivotRow[];
};

export function pivotAllocations(allocations: readonly ForecastAllocationRow[]): Pivot {
  const centres = new Map<number, string>();
  const rows = new Map<number, PivotRow>();
  for (const a of allocations) {
    const centre = a.location_id ?? 0;
    centres.set(centre, a.location_name || 'No centre');
    const productId = a.product_id ?? 0;
    const row: PivotRow = rows.get(productId) ?? {
      product_id: productId,
      product_sku: a.product_sku ?? '',
      product_name: a.product_name ?? '',
      family_name: a.family_name ?? '',
      total: 0,
    };
    const units = a.forecast_units ?? 0;
    row[`dc_${centre}`] = (row[`dc_${centre}`] ?? 0) + units;
    row.total += units;
    rows.set(productId, row);
  }
  return {
    centres: [...centres.entries()]
      .sort((x, y) => x[1].localeCompare(y[1]))
      .map(([id, name]) => ({ key: `dc_${id}` as const, name })),
    rows: [...rows.values()].sort((x, y) => x.product_sku.localeCompare(y.product_sku)),
  };
}
