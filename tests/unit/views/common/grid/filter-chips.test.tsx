import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntityField } from '../../../../../src/domain/entity/entity-field.ts';
import type { ColumnFilterInput } from '../../../../../src/domain/table-filter/table-query.types.ts';
import { chipText, FilterChips } from '../../../../../src/views/common/grid/filter-chips.tsx';
import { renderWithMantine } from '../render-with-mantine.tsx';

// The active filters above a grid: readable chips, each removed by a click or, focused, by
// Backspace or Delete, and Clear all.

afterEach(cleanup);

const FIELDS: EntityField[] = [
  { name: 'number', label: 'Number', kind: 'text' },
  { name: 'qty', label: 'Quantity', kind: 'number' },
  { name: 'min_qty', label: 'Minimum', kind: 'number' },
  {
    name: 'status',
    label: 'Status',
    kind: 'enum',
    enumValues: ['draft', 'in_progress'],
    valueLabels: { in_progress: 'In progress' },
  },
  { name: 'active', label: 'Active', kind: 'boolean' },
  { name: 'due_date', label: 'Due', kind: 'date' },
  {
    name: 'country_id',
    label: 'Country',
    kind: 'ref',
    ref: { entity: 'countries', labelField: 'country_name' },
  },
];

const NUMBER: ColumnFilterInput = {
  field: 'number',
  field_type: 'text',
  filters: [{ operator: 'contains', value: 'MO-001' }],
};
const STATUS: ColumnFilterInput = {
  field: 'status',
  field_type: 'enum',
  filters: [{ operator: 'in', value: ['draft', 'in_progress'] }],
};
const QTY: ColumnFilterInput = {
  field: 'qty',
  field_type: 'number',
  filters: [
    { operator: 'greater_or_equal', value: 10 },
    { operator: 'less', value: 'min_qty', value_type: 'column', logic_operator: 'or' },
  ],
};

describe('filter chips', () => {
  it('say a day as the grid shows it, not as the wire’s ISO text', () => {
    const due: ColumnFilterInput = {
      field: 'due_date',
      field_type: 'date',
      filters: [{ operator: 'greater_or_equal', value: '2026-11-27' }],
    };
    expect(chipText(due, FIELDS)).toBe('Due ≥ “11/27/2026”');
  });

  it('say each filter in words', () => {
    expect(chipText(NUMBER, FIELDS)).toBe('Number contains “MO-001”');
    expect(chipText(STATUS, FIELDS)).toBe('Status is draft, In progress');
    expect(chipText(QTY, FIELDS)).toBe('Quantity ≥ “10” or < Minimum');
    expect(
      chipText(
        { field: 'active', field_type: 'boolean', filters: [{ operator: 'equals', value: '0' }] },
        FIELDS,
      ),
    ).toBe('Active = “No”');
    expect(
      chipText(
        { field: 'country_id', field_type: 'number', filters: [{ operator: 'in', value: [3, 4] }] },
        FIELDS,
      ),
    ).toBe('Country is 2 chosen');
    // Typed into the reference's column: its label text, under the column's name.
    expect(
      chipText(
        {
          field: 'country_name',
          field_type: 'text',
          filters: [{ operator: 'contains', value: 'can' }],
        },
        FIELDS,
      ),
    ).toBe('Country contains “can”');
  });

  function Harness({ onChange }: { onChange: (fields: string[]) => void }) {
    const [filters, setFilters] = useState(
      new Map([NUMBER, STATUS, QTY].map((f) => [f.field, f] as const)),
    );
    const update = (next: Map<string, ColumnFilterInput>) => {
      setFilters(next);
      onChange([...next.keys()]);
    };
    return (
      <FilterChips
        fields={FIELDS}
        filters={filters}
        onRemove={(field) => {
          const next = new Map(filters);
          next.delete(field);
          update(next);
        }}
        onClear={() => update(new Map())}
      />
    );
  }

  it('removes a chip with a click on its ×, and a focused one with Delete or Backspace', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(fields: string[]) => void>();
    renderWithMantine(<Harness onChange={onChange} />);
    await user.click(
      screen.getByRole('button', { name: 'Remove filter Status is draft, In progress' }),
    );
    expect(onChange).toHaveBeenLastCalledWith(['number', 'qty']);

    screen.getByLabelText(/^Filter: Number contains/).focus();
    await user.keyboard('{Delete}');
    expect(onChange).toHaveBeenLastCalledWith(['qty']);

    screen.getByLabelText(/^Filter: Quantity/).focus();
    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();
  });

  it('clears them all', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(fields: string[]) => void>();
    renderWithMantine(<Harness onChange={onChange} />);
    expect(screen.getAllByLabelText(/^Filter: /)).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
