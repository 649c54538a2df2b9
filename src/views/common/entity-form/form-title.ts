import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// The heading of a record's form: "New daily order" before it exists, and a document (a form
// that reads only past draft) by its name and number from the moment it has one, draft or not,
// "Daily order DO-00012": the number is what people say. Other records read "Edit country".

/** `read` is the record the form last read; one of another id (before a reload) is ignored. */
export function formTitle(
  entity: EntityDeclaration,
  id: number | null,
  read: EntityRow | null,
  readOnlyReason?: (row: EntityRow) => string | null,
): string {
  if (id === null) return `New ${entity.label.toLowerCase()}`;
  const row = read?.id === id ? read : null;
  const label = row?.[entity.labelField];
  if (row && readOnlyReason && (typeof label === 'string' || typeof label === 'number')) {
    return `${entity.label} ${label}`;
  }
  return `Edit ${entity.label.toLowerCase()}`;
}
