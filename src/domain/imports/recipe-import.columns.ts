import type { ImportColumn } from './import-column.ts';
import { REFERS } from './import-refs.ts';

/**
 * Recipe import (docs/product.md §2 /production/import): one row per ingredient; the rows of one
 * recipe code repeat its header (bulk liquid, nicotine, basis, batch basis) and become one draft,
 * the code's next version, which then goes through approval like any other.
 */
export const RECIPE_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'recipe_code', label: 'Recipe Code', required: true, hint: 'Up to 30 characters' },
  { key: 'name', label: 'Name', hint: 'The recipe’s name (optional)' },
  {
    key: 'bulk_liquid',
    label: 'Bulk Liquid',
    required: true,
    hint: 'SKU of a bulk liquid',
    refers: REFERS.bulkLiquid,
  },
  {
    key: 'target_nicotine_mg',
    label: 'Target Nicotine Mg',
    required: true,
    hint: 'mg/ml, 0 to 100',
  },
  { key: 'basis', label: 'Basis', hint: 'v_v (default) or w_w' },
  { key: 'batch_basis_ml', label: 'Batch Basis Ml', hint: 'Above 0; 1000 when empty' },
  {
    key: 'ingredient',
    label: 'Ingredient',
    required: true,
    hint: 'SKU of an ingredient',
    refers: REFERS.ingredient,
  },
  { key: 'percentage', label: 'Percentage', hint: '% of the batch; empty for the fill' },
  { key: 'is_fill', label: 'Is Fill', hint: '1 for the carrier that takes the rest, else 0' },
];
