import { PRODUCT_FIELDS } from '../../../domain/entities/inventory/products.entity.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { textOf } from '../../common/entity-form/form-values.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// What a product change request changes, field by field, in the product form's order. Before
// approval the "before" side is the product as it is now (a reviewer approves against today's
// product, not the one the requester saw); once applied, the product holds the proposal, so
// the sides come from the field logs the approval wrote.

export type DiffRow = {
  field: EntityField;
  /** Raw values as the API sends them (ids for references); null = no value. */
  before: unknown;
  after: unknown;
  changed: boolean;
};

type LoggedChange = { field: string; old_value: string | null; new_value: string | null };

const BY_NAME = new Map<string, EntityField>(PRODUCT_FIELDS.map((f) => [f.name, f]));
const ORDER = new Map<string, number>(PRODUCT_FIELDS.map((f, index) => [f.name, index]));

/** Values compared as the logs write them: '' and null alike, numbers as text, flags as 1/0. */
const norm = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : textOf(value);

function row(name: string, before: unknown, after: unknown): DiffRow[] {
  const field = BY_NAME.get(name);
  if (!field) return [];
  return [
    { field, before: before ?? null, after: after ?? null, changed: norm(before) !== norm(after) },
  ];
}

export function changeDiff(request: EntityRow): DiffRow[] {
  const proposed = (request.proposed ?? {}) as Record<string, unknown>;
  const current = (request.current_product ?? null) as Record<string, unknown> | null;
  const logged = (request.applied_changes ?? []) as LoggedChange[];
  let rows: DiffRow[];
  if (request.status === 'applied' && logged.length > 0) {
    rows = logged.flatMap((c) => row(c.field, c.old_value, c.new_value));
  } else if (request.action === 'deactivate') {
    rows = row('status', current?.status, proposed.status ?? 'inactive');
  } else {
    const before = request.action === 'create' ? null : current;
    rows = Object.entries(proposed).flatMap(([name, value]) => row(name, before?.[name], value));
  }
  return rows.sort((a, b) => (ORDER.get(a.field.name) ?? 0) - (ORDER.get(b.field.name) ?? 0));
}
