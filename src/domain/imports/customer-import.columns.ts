import type { ImportColumn } from './import-column.ts';
import { REFERS } from './import-refs.ts';

/**
 * Customer import (docs/domain/imports.md §12): one row per customer, keyed by its code. A code
 * already in the database is updated when its row differs and skipped when it does not; addresses
 * are kept as they are (they are edited on the customer's form).
 */
export const CUSTOMER_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'code', label: 'Code', required: true, hint: 'Up to 30 characters; the external key' },
  { key: 'name', label: 'Name', required: true },
  { key: 'type', label: 'Type', required: true, hint: 'retail, wholesale, distributor or online' },
  {
    key: 'currency',
    label: 'Currency',
    hint: 'Currency code; CAD when empty',
    refers: REFERS.currency,
  },
  {
    key: 'price_tier',
    label: 'Price Tier',
    hint: 'Price tier code (optional)',
    refers: REFERS.priceTier,
  },
  { key: 'payment_terms_days', label: 'Payment Terms Days', hint: 'Whole days; 30 when empty' },
  { key: 'credit_limit', label: 'Credit Limit', hint: 'CAD; 0 when empty' },
  { key: 'vape_licence_no', label: 'Vape Licence No', hint: 'Optional' },
  { key: 'active', label: 'Active', hint: '1 or 0; 1 when empty' },
];
