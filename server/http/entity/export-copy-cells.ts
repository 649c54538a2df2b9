import type { EntityField } from '../../../src/domain/entity/entity-field.ts';
import type { Decode } from '../../db/array-rows.ts';
import { typeParser } from './export-rows.ts';

// How one exported cell is written by PostgreSQL in a COPY, so the file is byte for byte what
// the JS writer (entity-export.ts: the field's decoder, then cellValue and csvCell) makes of
// the same value. The SQL is chosen from what the field's own decoder yields for a sample of
// the driver value of the column's type (its OID), not from the field's declared kind alone:
// a Date becomes `YYYY-MM-DD HH:MM:SS` in UTC, a number String(n), a string its text with the
// formula guard. A type or decoder not covered here gets null, and the export keeps the JS path.
//
// Each cell reads an output column of the inner select (`ref`), so an expression that is a
// subquery is still evaluated once per row however often the formatting names it.

/** A driver value's text per type OID: what the sample is parsed from, as pg would. */
const SAMPLE_TEXT: Readonly<Record<number, string>> = {
  16: 't',
  19: 'x',
  20: '12',
  21: '12',
  23: '12',
  25: 'x',
  26: '12',
  700: '1.5',
  701: '1.5',
  1042: 'ab',
  1043: 'x',
  1082: '2024-01-02',
  1114: '2024-01-02 03:04:05.678',
  1184: '2024-01-02 03:04:05.678+00',
  1700: '1.50',
  2950: '0b7c6a0e-2f35-4c1e-9a43-2f1d0c9e8b11',
  1009: '{a,b}',
  1015: '{a,b}',
};

const NUMBER_TYPES = new Set([20, 21, 23, 26, 700, 701, 1700]);
const SAMPLE_DAY_UTC = '2024-01-02T00:00:00.000Z';
const SAMPLE_TIME_UTC = '2024-01-02T03:04:05.678Z';

/**
 * String(n) for a float8: PostgreSQL already writes the shortest text that reads back as the
 * same double (extra_float_digits ≥ 1, the default), as JavaScript does, but switches to an
 * exponent at other magnitudes (1e+15, 1e-05) and pads the exponent to two digits. JavaScript
 * writes plain digits from 1e-6 up to 1e21 (exclusive), `-0` as `0`, and `1e-7`.
 */
function numberText(ref: string): string {
  const x = `${ref}::float8`;
  return `case when abs(${x}) >= 1e-6::float8 and abs(${x}) < 1e21::float8 then ${x}::text::numeric::text
    when ${x} = 0 then '0'
    else regexp_replace(${x}::text, 'e([+-])0*([0-9])', 'e\\1\\2') end`;
}

/** csvCell's guard (a leading quote before = + - @ tab CR), and '' as null like null. */
function guardedText(text: string): string {
  return `nullif(case when ascii(${text}) in (9, 13, 43, 45, 61, 64) then '''' || ${text} else ${text} end, '')`;
}

function dateText(ref: string, oid: number): string | null {
  const format = `'YYYY-MM-DD HH24:MI:SS'`;
  if (oid === 1184) return `to_char(${ref} at time zone 'UTC', ${format})`;
  if (oid === 1114) return `to_char(${ref}, ${format})`;
  if (oid === 1082) return `to_char(${ref}, 'YYYY-MM-DD') || ' 00:00:00'`;
  return null;
}

function sameStrings(value: unknown[], sample: unknown): boolean {
  return (
    Array.isArray(sample) &&
    value.length === sample.length &&
    value.every((v, i) => typeof v === 'string' && v === sample[i])
  );
}

const INTEGER_TYPES = new Set([20, 21, 23]);

/**
 * cellValue writes a boolean field by the value's truthiness: a bool, a count (0 is No) or
 * the text an int8 arrives as (any text but '' is Yes).
 */
function truthySql(oid: number, value: unknown, text: string, ref: string): string | null {
  if (oid === 16 && value === true) return ref;
  if (INTEGER_TYPES.has(oid) && value === Number(text)) return `${ref} <> 0`;
  if (typeof value === 'string' && value === text) return `${ref}::text <> ''`;
  return null;
}

/** The SQL that writes `ref` (an output column of type `oid`) as the JS export would, or null. */
export function copyCellSql(
  field: EntityField,
  oid: number,
  decode: Decode,
  ref: string,
): string | null {
  const text = SAMPLE_TEXT[oid];
  if (text === undefined) return null;
  const driverValue = typeParser(oid)(text);
  let value: unknown;
  try {
    value = decode(driverValue);
  } catch {
    // A decoder that cannot read the sample is one we cannot reason about.
    return null;
  }
  if (field.kind === 'boolean') {
    const truthy = truthySql(oid, value, text, ref);
    if (truthy === null) return null;
    const [yes, no] = field.name === 'active' ? ['Active', 'Inactive'] : ['Yes', 'No'];
    return `case when ${truthy} then '${yes}' when not ${truthy} then '${no}' end`;
  }
  if (value instanceof Date) {
    const expected = oid === 1082 ? SAMPLE_DAY_UTC : SAMPLE_TIME_UTC;
    return value.toISOString() === expected ? dateText(ref, oid) : null;
  }
  if (typeof value === 'number')
    return NUMBER_TYPES.has(oid) && value === Number(text) ? numberText(ref) : null;
  // JSON.stringify(true) is the bool's own text.
  if (typeof value === 'boolean') return oid === 16 && value ? `${ref}::text` : null;
  // Only a decoder that hands the driver's text on unchanged: the column's text is then what
  // the row would have held. concat() writes a char(n) padded, as its output does; a cast to
  // text would trim it.
  if (typeof value === 'string')
    return value === text ? guardedText(oid === 1042 ? `concat(${ref})` : `${ref}::text`) : null;
  if (field.kind === 'multi' && Array.isArray(value) && sameStrings(value, driverValue))
    // Array.join writes a null element as nothing between its separators.
    return guardedText(`array_to_string(${ref}, ', ', '')`);
  return null;
}
