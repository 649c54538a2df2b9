import { Select, Stack, Text, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import type { Option } from '../../../api/entity.api.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { entityNamed } from '../../../domain/entities/entity-registry.ts';
import { useEntityApi } from './entity-request.context.ts';

// A picker of rows of the entity a `ref` field points at. Options come from the server as the
// person types (`options?search=`); the current value's label is fetched with `ids=[value]`
// so an edit form shows "Canada", not 1, before anyone opens the list. A reference to
// `parameters` asks for its declared family only (stamp jurisdictions, not every lookup).
// What the server tells beside a label (a product's name and free stock, a reel's
// jurisdiction and stamps left) is shown under the chosen one, and as each option's title;
// with `detailShown`, under each option's label too (an ingredient is known by its name).

export interface RefSelectProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'onSearchChange' | 'searchValue'
> {
  field: EntityField;
  value: number | null;
  onChange: (value: number | null) => void;
  /** Each option shows what the server tells beside its label, under it. */
  detailShown?: boolean;
}

const SEARCH_DELAY_MS = 250;

export function RefSelect({
  field,
  value,
  onChange,
  onBlur,
  detailShown = false,
  ...props
}: RefSelectProps) {
  const target = field.ref ? entityNamed(field.ref.entity) : undefined;
  if (!target)
    throw new Error(`${field.name}: ref entity ${field.ref?.entity ?? '?'} is not declared`);
  const api = useEntityApi(target);
  const family = field.ref?.parameterType;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const [options, setOptions] = useState<Option[]>([]);
  const [selected, setSelected] = useState<Option | null>(null);
  // The list is fetched once the person opens the picker or types, not for every form shown.
  const [wanted, setWanted] = useState(false);
  // A picker that has the cursor when its form opens does not open its list on that focus;
  // once left, focusing it again (Tab) opens it as usual.
  const [quietFocus, setQuietFocus] = useState(props.autoFocus === true);

  // The current value's label, fetched once per value.
  useEffect(() => {
    if (value === null || selected?.value === value) return;
    let live = true;
    api
      .options('', [value], family)
      .then((found) => {
        if (live) setSelected(found.find((o) => o.value === value) ?? null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, value, selected, family]);

  // Typing narrows the list on the server; the selected label as search text means "all".
  const query = selected && debounced === selected.label ? '' : debounced;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    api
      .options(query, undefined, family)
      .then((found) => {
        if (live) setOptions(found);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, query, wanted, family]);

  // What is typed narrows the rows in hand at once, so typing then ArrowDown and Enter picks
  // a match even before the server's narrower answer arrives.
  const typed = selected && search === selected.label ? '' : search.trim().toLowerCase();
  const data = useMemo(() => {
    const all =
      selected && !options.some((o) => o.value === selected.value)
        ? [selected, ...options]
        : options;
    // The server also matches by detail (a product by its name): what it sent stays listed.
    const shown = typed
      ? all.filter(
          (o) =>
            o.label.toLowerCase().includes(typed) || (o.detail ?? '').toLowerCase().includes(typed),
        )
      : all;
    return shown.map((o) => ({ value: String(o.value), label: o.label }));
  }, [options, selected, typed]);
  const details = useMemo(
    () =>
      new Map(
        [...options, ...(selected ? [selected] : [])].map((o) => [String(o.value), o.detail]),
      ),
    [options, selected],
  );
  const chosenDetail = selected?.detail ?? null;

  return (
    <Select
      searchable
      clearable={!field.required}
      nothingFoundMessage="Nothing found"
      description={chosenDetail ?? undefined}
      renderOption={({ option }) =>
        detailShown ? (
          <Stack gap={0}>
            <span data-option-label>{option.label}</span>
            <Text size="xs" c="dimmed">
              {details.get(option.value) ?? ''}
            </Text>
          </Stack>
        ) : (
          <span title={details.get(option.value) ?? undefined}>{option.label}</span>
        )
      }
      {...props}
      openOnFocus={!quietFocus}
      onBlur={(event) => {
        setQuietFocus(false);
        onBlur?.(event);
      }}
      data={data}
      value={value === null ? null : String(value)}
      searchValue={search}
      onSearchChange={(next) => {
        setSearch(next);
        if (next !== (selected?.label ?? '')) setWanted(true);
      }}
      onDropdownOpen={() => setWanted(true)}
      filter={({ options: all }) => all}
      onChange={(next, option) => {
        const id = next === null ? null : Number(next);
        setSelected(
          id === null || !option
            ? null
            : { value: id, label: option.label, detail: details.get(next ?? '') ?? null },
        );
        onChange(id);
      }}
    />
  );
}
