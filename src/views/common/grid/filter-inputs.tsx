import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { valueLabel } from '../../../domain/entity/value-label.ts';
import type { FilterDraft } from './column-filter.model.ts';
import { ValueChecklist, type ChecklistOption } from './value-checklist.tsx';

// The value inputs of a column filter: one typed value (text, number, date, moment, or an
// enum's select) and the checkbox list of an enum, boolean or reference.

export function ValueInput({
  field,
  label,
  value,
  onChange,
}: {
  field: EntityField;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  if (field.kind === 'enum') {
    return (
      <NativeSelect
        size="xs"
        label={label}
        value={value}
        data={[
          { value: '', label: 'Choose a value' },
          ...(field.enumValues ?? []).map((v) => ({
            value: String(v),
            label: valueLabel(field, String(v)),
          })),
        ]}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  const type =
    field.kind === 'date' ? 'date' : field.kind === 'datetime' ? 'datetime-local' : 'text';
  const numeric = field.kind === 'number' || field.kind === 'money';
  return (
    <TextInput
      size="xs"
      label={label}
      type={type}
      inputMode={numeric ? 'decimal' : undefined}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

export function OptionList({
  field,
  draft,
  patch,
  loadOptions,
}: {
  field: EntityField;
  draft: FilterDraft;
  patch: (part: Partial<FilterDraft>) => void;
  loadOptions: (field: EntityField, search: string) => Promise<ChecklistOption[]>;
}) {
  const [search, setSearch] = useState('');
  const [loaded, setLoaded] = useState<ChecklistOption[]>([]);
  const fixed = fixedOptions(field);
  useEffect(() => {
    if (fixed) return;
    let live = true;
    loadOptions(field, search).then(
      (options) => live && setLoaded(options),
      () => live && setLoaded([]),
    );
    return () => {
      live = false;
    };
    // fixed is derived from field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [field, search, loadOptions]);
  return (
    <Stack gap={6}>
      {!fixed && (
        <TextInput
          size="xs"
          aria-label="Search values"
          placeholder="Search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      )}
      <ValueChecklist
        label={`${field.label} values`}
        options={fixed ?? loaded}
        checked={draft.checked}
        onChange={(checked) => patch({ checked })}
      />
    </Stack>
  );
}

/** Enum and boolean values are known up front; references come from the server. */
function fixedOptions(field: EntityField): ChecklistOption[] | null {
  if (field.kind === 'boolean') {
    const active = field.name === 'active';
    return [
      { value: '1', label: active ? 'Active' : 'Yes' },
      { value: '0', label: active ? 'Inactive' : 'No' },
    ];
  }
  if (field.kind === 'enum') {
    return (field.enumValues ?? []).map((v) => ({
      value: String(v),
      label: valueLabel(field, String(v)),
    }));
  }
  return null;
}
