import { ActionIcon, Group, Popover, Text, UnstyledButton } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconFilter,
  IconFilterFilled,
} from '@tabler/icons-react';
import type { CustomHeaderProps } from 'ag-grid-react';
import { useEffect, useState } from 'react';
import { ColumnFilter } from './column-filter.tsx';
import { sortFieldOf } from './column-layout.ts';
import { useGridQuery } from './grid-query.context.ts';

// A column header of an entity grid: the label sorts (none → asc → desc → none, one column at
// a time, on the server) and the funnel opens the column's filter. ag-grid's own sorting and
// filtering stay off: the page of rows comes sorted and filtered from the API.

export function GridHeader({ column, eGridHeader }: CustomHeaderProps) {
  const query = useGridQuery();
  const [open, setOpen] = useState(false);
  const name = column.getColId();
  const field = query.fields.find((f) => f.name === name);
  const sortTarget = field && field.sortable !== false ? sortFieldOf(field) : null;
  const { onSort } = query;

  // Keyboard: with the header cell focused (ag-grid's header navigation), Enter sorts.
  useEffect(() => {
    if (!sortTarget) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && event.target === eGridHeader) onSort(sortTarget);
    };
    eGridHeader.addEventListener('keydown', onKey);
    return () => eGridHeader.removeEventListener('keydown', onKey);
  }, [eGridHeader, sortTarget, onSort]);

  const direction = sortTarget && query.sort?.field === sortTarget ? query.sort.direction : null;
  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
  // aria-sort belongs on the column header itself (ag-grid's role="columnheader" cell), where
  // a screen reader reads it; on an element inside it the attribute is not allowed. ag-grid,
  // which sorts nothing here, clears it whenever it refreshes the cell: it is set again.
  useEffect(() => {
    if (!sortTarget) return;
    const apply = () => {
      if (eGridHeader.getAttribute('aria-sort') !== ariaSort) {
        eGridHeader.setAttribute('aria-sort', ariaSort);
      }
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(eGridHeader, { attributes: true, attributeFilter: ['aria-sort'] });
    return () => observer.disconnect();
  }, [eGridHeader, sortTarget, ariaSort]);

  if (!field) return null;
  const sortable = field.sortable !== false;
  const filterable = field.filterable !== false;
  const sortField = sortFieldOf(field);
  const applied = query.filters.get(name);
  const SortIcon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : null;

  return (
    <Group
      gap={2}
      wrap="nowrap"
      w="100%"
      data-testid={`header-${name}`}
    >
      {sortable ? (
        <UnstyledButton
          onClick={() => query.onSort(sortField)}
          aria-label={`Sort by ${field.label}`}
          style={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 4 }}
        >
          <Text size="sm" fw={600} truncate>
            {field.label}
          </Text>
          {SortIcon ? (
            <SortIcon size={14} aria-hidden />
          ) : (
            <IconArrowsSort size={12} aria-hidden style={{ opacity: 0.3 }} />
          )}
        </UnstyledButton>
      ) : (
        <Text size="sm" fw={600} truncate style={{ flex: 1 }}>
          {field.label}
        </Text>
      )}
      {filterable && (
        <Popover
          opened={open}
          onChange={setOpen}
          position="bottom-end"
          shadow="md"
          trapFocus
          withinPortal
        >
          <Popover.Target>
            <ActionIcon
              size="sm"
              variant={applied ? 'light' : 'subtle'}
              color={applied ? 'blue' : 'gray'}
              aria-label={`Filter ${field.label}`}
              aria-pressed={applied ? true : undefined}
              onClick={() => setOpen((o) => !o)}
            >
              {applied ? <IconFilterFilled size={14} /> : <IconFilter size={14} />}
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <ColumnFilter
              field={field}
              fields={query.fields}
              filterable={query.filterable}
              applied={applied}
              loadOptions={query.loadOptions}
              onApply={(filter) => {
                query.onFilter(name, filter);
                setOpen(false);
              }}
            />
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}
