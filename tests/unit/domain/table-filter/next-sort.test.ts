import { describe, expect, it } from 'vitest';
import { nextSort } from '../../../../src/domain/table-filter/next-sort.ts';

describe('nextSort', () => {
  it('cycles a column none, asc, desc, none', () => {
    const asc = nextSort(null, 'qty');
    const desc = nextSort(asc, 'qty');
    expect(asc).toEqual({ field: 'qty', direction: 'asc' });
    expect(desc).toEqual({ field: 'qty', direction: 'desc' });
    expect(nextSort(desc, 'qty')).toBeNull();
  });

  it('starts another column at asc, whatever the current sort', () => {
    expect(nextSort({ field: 'qty', direction: 'desc' }, 'name')).toEqual({
      field: 'name',
      direction: 'asc',
    });
    expect(nextSort({ field: 'qty', direction: 'asc' }, 'name')).toEqual({
      field: 'name',
      direction: 'asc',
    });
  });
});
