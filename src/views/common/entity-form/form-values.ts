import dayjs from 'dayjs';
import type { FormErrors } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { requiredWhenHolds, type EntityField } from '../../../domain/entity/entity-field.ts';
import {
  lineErrorPath,
  writableLineFields,
  type LineItems,
} from '../../../domain/entity/line-fields.ts';
import { formatIsoDate, formatIsoDateTime } from '../../../domain/formats/date.format.ts';
import { composeRules, required, type Rule } from '../form/form-rules.ts';

// Between an API row and what the inputs hold: text inputs want '', number inputs '' or a
// number, switches a boolean, pickers a number or null, multi-selects an array, a JSON value
// its text. The payload goes back the API's way: empty → null, booleans as 1/0
// (docs/product.md §7), dates as yyyy-MM-dd and yyyy-MM-dd HH:mm:ss (§5), JSON text parsed.

export type FormValues = Record<string, unknown>;

/** A scalar as text; anything else as JSON (never '[object Object]'). */
export function textOf(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'bigint') {
    return String(raw);
  }
  return JSON.stringify(raw) ?? '';
}

/** What an input holds when the record has no value. */
export function emptyValue(field: EntityField): unknown {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'number':
    case 'money':
    case 'json':
      return '';
    case 'boolean':
      return false;
    case 'multi':
      return [];
    default:
      return null;
  }
}

/** The input value of one field of `row` (or the empty value when there is no row). */
export function inputValue(field: EntityField, raw: unknown): unknown {
  if (raw === null || raw === undefined) return emptyValue(field);
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return textOf(raw);
    case 'number':
    case 'money': {
      const n = typeof raw === 'number' ? raw : Number(raw);
      return Number.isFinite(n) ? n : '';
    }
    case 'boolean':
      return raw === true || raw === 1 || raw === '1';
    case 'ref': {
      const n = Number(raw);
      return Number.isFinite(n) && n > 0 ? n : null;
    }
    case 'enum':
      return textOf(raw);
    case 'date':
      return formatIsoDate(raw as string) || null;
    case 'datetime':
      return formatIsoDateTime(raw as string) || null;
    case 'multi':
      return Array.isArray(raw) ? raw.map(String) : [];
    case 'json':
      return JSON.stringify(raw, null, 2);
    default:
      return raw;
  }
}

/** Whether `text` is a JSON value. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** What a new record's field starts at: its declared default, or today for a receipt's date. */
function newValue(field: EntityField): unknown {
  return field.defaultToday ? dayjs().format('YYYY-MM-DD') : field.defaultValue;
}

/** The form's values for `fields` from an API row; no row gives the declared defaults. */
export function formValuesOf(
  fields: readonly EntityField[],
  row?: Readonly<Record<string, unknown>> | null,
): FormValues {
  return Object.fromEntries(
    fields.map((f) => [f.name, inputValue(f, row ? row[f.name] : newValue(f))]),
  );
}

/** One field's value as the API takes it. */
export function payloadValue(field: EntityField, value: unknown): unknown {
  if (value === '' || value === undefined) return null;
  if (field.kind === 'boolean') return value === true ? 1 : 0;
  // Select values are text; a numeric enum goes back as its number.
  if (field.kind === 'enum') return field.enumValues?.find((v) => String(v) === value) ?? value;
  if (typeof value === 'string' && (field.kind === 'text' || field.kind === 'textarea')) {
    return value.trim() === '' ? null : value;
  }
  // The form's rules let only valid JSON text through.
  if (field.kind === 'json' && typeof value === 'string') return JSON.parse(value) as unknown;
  return value;
}

/** The payload of `fields` from the form's values. */
export function payloadOf(fields: readonly EntityField[], values: FormValues): FormValues {
  return Object.fromEntries(fields.map((f) => [f.name, payloadValue(f, values[f.name])]));
}

/** The client rules of a field (docs/product.md §5 rule builder): required, and a text's length. */
export function fieldRule(field: EntityField): Rule {
  const rules: Rule[] = [];
  if (field.required && field.kind !== 'boolean') rules.push(required(field.label));
  if ((field.kind === 'text' || field.kind === 'textarea') && field.maxLength !== undefined) {
    const max = field.maxLength;
    rules.push((value) =>
      typeof value === 'string' && value.trim().length > max
        ? `${field.label} takes at most ${max} characters`
        : null,
    );
  }
  if (field.kind === 'json') {
    rules.push((value) =>
      typeof value === 'string' && value.trim() !== '' && !isJson(value)
        ? `${field.label} must be valid JSON`
        : null,
    );
  }
  return composeRules(...rules);
}

/** Whether two input values are the same value (numbers typed as text compare as numbers). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === '' || a === null) && (b === '' || b === null)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A blank line; `_key` keeps React's row identity when lines above it are removed. */
export function newLine(fields: readonly EntityField[], row?: Readonly<Record<string, unknown>>) {
  const id = typeof row?.id === 'number' ? { id: row.id } : {};
  return { _key: randomId(), ...id, ...formValuesOf(fields, row) };
}

/** The form's values of a document: its fields plus its lines (from `row[lines.name]`). */
export function documentValuesOf(
  fields: readonly EntityField[],
  lines: LineItems | undefined,
  row?: Readonly<Record<string, unknown>> | null,
): FormValues {
  const values = formValuesOf(fields, row);
  if (!lines) return values;
  const rows = row?.[lines.name];
  const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  return { ...values, [lines.name]: list.map((r) => newLine(lines.fields, r)) };
}

/** The payload of a document: its fields, and its lines with their writable fields only. */
export function documentPayloadOf(
  fields: readonly EntityField[],
  lines: LineItems | undefined,
  values: FormValues,
): FormValues {
  const payload = payloadOf(fields, values);
  if (!lines) return payload;
  const rows = (values[lines.name] as FormValues[] | undefined) ?? [];
  const lineFields = writableLineFields(lines);
  const linePayload = (line: FormValues) => {
    const values = payloadOf(lineFields, line);
    return lines.keepIds && typeof line.id === 'number' ? { id: line.id, ...values } : values;
  };
  return { ...payload, [lines.name]: rows.map(linePayload) };
}

/** Every client rule of the form: the fields', then each line cell's at `lines.3.qty`. */
export function validateDocument(
  fields: readonly EntityField[],
  lines: LineItems | undefined,
  values: FormValues,
): FormErrors {
  const errors: FormErrors = {};
  for (const f of fields) {
    const message = fieldRule(f)(values[f.name]);
    if (message) errors[f.name] = message;
    else if (requiredWhenHolds(f.requiredWhen, values)) {
      // A picker that follows another field reads as that field's choice ('Product').
      const chosen = f.refFollows ? values[f.refFollows.field] : undefined;
      const label = (typeof chosen === 'string' && f.refFollows?.labels?.[chosen]) || f.label;
      const missing = required(label)(values[f.name]);
      if (missing) errors[f.name] = missing;
    }
  }
  if (!lines) return errors;
  const rows = (values[lines.name] as FormValues[] | undefined) ?? [];
  rows.forEach((line, index) => {
    for (const f of writableLineFields(lines)) {
      const message = fieldRule(f)(line[f.name]);
      if (message) errors[lineErrorPath(lines, index, f.name)] = message;
    }
  });
  if (rows.length < (lines.minLines ?? 0)) {
    const least = lines.minLines ?? 0;
    errors[lines.name] = `Add at least ${least} ${least === 1 ? 'line' : 'lines'}`;
  }
  return errors;
}
