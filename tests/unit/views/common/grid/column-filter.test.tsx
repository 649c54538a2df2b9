import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  filterableFields,
  listFields,
  type EntityDeclaration,
} from '../../../../../src/domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../../../src/domain/entity/entity-field.ts';
import type { ColumnFilterInput } from '../../../../../src/domain/table-filter/table-query.types.ts';
import { ColumnFilter } from '../../../../../src/views/common/grid/column-filter.tsx';
import type { ChecklistOption } from '../../../../../src/views/common/grid/value-checklist.tsx';
import { renderWithMantine } from '../render-with-mantine.tsx';

// The filter widget of one column, as a person uses it; what it hands back is the wire's
// filter object, which the test compares with docs/product.md §3/§4.

afterEach(cleanup);

const ENTITY: EntityDeclaration = {
  name: 'things',
  label: 'Thing',
  pluralLabel: 'Things',
  api: '/api/test/things',
  area: 'general',
  channel: 'private-test.things',
  event: 'thing',
  labelField: 'name',
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'qty', label: 'Quantity', kind: 'number' },
    { name: 'min_qty', label: 'Minimum', kind: 'number' },
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      enumValues: ['draft', 'in_progress', 'done'],
      tag: true,
    },
    { name: 'active', label: 'Active', kind: 'boolean' },
    {
      name: 'country_id',
      label: 'Country',
      kind: 'ref',
      ref: { entity: 'countries', labelField: 'country_name' },
    },
  ],
};

const fields = ENTITY.fields;
const fieldNamed = (name: string) => fields.find((f) => f.name === name) as EntityField;

function renderFilter(
  name: string,
  options: {
    applied?: ColumnFilterInput;
    loadOptions?: (field: EntityField, search: string) => Promise<ChecklistOption[]>;
    /** The grid's fields; the declared ones by default. */
    fields?: readonly EntityField[];
  } = {},
) {
  const onApply = vi.fn<(filter: ColumnFilterInput | null) => void>();
  renderWithMantine(
    <ColumnFilter
      field={fieldNamed(name)}
      fields={options.fields ?? fields}
      filterable={filterableFields(ENTITY)}
      applied={options.applied}
      onApply={onApply}
      loadOptions={options.loadOptions ?? (() => Promise.resolve([]))}
    />,
  );
  return { onApply, form: screen.getByRole('form', { name: `Filter ${fieldNamed(name).label}` }) };
}

