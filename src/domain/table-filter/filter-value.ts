import type { ValidationCode } from '../validation-codes.ts';
import type { EnumValue, FilterableField } from './filterable-field.ts';

// Turns a value as it arrives into the value a field compares with. Query strings carry only
// text (bracket form, booleans as 1/0, docs/product.md §7) while JSON may carry numbers and
// booleans, so both are accepted. A value that does not fit is a validation code, never an
// exception.

export type FilterValue = string | number | boolean;

export type CoercedValue = { ok: true; value: FilterValue } | { ok: false; code: ValidationCode };

/** Longest text a filter value may be; longer is refused with `max`. */
export const MAX_TEXT_VALUE = 200;

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d{1,3})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

export function coerceFilterValue(field: FilterableField, raw: unknown): CoercedValue {
  if (raw === undefined || raw === null || raw === '') return fail('required');
  switch (field.type) {
    case 'text':
      return text(raw);
    case 'number':
      return number(raw);
    case 'date':
      return typeof raw === 'string' && isDate(raw.trim()) ? ok(raw.trim()) : fail('in');
    case 'datetime':
      return typeof raw === 'string' && isDateTime(raw.trim()) ? ok(raw.trim()) : fail('in');
    case 'boolean':
      return boolean(raw);
    case 'enum':
      return member(field.enumValues ?? [], raw);
  }
}

function ok(value: FilterValue): CoercedValue {
  return { ok: true, value };
}

function fail(code: ValidationCode): CoercedValue {
  return { ok: false, code };
}

function text(raw: unknown): CoercedValue {
  if (typeof raw === 'number' && Number.isFinite(raw)) return ok(String(raw));
  // PostgreSQL text cannot hold NUL: such a value would match nothing and fail the query.
  if (typeof raw !== 'string' || raw.includes('\u0000')) return fail('in');
  return raw.length > MAX_TEXT_VALUE ? fail('max') : ok(raw);
}

function number(raw: unknown): CoercedValue {
  if (typeof raw === 'number') return Number.isFinite(raw) ? ok(raw) : fail('numeric');
  if (typeof raw !== 'string') return fail('numeric');
  const trimmed = raw.trim();
  if (trimmed.length > 40 || !NUMBER.test(trimmed)) return fail('numeric');
  const value = Number(trimmed);
  return Number.isFinite(value) ? ok(value) : fail('numeric');
}

function boolean(raw: unknown): CoercedValue {
  if (raw === true || raw === 1 || raw === '1' || raw === 'true') return ok(true);
  if (raw === false || raw === 0 || raw === '0' || raw === 'false') return ok(false);
  return fail('in');
}

// The declared value is returned, so a type code declared as 1 comes back a number even when
// the query string sent '1'.
function member(values: readonly EnumValue[], raw: unknown): CoercedValue {
  if (typeof raw !== 'string' && typeof raw !== 'number') return fail('in');
  const found = values.find((v) => String(v) === String(raw));
  return found === undefined ? fail('in') : ok(found);
}

function isDate(textValue: string): boolean {
  const m = DATE.exec(textValue);
  return m !== null && realDay(m[1], m[2], m[3]);
}

function isDateTime(textValue: string): boolean {
  const m = DATETIME.exec(textValue);
  if (!m || !realDay(m[1], m[2], m[3])) return false;
  const [hours, minutes, seconds] = [m[4], m[5], m[6]].map((part) => Number(part ?? 0));
  if ((hours ?? 0) > 23 || (minutes ?? 0) > 59 || (seconds ?? 0) > 59) return false;
  return zoneInRange(m[7]);
}

function realDay(year?: string, month?: string, day?: string): boolean {
  const [y, mo, d] = [Number(year), Number(month), Number(day)];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const date = new Date(Date.UTC(2000, mo - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

// PostgreSQL refuses offsets beyond ±15:59; real ones stop at +14:00.
function zoneInRange(zone?: string): boolean {
  if (!zone || zone === 'Z') return true;
  const digits = zone.slice(1).replace(':', '');
  return Number(digits.slice(0, 2)) <= 14 && Number(digits.slice(2) || 0) <= 59;
}
