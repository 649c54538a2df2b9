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
