import { z } from 'zod';
import type { EntityField } from './entity-field.ts';

// The zod schema of one declared field as a form or an import sends it. Empty text of an
// optional field is null, so "cleared" and "not given" stay different things. Failures carry
// the docs/product.md §5 codes (required, numeric, integer, max, in) once mapped by the server.

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Years a plant's records can hold; anything else is a typing slip (and year 0 does not exist). */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;

/** Whether `text` starts with a real calendar day (no 31 April) within the years above. */
function isRealDay(text: string): boolean {
  const [year = 0, month = 0, day = 0] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= FIRST_YEAR &&
    year <= LAST_YEAR &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

const dayText = (pattern: RegExp) =>
  z
    .string()
    .trim()
    .regex(pattern, { message: 'in' })
    .refine(isRealDay, { message: 'This is not a valid date' });

/** 1/0 as the API sends booleans (docs/product.md §7); true/false from JSON bodies too. */
export const flag01Schema = z
  .union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0'), z.boolean()])
  .transform((v) => v === true || v === 1 || v === '1');

/** A number from JSON, or from the text of a form or an import; anything else is `numeric`. */
function readNumber(v: unknown, ctx: z.RefinementCtx): number {
  const n =
    typeof v === 'number'
      ? v
      : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())
        ? Number(v)
        : NaN;
  if (!Number.isFinite(n)) ctx.addIssue({ code: 'custom', message: 'numeric' });
  return n;
}

// What the columns behind undeclared bounds can hold: integers are int4, decimals are the
// project's numeric(14, scale). A narrower column declares its own `max`.
const INT4_MAX = 2_147_483_647;
const DECIMAL_DIGITS = 14;

function defaultLimit(decimals: number): number {
  return decimals === 0 ? INT4_MAX : 10 ** (DECIMAL_DIGITS - decimals) - 10 ** -decimals;
}

/** Numbers arrive as JSON numbers or as strings from forms and imports. */
function numberSchema(field: EntityField) {
  const decimals = field.kind === 'money' ? 2 : (field.precision ?? 4);
  const limit = defaultLimit(decimals);
  const min = field.min ?? (field.kind === 'money' ? 0 : -limit);
  const max = field.max ?? limit;
  return z
    .unknown()
    .transform(readNumber)
    .pipe(
      z
        .number()
        .refine((n) => decimals > 0 || Number.isInteger(n), { message: 'integer' })
        .refine((n) => Math.abs(n * 10 ** decimals - Math.round(n * 10 ** decimals)) < 1e-6, {
          message: `Keep at most ${decimals} decimals`,
        })
        .refine((n) => n >= min, { message: `Must be ${min} or more` })
        .refine((n) => n <= max, { message: `Must be ${max} or less` }),
    );
}

/** Distinct values of the field's list; required means at least one. */
function multiSchema(field: EntityField) {
  const values = (field.enumValues ?? []).map(String);
  return z
    .array(z.enum(values, { message: 'in' }), { message: 'in' })
    .min(field.required ? 1 : 0, { message: 'required' })
    .max(values.length, { message: 'size' })
    .refine((list) => new Set(list).size === list.length, { message: 'in' });
}

/** PostgreSQL text cannot hold a NUL character; say so instead of failing the write. */
const NO_NUL = { message: 'Contains a character that cannot be stored' };
const storableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !v.includes('\u0000'), NO_NUL);

function baseSchema(field: EntityField): z.ZodType {
  switch (field.kind) {
    case 'text':
      return storableText(field.maxLength ?? 255);
    case 'textarea':
      return storableText(field.maxLength ?? 4000);
    case 'number':
    case 'money':
      return numberSchema(field);
    case 'date':
      return dayText(DATE);
    case 'datetime':
      return dayText(DATETIME);
    case 'boolean':
      return flag01Schema;
    case 'enum':
      return z.union(
        (field.enumValues ?? []).map((v) => z.literal(v)) as [z.ZodLiteral, ...z.ZodLiteral[]],
        {
          message: 'in',
        },
      );
    case 'multi':
      return multiSchema(field);
    case 'ref':
      // An id that cannot exist (text, zero, a fraction) is `exists`, like one that does not.
      return z
        .unknown()
        .transform((v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v))
        .pipe(
          z
            .number({ message: 'exists' })
            .int({ message: 'exists' })
            .positive({ message: 'exists' })
            .max(INT4_MAX, { message: 'exists' }),
        );
    case 'json':
      return z.unknown();
  }
}

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** A required field must have a value; an optional one may be null (or empty text). */
export function fieldSchema(field: EntityField): z.ZodType {
  const base = baseSchema(field);
  const fallback = field.defaultValue;
  if (fallback !== undefined) return z.preprocess((v) => (isBlank(v) ? fallback : v), base);
  if (field.kind === 'json' || field.kind === 'boolean') return base;
  // Missing or null is the empty list, which a required one refuses.
  if (field.kind === 'multi') return z.preprocess((v) => v ?? [], base);
  if (field.required) {
    // Missing, null and empty text are all "required", whatever the field's type.
    return z
      .unknown()
      .superRefine((v, ctx) => {
        if (isBlank(v)) ctx.addIssue({ code: 'custom', message: 'required' });
      })
      .pipe(base);
  }
  return z.preprocess((v) => (isBlank(v) ? null : v), base.nullable());
}
