import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { filterTypeOf } from '../../../domain/entity/entity-field.ts';
import { betweenToCustom } from '../../../domain/table-filter/between-to-custom.ts';
import {
  filterChoicesFor,
  type FilterChoice,
} from '../../../domain/table-filter/filter-choices.ts';
import {
  columnOperatorsFor,
  comparableTypes,
  operatorsFor,
  type FilterOperator,
  type LogicOperator,
  type ValueType,
} from '../../../domain/table-filter/filter-operators.ts';
import type { FilterValue } from '../../../domain/table-filter/filter-value.ts';
import type { FilterableField } from '../../../domain/table-filter/filterable-field.ts';
import type {
  ColumnFilterInput,
  FilterRowInput,
} from '../../../domain/table-filter/table-query.types.ts';
import { validateTableQuery } from '../../../domain/table-filter/validate-table-query.ts';

// What a column's filter popover edits, as plain data, and how it becomes the wire's filter
// rows (docs/product.md §3/§4). `between` is a choice of the menu only: applying it turns the draft
// into `custom` with a `>=` and a `<=` row (betweenToCustom), so reopening shows those rows. Every
// column filter is checked with validateTableQuery before it may be applied, so an invalid
// combination never reaches the server.

/** One editable row of a custom filter. */
export type DraftRow = {
  logic: LogicOperator;
  operator: FilterOperator;
  valueType: ValueType;
  /** A value as typed, or another field's name when `valueType` is `column`. */
  value: string;
};

export type FilterDraft = {
  choice: FilterChoice;
  /** The single value of an operator choice (or the other field's name for a column). */
  value: string;
  valueType: ValueType;
  /** `between` bounds. */
  from: string;
  to: string;
  /** `custom` rows. */
  rows: DraftRow[];
  /** Ticked values of the checkbox list (`in`), as text: enum codes, '1'/'0', ref ids. */
  checked: string[];
};

/** A checkbox list is how enums, booleans and references are filtered. */
export function usesValueList(field: EntityField): boolean {
  return field.kind === 'enum' || field.kind === 'boolean' || field.kind === 'ref';
}

/** The choices a column's menu offers: the domain's menu, with the value list where it fits. */
export function choicesOf(field: EntityField): readonly FilterChoice[] {
  if (field.kind === 'ref' || field.kind === 'boolean') return ['in'];
  return filterChoicesFor(filterTypeOf(field));
}

/**
 * A new filter's choice: text columns start at `contains` (people type part
 * of a number or name), the rest at their menu's first choice.
 */
function firstChoice(field: EntityField): FilterChoice {
  const choices = choicesOf(field);
  if (choices.includes('contains')) return 'contains';
  return choices[0] ?? 'equals';
}

export function emptyDraft(field: EntityField): FilterDraft {
  return {
    choice: firstChoice(field),
    value: '',
    valueType: 'value',
    from: '',
    to: '',
    rows: [],
    checked: [],
  };
}

/** A new custom row: the first operator this field allows. */
export function newRow(field: EntityField, logic: LogicOperator = 'and'): DraftRow {
  return {
    logic,
    operator: operatorsFor(filterTypeOf(field)).find((op) => op !== 'in') ?? 'equals',
    valueType: 'value',
    value: '',
  };
}

/**
 * Bookkeeping columns every row has; a person does not compare data with them,
 * though the server would accept it.
 */
const NOT_DATA: ReadonlySet<string> = new Set(['id', 'version']);

/**
 * Fields a column may be compared with (value_type column): data columns, filterable and
 * comparable.
 */
export function comparableFields(
  field: EntityField,
  fields: readonly EntityField[],
): EntityField[] {
  const type = filterTypeOf(field);
  return fields.filter(
    (other) =>
      other.name !== field.name &&
      !NOT_DATA.has(other.name) &&
      other.kind !== 'json' &&
      other.filterable !== false &&
      // A reference's id compares only with another reference to the same entity.
      (other.kind === 'ref') === (field.kind === 'ref') &&
      other.ref?.entity === field.ref?.entity &&
      comparableTypes(type, filterTypeOf(other)),
  );
}

/** Operators a row may use with this value type. */
export function rowOperators(field: EntityField, valueType: ValueType): readonly FilterOperator[] {
  const type = filterTypeOf(field);
  const ops = valueType === 'column' ? columnOperatorsFor(type) : operatorsFor(type);
  return ops.filter((op) => op !== 'in');
}

