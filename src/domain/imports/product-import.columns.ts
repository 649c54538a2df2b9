import type { ImportColumn } from './import-column.ts';
import { REFERS } from './import-refs.ts';

/**
 * Product import (docs/domain/imports.md §12 "product imports → one change set"): one row per
 * product, keyed by its SKU. A new SKU proposes a new product (name, type and unit then required);
 * a known SKU proposes a change of the cells it fills (an empty cell keeps the product's value),
 * and is skipped when nothing differs. Nothing is written to a product by the import itself:
 * every row becomes a submitted change request of one change set, which a product approver
 * approves like any other.
 */
export const PRODUCT_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'sku', label: 'SKU', required: true, hint: 'Up to 40 characters; the external key' },
  { key: 'name', label: 'Name', hint: 'Required for a new SKU' },
  { key: 'type', label: 'Type', hint: 'Required for a new SKU, e.g. finished_good' },
  {
    key: 'unit',
    label: 'Unit',
    hint: 'Unit code, e.g. EA or ML; required for a new SKU',
    refers: REFERS.unit,
  },
  { key: 'category', label: 'Category', hint: 'Category code (optional)', refers: REFERS.category },
  { key: 'brand', label: 'Brand', hint: 'Brand code (optional)', refers: REFERS.brand },
  { key: 'nicotine_mg', label: 'Nicotine Mg', hint: 'mg/ml, 0 to 100' },
  { key: 'nicotine_type', label: 'Nicotine Type', hint: 'freebase, salt or none' },
  { key: 'volume_ml', label: 'Volume Ml', hint: 'Required for an active finished good' },
  { key: 'upc', label: 'UPC', hint: '8 to 14 digits (optional)' },
  { key: 'standard_cost', label: 'Standard Cost', hint: 'CAD' },
  { key: 'reorder_point', label: 'Reorder Point', hint: 'In the product’s unit' },
  { key: 'status', label: 'Status', hint: 'active, inactive or discontinued; active when new' },
];
