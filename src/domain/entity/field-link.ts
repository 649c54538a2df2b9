import { LIST_URL_KEYS } from '../table-filter/list-url.ts';
import type { EntityField } from './entity-field.ts';

// Where a linked list cell leads (EntityField `link`), from its row: a record's form route,
// or a list filtered to one value in the list URL's own format (list-url.ts), so the link
// is the address a person would get by filtering that list by hand.

export function fieldLinkOf(
  field: EntityField,
  row: Readonly<Record<string, unknown>>,
): string | null {
  const link = field.link;
  if (!link) return null;
  const key = 'idField' in link ? link.idField : link.filterBy;
  const value = row[key];
  if (typeof value !== 'number' && !(typeof value === 'string' && value !== '')) return null;
  if ('idField' in link) return `${link.path}/${value}`;
  const filter = JSON.stringify([[link.filterBy, 'number', [['equals', Number(value)]]]]);
  return `${link.path}?${new URLSearchParams([[LIST_URL_KEYS.filter, filter]]).toString()}`;
}