describe('a column filter', () => {
  it('offers the text operators equals, not equal, contains and not contains', () => {
    const { form } = renderFilter('name');
    const options = within(within(form).getByLabelText('Condition'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Equals', 'Not equal', 'Contains', 'Not contains', 'Custom']);
  });

  it('starts a text column at contains', () => {
    const { form } = renderFilter('name');
    expect(within(form).getByLabelText<HTMLSelectElement>('Condition').value).toBe('contains');
  });

  it('starts a number column at its first choice, equals', () => {
    const { form } = renderFilter('qty');
    expect(within(form).getByLabelText<HTMLSelectElement>('Condition').value).toBe('equals');
  });

  it('sends one row for a single operator', async () => {
    const user = userEvent.setup();
    const { form, onApply } = renderFilter('name');
    await user.selectOptions(within(form).getByLabelText('Condition'), 'contains');
    await user.type(within(form).getByLabelText('Value'), 'maple');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({
      field: 'name',
      field_type: 'text',
      filters: [
        { logic_operator: 'and', operator: 'contains', value_type: 'value', value: 'maple' },
      ],
    });
  });

  it('turns between into a custom filter of a >= and a <= row', async () => {
    const user = userEvent.setup();
    const { form, onApply } = renderFilter('qty');
    await user.selectOptions(within(form).getByLabelText('Condition'), 'between');
    await user.type(within(form).getByLabelText('From'), '5');
    await user.type(within(form).getByLabelText('To'), '10');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({
      field: 'qty',
      field_type: 'number',
      filters: [
        { logic_operator: 'and', operator: 'greater_or_equal', value_type: 'value', value: '5' },
        { logic_operator: 'and', operator: 'less_or_equal', value_type: 'value', value: '10' },
      ],
    });
    // The widget now shows the rows it became.
    expect(within(form).getByLabelText<HTMLSelectElement>('Condition').value).toBe('custom');
    const first = within(form).getByRole('group', { name: 'Condition 1' });
    const second = within(form).getByRole('group', { name: 'Condition 2' });
    expect(within(first).getByLabelText<HTMLSelectElement>('Operator').value).toBe(
      'greater_or_equal',
    );
    expect(within(second).getByLabelText<HTMLSelectElement>('Operator').value).toBe(
      'less_or_equal',
    );
  });

  it('joins custom rows with or', async () => {
    const user = userEvent.setup();
    const { form, onApply } = renderFilter('qty');
    await user.selectOptions(within(form).getByLabelText('Condition'), 'custom');
    const first = within(form).getByRole('group', { name: 'Condition 1' });
    await user.selectOptions(within(first).getByLabelText('Operator'), 'less');
    await user.type(within(first).getByLabelText('Value'), '2');
    await user.click(within(form).getByRole('button', { name: 'Add condition' }));
    const second = within(form).getByRole('group', { name: 'Condition 2' });
    await user.selectOptions(within(second).getByLabelText('Join'), 'or');
    await user.selectOptions(within(second).getByLabelText('Operator'), 'greater');
    await user.type(within(second).getByLabelText('Value'), '100');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({
      field: 'qty',
      field_type: 'number',
      filters: [
        { logic_operator: 'and', operator: 'less', value_type: 'value', value: '2' },
        { logic_operator: 'or', operator: 'greater', value_type: 'value', value: '100' },
      ],
    });
  });

  it('compares with another column of the same type', async () => {
    const user = userEvent.setup();
    const { form, onApply } = renderFilter('qty');
    await user.selectOptions(within(form).getByLabelText('Condition'), 'greater');
    await user.click(within(form).getByText('Another column'));
    const column = within(form).getByLabelText('Column');
    // Only the other number field can be compared with a number.
    expect(
      within(column)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a column', 'Minimum']);
    await user.selectOptions(column, 'min_qty');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({
      field: 'qty',
      field_type: 'number',
      filters: [
        { logic_operator: 'and', operator: 'greater', value_type: 'column', value: 'min_qty' },
      ],
    });
  });

  it('never offers the ID or Version columns to compare with', async () => {
    const user = userEvent.setup();
    // The grid's fields include every row's standard columns (ID, Version, Updated…).
    const { form } = renderFilter('qty', { fields: listFields(ENTITY) });
    await user.selectOptions(within(form).getByLabelText('Condition'), 'greater');
    await user.click(within(form).getByText('Another column'));
    const options = within(within(form).getByLabelText('Column'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose a column', 'Minimum']);
  });

  it('offers no column comparison for text contains (the server refuses it)', async () => {
    const user = userEvent.setup();
    const { form } = renderFilter('name');
    await user.selectOptions(within(form).getByLabelText('Condition'), 'contains');
    expect(within(form).queryByText('Another column')).toBeNull();
  });

  it('refuses a value the server would refuse and says why', async () => {
    const user = userEvent.setup();
    const { form, onApply } = renderFilter('qty');
    await user.type(within(form).getByLabelText('Value'), 'ten');
    expect(within(form).getByText('This field must have only numbers')).toBeTruthy();
    const apply = within(form).getByRole('button', { name: 'Apply' });
    expect(apply).toHaveProperty('disabled', true);
    await user.type(within(form).getByLabelText('Value'), '{Enter}');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('filters an enum by a checkbox list of its values', async () => {
    const user = userEvent.setup();
    const { form, onApply } = renderFilter('status');
    const list = within(form).getByRole('group', { name: 'Status values' });
    await user.click(within(list).getByLabelText('Draft'));
    await user.click(within(list).getByLabelText('In progress'));
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({
      field: 'status',
      field_type: 'enum',
      filters: [
        {
          logic_operator: 'and',
          operator: 'in',
          value_type: 'value',
          value: ['draft', 'in_progress'],
        },
      ],
    });
  });

  it('filters a boolean by ticking Active or Inactive', async () => {
    const user = userEvent.setup();
    const { form, onApply } = renderFilter('active');
    await user.click(within(form).getByLabelText('Inactive'));
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({
      field: 'active',
      field_type: 'boolean',
      filters: [{ logic_operator: 'and', operator: 'equals', value_type: 'value', value: '0' }],
    });
  });

  it('filters a reference by the checkbox list of the referenced rows', async () => {
    const user = userEvent.setup();
    const loadOptions = vi.fn(() =>
      Promise.resolve([
        { value: '1', label: 'Canada' },
        { value: '2', label: 'United States' },
      ]),
    );
    const { form, onApply } = renderFilter('country_id', { loadOptions });
    await user.click(await within(form).findByLabelText('United States'));
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(loadOptions).toHaveBeenCalledWith(fieldNamed('country_id'), '');
    expect(onApply).toHaveBeenCalledWith({
      field: 'country_id',
      field_type: 'number',
      filters: [{ logic_operator: 'and', operator: 'in', value_type: 'value', value: [2] }],
    });
  });

  it('renders only the boxes in view of a long list, at most 250 px high', async () => {
    const many = Array.from({ length: 500 }, (_, i) => ({
      value: String(i + 1),
      label: `Country ${i + 1}`,
    }));
    const { form } = renderFilter('country_id', { loadOptions: () => Promise.resolve(many) });
    const list = await within(form).findByRole('group', { name: 'Country values' });
    await waitFor(() => expect(within(list).getAllByRole('checkbox').length).toBeGreaterThan(0));
    expect(within(list).getAllByRole('checkbox').length).toBeLessThan(50);
    expect(list.style.maxHeight).toBe('250px');
  });

  it('reopens an applied filter as it was, and Clear removes it', async () => {
    const user = userEvent.setup();
    const { form, onApply } = renderFilter('qty', {
      applied: {
        field: 'qty',
        field_type: 'number',
        filters: [{ logic_operator: 'and', operator: 'less', value_type: 'value', value: 3 }],
      },
    });
    expect(within(form).getByLabelText<HTMLSelectElement>('Condition').value).toBe('less');
    expect(within(form).getByLabelText<HTMLInputElement>('Value').value).toBe('3');
    await user.click(within(form).getByRole('button', { name: 'Clear' }));
    expect(onApply).toHaveBeenCalledWith(null);
  });
});
