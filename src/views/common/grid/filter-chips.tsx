import { Button, Group, Pill } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useRef, type KeyboardEvent } from 'react';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { formatDate, formatDateTime } from '../../../domain/formats/date.format.ts';
import type { FilterOperator } from '../../../domain/table-filter/filter-operators.ts';
import type {
  ColumnFilterInput,
  FilterRowInput,
} from '../../../domain/table-filter/table-query.types.ts';

// The active column filters as chips above the grid: what the rows on
// screen are filtered by, readable at a glance, each removable with a click or, focused, with
// Backspace or Delete; "Clear all" removes them all.

const OPERATOR_WORDS: Record<FilterOperator, string> = {
  equals: '=',
  not_equal: '≠',
  contains: 'contains',
  not_contains: 'does not contain',
  less: '<',
  less_or_equal: '≤',
  greater: '>',
  greater_or_equal: '≥',
  in: 'is',
};

function valueText(
  field: EntityField | undefined,
  row: FilterRowInput,
  fields: readonly EntityField[],
): string {
  if (row.value_type === 'column') {
    return fields.find((f) => f.name === row.value)?.label ?? String(row.value);
  }
  const values = Array.isArray(row.value) ? row.value : [row.value];
  // A reference filters by row ids, which say nothing to a person: count them instead.
  if (field?.kind === 'ref') return values.length === 1 ? '1 chosen' : `${values.length} chosen`;
  const shown = values.map((v) => {
    const text = String(v);
    if (field?.kind === 'boolean') return text === '1' || text === 'true' ? 'Yes' : 'No';
    // A day or a moment reads as in the grid (docs/product.md §9), not as the ISO text the wire
    // carries.
    if (field?.kind === 'date') return formatDate(text) || text;
    if (field?.kind === 'datetime') return formatDateTime(text) || text;
    return field?.valueLabels?.[text] ?? text;
  });
  return Array.isArray(row.value) ? shown.join(', ') : `“${shown.join('')}”`;
}

/** 'Status is draft, released', 'Quantity ≥ 10 and ≤ 20'. */
export function chipText(filter: ColumnFilterInput, fields: readonly EntityField[]): string {
  const field = fields.find((f) => f.name === filter.field);
  // A reference's label column (lot_no of lot_id) is text under the reference's name.
  const labelOf = field ? undefined : fields.find((f) => f.ref?.labelField === filter.field);
  const rows = filter.filters.map((row, i) => {
    const join = i === 0 ? '' : ` ${row.logic_operator ?? 'and'} `;
    return `${join}${OPERATOR_WORDS[row.operator]} ${valueText(field, row, fields)}`;
  });
  return `${(field ?? labelOf)?.label ?? filter.field} ${rows.join('')}`;
}

export function FilterChips({
  fields,
  filters,
  onRemove,
  onClear,
}: {
  fields: readonly EntityField[];
  filters: ReadonlyMap<string, ColumnFilterInput>;
  onRemove: (field: string) => void;
  onClear: () => void;
}) {
  const group = useRef<HTMLDivElement>(null);
  if (filters.size === 0) return null;

  // The focus moves to the chip that takes the removed one's place, then to Clear all.
  const remove = (field: string, index: number) => {
    onRemove(field);
    requestAnimationFrame(() => {
      const chips = group.current?.querySelectorAll<HTMLElement>('[data-filter-chip]');
      const next = chips?.[Math.min(index, chips.length - 1)];
      (next ?? group.current?.querySelector<HTMLElement>('button'))?.focus();
    });
  };
  const onKeyDown = (field: string, index: number) => (event: KeyboardEvent) => {
    if (event.key !== 'Backspace' && event.key !== 'Delete') return;
    event.preventDefault();
    remove(field, index);
  };

  return (
    <Group gap={6} wrap="wrap" ref={group} role="group" aria-label="Active filters">
      {[...filters.values()].map((filter, index) => {
        const text = chipText(filter, fields);
        return (
          <Pill
            key={filter.field}
            size="md"
            withRemoveButton
            onRemove={() => remove(filter.field, index)}
            removeButtonProps={{
              'aria-label': `Remove filter ${text}`,
              'aria-hidden': false,
              tabIndex: -1,
            }}
            tabIndex={0}
            data-filter-chip={filter.field}
            aria-label={`Filter: ${text}. Press Delete to remove.`}
            onKeyDown={onKeyDown(filter.field, index)}
          >
            {text}
          </Pill>
        );
      })}
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconFilterOff size={14} />}
        onClick={onClear}
      >
        Clear all
      </Button>
    </Group>
  );
}
