import { describe, expect, it } from 'vitest';
import { PROVINCES } from '../../../../../modules/general/shared/entities/provinces.entity.ts';
import {
  defaultLayout,
  gridFields,
  layoutKey,
  readLayout,
  visibleColumns,
  writeLayout,
} from '../../../../../src/views/common/grid/column-layout.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('the column layout', () => {
  it('is remembered per user and entity', () => {
    const storage = memoryStorage();
    const layout = { ...defaultLayout(PROVINCES), hidden: ['code'], density: 'compact' as const };
    writeLayout(storage, 7, PROVINCES, layout);
    expect([...storage.items.keys()]).toEqual(['plantline.grid.7.provinces']);
    expect(layoutKey(7, PROVINCES)).toBe('plantline.grid.7.provinces');
    expect(readLayout(storage, 7, PROVINCES)).toEqual(layout);
    expect(readLayout(storage, 8, PROVINCES)).toEqual(defaultLayout(PROVINCES));
  });

  it('shows a reference and its label as one column, and hides the standard ones', () => {
    expect(gridFields(PROVINCES).map((f) => f.name)).toEqual([
      'country_id',
      'code',
      'name',
      'id',
      'version',
      'updated_at',
      'updated_by_name',
    ]);
    expect(visibleColumns(defaultLayout(PROVINCES))).toEqual(['country_id', 'code', 'name']);
  });

  it('falls back to the defaults for unreadable or stale state, keeping new columns', () => {
    const storage = memoryStorage();
    storage.setItem('plantline.grid.1.provinces', '{not json');
    expect(readLayout(storage, 1, PROVINCES)).toEqual(defaultLayout(PROVINCES));
    storage.setItem(
      'plantline.grid.1.provinces',
      JSON.stringify({ order: ['name', 'gone'], hidden: [], widths: { name: 300, code: 'x' } }),
    );
    const layout = readLayout(storage, 1, PROVINCES);
    expect(layout.order[0]).toBe('name');
    expect(layout.order).not.toContain('gone');
    expect(layout.order).toHaveLength(gridFields(PROVINCES).length);
    expect(layout.widths).toEqual({ name: 300 });
  });
});
