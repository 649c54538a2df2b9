import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import type { FilterChoice } from '../../../domain/table-filter/filter-choices.ts';
import type { FilterOperator, ValueType } from '../../../domain/table-filter/filter-operators.ts';
import type { FilterableField } from '../../../domain/table-filter/filterable-field.ts';
import type { ColumnFilterInput } from '../../../domain/table-filter/table-query.types.ts';
import { validationMessage } from '../../../domain/validation-codes.ts';
import {
  choicesOf,
  comparableFields,
  draftOf,
  filterOf,
  newRow,
  problemsOf,
  rowOperators,
  settleBetween,
  type DraftRow,
  type FilterDraft,
} from './column-filter.model.ts';
import { OptionList, ValueInput } from './filter-inputs.tsx';
import type { ChecklistOption } from './value-checklist.tsx';

// One column's filter (docs/product.md §3/§4): an operator choice with its value, or another column
// to compare with; `between` (two bounds that become a custom >= / <= pair on apply); `custom`
// rows joined with and/or; or the checkbox list of an enum, boolean or reference. Apply is
// refused while validateTableQuery finds a problem, so nothing invalid reaches the server.

export const CHOICE_LABELS: Record<FilterChoice, string> = {
  equals: 'Equals',
  not_equal: 'Not equal',
  contains: 'Contains',
  not_contains: 'Not contains',
  less: 'Less than',
  less_or_equal: 'Less than or equal',
  greater: 'Greater than',
  greater_or_equal: 'Greater than or equal',
  in: 'Is one of',
  between: 'Between',
  custom: 'Custom',
};

export interface ColumnFilterProps {
  field: EntityField;
  fields: readonly EntityField[];
  filterable: readonly FilterableField[];
  applied: ColumnFilterInput | undefined;
  onApply: (filter: ColumnFilterInput | null) => void;
  loadOptions: (field: EntityField, search: string) => Promise<ChecklistOption[]>;
}

export function ColumnFilter({
  field,
  fields,
  filterable,
  applied,
  onApply,
  loadOptions,
}: ColumnFilterProps) {
  const [draft, setDraft] = useState<FilterDraft>(() => draftOf(field, applied));
  const others = useMemo(() => comparableFields(field, fields), [field, fields]);
  const wire = filterOf(field, draft);
  const problems = problemsOf(wire, filterable);
  const patch = (part: Partial<FilterDraft>) => setDraft((d) => ({ ...d, ...part }));

  const apply = () => {
    if (problems.size > 0) return;
    setDraft(settleBetween(field, draft));
    onApply(wire);
  };

  return (
    <Stack
      gap="xs"
      w={320}
      component="form"
      aria-label={`Filter ${field.label}`}
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      {choicesOf(field).length > 1 && (
        <NativeSelect
          size="xs"
          label="Condition"
          value={draft.choice}
          data={choicesOf(field).map((c) => ({ value: c, label: CHOICE_LABELS[c] }))}
          onChange={(e) => {
            const choice = e.currentTarget.value as FilterChoice;
            patch({
              choice,
              valueType: 'value',
              value: '',
              ...(choice === 'custom' && draft.rows.length === 0 ? { rows: [newRow(field)] } : {}),
            });
          }}
        />
      )}

      {draft.choice === 'in' && (
        <OptionList field={field} draft={draft} patch={patch} loadOptions={loadOptions} />
      )}

      {draft.choice === 'between' && (
        <Group gap="xs" grow>
          <ValueInput
            field={field}
            label="From"
            value={draft.from}
            onChange={(from) => patch({ from })}
          />
          <ValueInput field={field} label="To" value={draft.to} onChange={(to) => patch({ to })} />
        </Group>
      )}

      {draft.choice === 'custom' && (
        <CustomRows
          field={field}
          others={others}
          rows={draft.rows}
          problems={problems}
          onChange={(rows) => patch({ rows })}
        />
      )}

      {draft.choice !== 'in' && draft.choice !== 'between' && draft.choice !== 'custom' && (
        <SingleValue
          field={field}
          others={others}
          operator={draft.choice}
          valueType={draft.valueType}
          value={draft.value}
          problem={problems.get(0)}
          onChange={(valueType, value) => patch({ valueType, value })}
        />
      )}

      {problems.get(-1) && (
        <Text size="xs" c="red">
          {validationMessage(problems.get(-1) ?? '')}
        </Text>
      )}

      <Group justify="space-between" mt={4}>
        <Button
          size="xs"
          variant="subtle"
          onClick={() => {
            setDraft(draftOf(field, undefined));
            onApply(null);
          }}
        >
          Clear
        </Button>
        <Button size="xs" type="submit" disabled={problems.size > 0}>
          Apply
        </Button>
      </Group>
    </Stack>
  );
}