/** The draft an applied filter reopens as (no filter: an empty draft). */
export function draftOf(field: EntityField, applied: ColumnFilterInput | undefined): FilterDraft {
  const draft = emptyDraft(field);
  const rows = applied?.filters ?? [];
  const [only] = rows;
  if (!only) return draft;
  if (rows.length === 1 && only.operator === 'in' && Array.isArray(only.value)) {
    return { ...draft, choice: 'in', checked: (only.value as FilterValue[]).map(String) };
  }
  if (rows.length === 1 && usesValueList(field) && field.kind === 'boolean') {
    return { ...draft, choice: 'in', checked: [String(textOf(field, only.value))] };
  }
  const single = rows.length === 1 && choicesOf(field).includes(only.operator);
  if (single) {
    return {
      ...draft,
      choice: only.operator,
      valueType: only.value_type ?? 'value',
      value: textOf(field, only.value),
    };
  }
  return {
    ...draft,
    choice: 'custom',
    rows: rows.map((r) => ({
      logic: r.logic_operator ?? 'and',
      operator: r.operator,
      valueType: r.value_type ?? 'value',
      value: textOf(field, r.value),
    })),
  };
}

/**
 * Applying a `between` choice: the draft becomes `custom` with the rows betweenToCustom
 * gives (>= from, <= to; a blank bound leaves its row out).
 */
export function settleBetween(field: EntityField, draft: FilterDraft): FilterDraft {
  if (draft.choice !== 'between') return draft;
  const rows = betweenToCustom(wireValue(field, draft.from), wireValue(field, draft.to));
  return {
    ...draft,
    choice: 'custom',
    from: '',
    to: '',
    rows: rows.map((r) => ({
      logic: r.logic_operator ?? 'and',
      operator: r.operator,
      valueType: 'value',
      value: textOf(field, r.value),
    })),
  };
}

/** The wire filter of a draft; null when the draft filters nothing (blank or all ticked). */
export function filterOf(field: EntityField, draft: FilterDraft): ColumnFilterInput | null {
  const rows = rowsOf(field, settleBetween(field, draft));
  return rows.length === 0
    ? null
    : { field: field.name, field_type: filterTypeOf(field), filters: rows };
}

function rowsOf(field: EntityField, draft: FilterDraft): FilterRowInput[] {
  switch (draft.choice) {
    case 'in':
      return listRows(field, draft.checked);
    case 'custom':
      return draft.rows.map((r) => ({
        logic_operator: r.logic,
        operator: r.operator,
        value_type: r.valueType,
        value: r.valueType === 'column' ? r.value : wireValue(field, r.value),
      }));
    case 'between':
      return [];
    default:
      if (draft.value.trim() === '') return [];
      return [
        {
          logic_operator: 'and',
          operator: draft.choice,
          value_type: draft.valueType,
          value: draft.valueType === 'column' ? draft.value : wireValue(field, draft.value),
        },
      ];
  }
}

function listRows(field: EntityField, checked: readonly string[]): FilterRowInput[] {
  if (checked.length === 0) return [];
  if (field.kind === 'boolean') {
    // Booleans have no `in`: one ticked box is equality, both is no filter at all.
    if (checked.length !== 1 || checked[0] === undefined) return [];
    return [{ logic_operator: 'and', operator: 'equals', value_type: 'value', value: checked[0] }];
  }
  const values =
    field.kind === 'enum'
      ? checked.map((c) => field.enumValues?.find((v) => String(v) === c) ?? c)
      : checked.map((c) => (field.kind === 'ref' ? Number(c) : c));
  return [{ logic_operator: 'and', operator: 'in', value_type: 'value', value: values }];
}

/**
 * A typed value as the wire wants it. A datetime typed in the browser's local time is sent as
 * ISO 8601 with `Z` (a zone-less value would be read in the database session's zone).
 */
export function wireValue(field: EntityField, text: string): string {
  const trimmed = text.trim();
  if (field.kind === 'datetime' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(trimmed)) {
    const moment = new Date(trimmed);
    return Number.isNaN(moment.getTime()) ? trimmed : moment.toISOString();
  }
  return trimmed;
}

/** What an input shows for a wire value (datetimes back in local time). */
function textOf(field: EntityField, value: FilterRowInput['value']): string {
  if (Array.isArray(value)) return value.map(String).join(',');
  const text = String(value);
  if (field.kind === 'datetime' && /Z$|[+-]\d{2}:?\d{2}$/.test(text)) {
    const moment = new Date(text);
    if (!Number.isNaN(moment.getTime())) {
      const local = new Date(moment.getTime() - moment.getTimezoneOffset() * 60_000);
      return local.toISOString().slice(0, 16);
    }
  }
  return text;
}

/** Problems of a column filter as `row index → code` (-1: the column as a whole). */
export type FilterProblems = ReadonlyMap<number, string>;

/** Checks a column filter exactly as the server will (validateTableQuery). */
export function problemsOf(
  filter: ColumnFilterInput | null,
  fields: readonly FilterableField[],
): FilterProblems {
  const problems = new Map<number, string>();
  if (!filter) return problems;
  const result = validateTableQuery({ filter: [filter] }, fields);
  if (result.ok) return problems;
  for (const [path, code] of Object.entries(result.errors)) {
    const match = /^filter\.0\.filters\.(\d+)/.exec(path);
    const row = match?.[1] === undefined ? -1 : Number(match[1]);
    if (!problems.has(row)) problems.set(row, code);
  }
  return problems;
}
