// What an entity declaration says about one of its columns so that lists can be filtered and
// sorted by it. The server derives its whitelist from these declarations and the views derive
// their filter widgets from them, so both always agree on what a field accepts.

export const FIELD_TYPES = {
  /** Free text: names, codes, notes. Compared without regard to case. */
  text: 'text',
  /** Integers and decimals alike; values are compared as exact decimals. */
  number: 'number',
  /** A calendar day, `YYYY-MM-DD` on the wire. */
  date: 'date',
  /** A moment, `YYYY-MM-DD HH:mm:ss` (or ISO 8601 with a zone) on the wire. */
  datetime: 'datetime',
  /** Sent as 1 and 0 in query strings (docs/product.md §7). */
  boolean: 'boolean',
  /** One of a closed list of values (`enumValues`), e.g. a status or a type code. */
  enum: 'enum',
} as const;

export type FieldType = (typeof FIELD_TYPES)[keyof typeof FIELD_TYPES];

/** A value an enum field may hold: statuses are strings, some type codes are numbers. */
export type EnumValue = string | number;

export type FilterableField = {
  /** The field's name on the wire and in the API's rows. */
  readonly name: string;
  readonly type: FieldType;
  /** Sortable unless it says false. */
  readonly sortable?: boolean;
  /** Filterable unless it says false. */
  readonly filterable?: boolean;
  /** The closed list of an `enum` field; required for `enum`, ignored for other types. */
  readonly enumValues?: readonly EnumValue[];
};

export function isFilterable(field: FilterableField): boolean {
  return field.filterable !== false;
}

export function isSortable(field: FilterableField): boolean {
  return field.sortable !== false;
}
