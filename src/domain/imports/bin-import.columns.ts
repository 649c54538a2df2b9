import type { ImportColumn } from './import-column.ts';
import { REFERS } from './import-refs.ts';

/**
 * Warehouse locations import (docs/domain/imports.md §12 `warehouse_locations`): the bins of each
 * location, keyed by location and bin code. A known bin is updated when its zone or active flag
 * differ and skipped when not; a bin is never moved to another location (that is another bin).
 */
export const BIN_IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'location',
    label: 'Location',
    required: true,
    hint: 'Location code, e.g. WH-MAIN',
    refers: REFERS.location,
  },
  { key: 'bin', label: 'Bin', required: true, hint: 'Bin code, up to 30 characters' },
  { key: 'zone', label: 'Zone', hint: 'Optional' },
  { key: 'active', label: 'Active', hint: '1 or 0; 1 when empty' },
];
