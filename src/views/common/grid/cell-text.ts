import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { formatCurrency } from '../../../domain/formats/currency.format.ts';
import { formatDate, formatDateTime } from '../../../domain/formats/date.format.ts';
import { formatActive, formatYesNo, type FlagLike } from '../../../domain/formats/flag.format.ts';
import { toFiniteNumber, toFixedHalfAway } from '../../../domain/formats/number-value.ts';
import { valueLabel } from '../../../domain/entity/value-label.ts';

// What a cell reads as (spec §9): CAD with two decimals, MM/DD/YYYY dates (with HH:mm:ss for
// moments), Yes/No or Active/Inactive, enum codes as words, and a reference as the label of
// the row it points at (its read-only label column), never its id.

export function cellText(field: EntityField, row: Readonly<Record<string, unknown>>): string {
  const value = field.kind === 'ref' && field.ref ? row[field.ref.labelField] : row[field.name];
  if (value === null || value === undefined) return '';
  switch (field.kind) {
    case 'money':
      return formatCurrency(value as string | number);
    case 'number': {
      const n = toFiniteNumber(value as string | number);
      if (n === null) return '';
      return field.precision === undefined ? String(n) : toFixedHalfAway(n, field.precision);
    }
    case 'date':
      return formatDate(value as string);
    case 'datetime':
      return formatDateTime(value as string);
    case 'boolean':
      return field.name === 'active'
        ? formatActive(value as FlagLike)
        : formatYesNo(value as FlagLike);
    case 'enum':
      return typeof value === 'string' ? valueLabel(field, value) : plain(value);
    case 'multi':
      // The codes, as the column's text filter matches them.
      return Array.isArray(value) ? value.join(', ') : plain(value);
    case 'json':
      return JSON.stringify(value);
    default:
      return plain(value);
  }
}

/** Numbers line up on the right. */
export function isNumeric(field: EntityField): boolean {
  return field.kind === 'money' || field.kind === 'number';
}

function plain(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
