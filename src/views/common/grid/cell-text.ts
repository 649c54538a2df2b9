import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { formatCurrency, formatUnitPrice } from '../../../domain/formats/currency.format.ts';
import { formatDate, formatDateTime } from '../../../domain/formats/date.format.ts';
import { formatActive, formatYesNo, type FlagLike } from '../../../domain/formats/flag.format.ts';
import { formatAmount, formatNumber } from '../../../domain/formats/number.format.ts';
import { formatMeasured } from '../../../domain/formats/quantity.format.ts';
import { valueLabel } from '../../../domain/entity/value-label.ts';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import { textOf } from '../entity-form/form-values.ts';

// What a cell reads as (docs/product.md §9), one formatter per field kind from domain/formats: CAD
// with two decimals (unit prices up to their sub-cents), numbers with thousands separators and
// their declared decimals, quantities in the row's unit of measure with its decimals,
// MM/DD/YYYY dates (with HH:mm:ss for moments), Yes/No or Active/Inactive, enum codes as
// words, and a reference as the label of the row it points at (its read-only label column),
// never its id. Grids, read-only records, line tables and timelines all read values here.

/** A column of a record page as a person reads it: through its field when declared, else as text. */
export function columnText(
  entity: Pick<EntityDeclaration, 'fields'>,
  name: string,
  row: Readonly<Record<string, unknown>>,
): string {
  const field = entity.fields.find((f) => f.name === name);
  if (field) return cellText(field, row);
  const value = row[name];
  return value === null || value === undefined ? '' : textOf(value);
}

export function cellText(field: EntityField, row: Readonly<Record<string, unknown>>): string {
  const value = field.kind === 'ref' && field.ref ? row[field.ref.labelField] : row[field.name];
  if (value === null || value === undefined) return '';
  switch (field.kind) {
    case 'money':
      return formatCurrency(value as string | number);
    case 'number':
      return numberText(field, row, value as string | number);
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

function numberText(
  field: EntityField,
  row: Readonly<Record<string, unknown>>,
  value: string | number,
): string {
  if (field.price) return formatUnitPrice(value, field.precision);
  if (field.identifier) return String(value);
  const unit = field.unitField ? row[field.unitField] : undefined;
  if (typeof unit === 'string' && unit !== '') return formatMeasured(value, unit);
  // Without declared decimals the value keeps the ones it has (up to a rate's 6).
  return field.precision === undefined
    ? formatAmount(value, 6)
    : formatNumber(value, field.precision);
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
