import { describe, expect, it } from 'vitest';
import type { EntityField } from '../../../../../src/domain/entity/entity-field.ts';
import { cellText } from '../../../../../src/views/common/grid/cell-text.ts';

describe('cellText of an enum', () => {
  const field: EntityField = {
    name: 'performer_role',
    label: 'Performed by',
    kind: 'enum',
    enumValues: ['hplc_tech', 'bottler'],
    valueLabels: { hplc_tech: 'HPLC Tech' },
  };

  it('reads a declared value label, and words the other codes', () => {
    expect(cellText(field, { id: 1, performer_role: 'hplc_tech' })).toBe('HPLC Tech');
    expect(cellText(field, { id: 2, performer_role: 'bottler' })).toBe('Bottler');
  });
});

describe('cellText of numbers', () => {
  const qty: EntityField = {
    name: 'qty_on_hand',
    label: 'On hand',
    kind: 'number',
    precision: 3,
    unitField: 'measure_code',
  };

  it('counts a quantity in the unit its row names, with that unit’s decimals', () => {
    expect(cellText(qty, { id: 1, qty_on_hand: '45000.000', measure_code: 'ea' })).toBe(
      '45,000 ea',
    );
    expect(cellText(qty, { id: 2, qty_on_hand: 2937.6, measure_code: 'kg' })).toBe('2,937.600 kg');
  });

  it('keeps the declared decimals, grouped, when the row does not name its unit', () => {
    expect(cellText(qty, { id: 3, qty_on_hand: '45000.000' })).toBe('45,000.000');
  });

  it('writes money and unit prices in CAD', () => {
    const cost: EntityField = {
      name: 'cost',
      label: 'Cost',
      kind: 'number',
      precision: 4,
      price: true,
    };
    const total: EntityField = { name: 'total', label: 'Total', kind: 'money' };
    expect(cellText(cost, { id: 4, cost: '12.5000' })).toBe('$12.50');
    expect(cellText(cost, { id: 5, cost: '0.0125' })).toBe('$0.0125');
    expect(cellText(total, { id: 6, total: '1234.5' })).toBe('$1,234.50');
  });
});

describe('cellText of dates', () => {
  it('never shows the wire’s ISO text', () => {
    const day: EntityField = { name: 'due_date', label: 'Due', kind: 'date' };
    expect(cellText(day, { id: 1, due_date: '2026-11-27' })).toBe('11/27/2026');
    const moment: EntityField = { name: 'created_at', label: 'Created', kind: 'datetime' };
    expect(cellText(moment, { id: 2, created_at: '2026-11-22T23:30:47.485Z' })).toMatch(
      /^\d{2}\/\d{2}\/2026 \d{2}:\d{2}:\d{2}$/,
    );
  });
});
