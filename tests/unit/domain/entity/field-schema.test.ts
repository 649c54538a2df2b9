import { describe, expect, it } from 'vitest';
import type { EntityField } from '../../../../src/domain/entity/entity-field.ts';
import { fieldSchema } from '../../../../src/domain/entity/field-schema.ts';

// The codes a declared field's schema reports are the docs/product.md §5 codes the form shows under
// the field, so each kind must name the right one.

function firstMessage(field: EntityField, value: unknown): string | undefined {
  const result = fieldSchema(field).safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const qty: EntityField = {
  name: 'qty',
  label: 'Qty',
  kind: 'number',
  precision: 3,
  required: true,
};
const country: EntityField = {
  name: 'country_id',
  label: 'Country',
  kind: 'ref',
  required: true,
  ref: { entity: 'countries', labelField: 'country_name' },
};
const note: EntityField = { name: 'note', label: 'Note', kind: 'text' };

describe('declared field schemas', () => {
  it('says required for a missing, null or blank required value of any kind', () => {
    for (const value of [undefined, null, '', '   ']) {
      expect(firstMessage(qty, value)).toBe('required');
      expect(firstMessage(country, value)).toBe('required');
    }
  });

  it('says numeric for text in a number field, and reads numbers sent as text', () => {
    expect(firstMessage(qty, 'twelve')).toBe('numeric');
    expect(fieldSchema(qty).parse('12.5')).toBe(12.5);
    expect(firstMessage(qty, '1.23456')).toBe('Keep at most 3 decimals');
  });

  it('refuses a number its column cannot hold when the declaration gives no bound', () => {
    const sort: EntityField = { name: 'sort', label: 'Sort', kind: 'number', precision: 0 };
    expect(fieldSchema(sort).parse(2_147_483_647)).toBe(2_147_483_647);
    expect(firstMessage(sort, 2 ** 52)).toBe('Must be 2147483647 or less');
    expect(firstMessage(sort, -(2 ** 31))).toBe('Must be -2147483647 or more');
    // numeric(14,3): eleven digits before the point.
    expect(fieldSchema(qty).parse(99_999_999_999.999)).toBe(99_999_999_999.999);
    expect(firstMessage(qty, 1e11)).toMatch(/or less$/);
    expect(firstMessage(country, 2 ** 40)).toBe('exists');
  });

  it('takes only real calendar days', () => {
    const day: EntityField = { name: 'day', label: 'Day', kind: 'date' };
    const at: EntityField = { name: 'at', label: 'At', kind: 'datetime' };
    expect(fieldSchema(day).parse('2024-02-29')).toBe('2024-02-29');
    expect(firstMessage(day, '2023-02-29')).toBe('This is not a valid date');
    expect(firstMessage(day, '0000-01-01')).toBe('This is not a valid date');
    expect(firstMessage(day, '24-01-01')).toBe('in');
    expect(fieldSchema(at).parse('2026-11-21T08:00:00Z')).toBe('2026-11-21T08:00:00Z');
    expect(firstMessage(at, '2026-04-31 08:00')).toBe('This is not a valid date');
  });

  it('refuses text the database cannot store', () => {
    expect(firstMessage(note, 'a\u0000b')).toBe('Contains a character that cannot be stored');
  });

  it('says exists for an id that cannot exist', () => {
    expect(firstMessage(country, 'abc')).toBe('exists');
    expect(firstMessage(country, 0)).toBe('exists');
    expect(fieldSchema(country).parse('7')).toBe(7);
  });

  it('turns blank optional text into null so clearing a field is not ignored', () => {
    expect(fieldSchema(note).parse('  ')).toBeNull();
    expect(fieldSchema(note).parse(' kept ')).toBe('kept');
  });

  it('takes a list of distinct declared values, at least one when required', () => {
    const roles: EntityField = {
      name: 'roles',
      label: 'Roles',
      kind: 'multi',
      required: true,
      enumValues: ['admin', 'batcher'],
    };
    expect(fieldSchema(roles).parse(['batcher', 'admin'])).toEqual(['batcher', 'admin']);
    expect(firstMessage(roles, [])).toBe('required');
    expect(firstMessage(roles, null)).toBe('required');
    expect(firstMessage(roles, ['stamper'])).toBe('in');
    expect(firstMessage(roles, ['admin', 'admin'])).toBe('in');
    expect(firstMessage(roles, 'admin')).toBe('in');
    expect(fieldSchema({ ...roles, required: false }).parse(null)).toEqual([]);
  });
});