function SingleValue({
  field,
  others,
  operator,
  valueType,
  value,
  problem,
  onChange,
}: {
  field: EntityField;
  others: readonly EntityField[];
  operator: FilterOperator;
  valueType: ValueType;
  value: string;
  problem: string | undefined;
  onChange: (valueType: ValueType, value: string) => void;
}) {
  const columnAllowed = others.length > 0 && rowOperators(field, 'column').includes(operator);
  return (
    <Stack gap={6}>
      {columnAllowed && (
        <CompareWith valueType={valueType} onChange={(type) => onChange(type, '')} />
      )}
      {valueType === 'column' && columnAllowed ? (
        <ColumnSelect others={others} value={value} onChange={(v) => onChange('column', v)} />
      ) : (
        <ValueInput
          field={field}
          label="Value"
          value={value}
          onChange={(v) => onChange('value', v)}
        />
      )}
      {problem && value !== '' && (
        <Text size="xs" c="red">
          {validationMessage(problem)}
        </Text>
      )}
    </Stack>
  );
}

function CompareWith({
  valueType,
  onChange,
}: {
  valueType: ValueType;
  onChange: (type: ValueType) => void;
}) {
  return (
    <SegmentedControl
      size="xs"
      aria-label="Compare with"
      value={valueType}
      onChange={(v) => onChange(v)}
      data={[
        { value: 'value', label: 'A value' },
        { value: 'column', label: 'Another column' },
      ]}
    />
  );
}

function ColumnSelect({
  others,
  value,
  onChange,
}: {
  others: readonly EntityField[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <NativeSelect
      size="xs"
      label="Column"
      value={value}
      data={[
        { value: '', label: 'Choose a column' },
        ...others.map((f) => ({ value: f.name, label: f.label })),
      ]}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

function CustomRows({
  field,
  others,
  rows,
  problems,
  onChange,
}: {
  field: EntityField;
  others: readonly EntityField[];
  rows: readonly DraftRow[];
  problems: ReadonlyMap<number, string>;
  onChange: (rows: DraftRow[]) => void;
}) {
  const set = (i: number, part: Partial<DraftRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...part } : r)));
  return (
    <Stack gap="xs">
      {rows.map((row, i) => {
        const operators = rowOperators(field, row.valueType);
        return (
          <Stack key={i} gap={4} role="group" aria-label={`Condition ${i + 1}`}>
            {i > 0 && (
              <NativeSelect
                size="xs"
                aria-label="Join"
                w={80}
                value={row.logic}
                data={[
                  { value: 'and', label: 'and' },
                  { value: 'or', label: 'or' },
                ]}
                onChange={(e) => set(i, { logic: e.currentTarget.value as DraftRow['logic'] })}
              />
            )}
            <Group gap={4} wrap="nowrap" align="flex-end">
              <NativeSelect
                size="xs"
                aria-label="Operator"
                style={{ flex: 1 }}
                value={row.operator}
                data={operators.map((op) => ({ value: op, label: CHOICE_LABELS[op] }))}
                onChange={(e) => set(i, { operator: e.currentTarget.value as FilterOperator })}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove condition ${i + 1}`}
                onClick={() => onChange(rows.filter((_, j) => j !== i))}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
            {others.length > 0 && rowOperators(field, 'column').includes(row.operator) && (
              <CompareWith
                valueType={row.valueType}
                onChange={(valueType) => set(i, { valueType, value: '' })}
              />
            )}
            {row.valueType === 'column' ? (
              <ColumnSelect
                others={others}
                value={row.value}
                onChange={(value) => set(i, { value })}
              />
            ) : (
              <ValueInput
                field={field}
                label="Value"
                value={row.value}
                onChange={(value) => set(i, { value })}
              />
            )}
            {problems.get(i) && !(problems.get(i) === 'required' && row.value === '') && (
              <Text size="xs" c="red">
                {validationMessage(problems.get(i) ?? '')}
              </Text>
            )}
          </Stack>
        );
      })}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange([...rows, newRow(field, 'and')])}
      >
        Add condition
      </Button>
    </Stack>
  );
}
