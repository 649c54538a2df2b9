import { entityNamed } from '../../../domain/entities/entity-registry.ts';
import {
  listFields,
  searchHitPath,
  type EntityDeclaration,
} from '../../../domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import {
  timelineChangeKey,
  timelineRefKey,
  type TimelineEntry,
} from '../../../domain/entity/timeline-entry.ts';
import { statusLabel } from '../../../domain/status-tags.ts';
import { formatDate, formatDateTime } from '../../../domain/formats/date.format.ts';
import { formatAmount } from '../../../domain/formats/number.format.ts';
import { cellText } from '../grid/cell-text.ts';

// What a timeline line says beyond its event: the fields an audited write set or changed
// ('Planned units: 100 → 120', 'Product: EL-MNG-30 · Mango') and the counts a transition carried ('Bottled units: 1,200'),
// each under the label the entity declares and in its display format. A key the entity does not
// declare reads in words ('Item · CoA attachment'), and a row it names by the label the server
// found (never 'Supplierid: 5'), a list of rows by each one's ('Assigned: Maya Chen, Arjun
// Mehta', never 'Assigned: [10]'), and one row of a record that opens leads to it ('Rd
// sample: SM-00010' opens the sample). A status reads by its label, never its code.

/** `to`: where the one row the line names opens, when it opens anywhere. */
export type ChangeLine = { label: string; text: string; to?: string };

/** Keys a person never needs to read in a story (bookkeeping of every row). */
const SKIPPED = new Set(['id', 'version', 'seq', 'updated_at', 'updated_by', 'created_at']);

function fieldOf(entity: EntityDeclaration, name: string): EntityField | undefined {
  return listFields(entity).find((f) => f.name === name);
}

function valueText(
  field: EntityField | undefined,
  value: unknown,
  labels: TimelineEntry['labels'],
  target?: string,
): string {
  if (value === null || value === undefined || value === '') return '—';
  // A reference was written as its id: the server says how that row reads now; a row since
  // deleted keeps its number.
  const refTo = refTarget(field, target);
  if (refTo && (typeof value === 'number' || typeof value === 'string')) {
    return labels[timelineRefKey(refTo, value)] ?? `#${value}`;
  }
  if (refTo && Array.isArray(value)) {
    const named = value.map((v) => valueText(undefined, v, labels, refTo));
    return named.length > 0 ? named.join(', ') : '—';
  }
  if (field && field.kind !== 'enum' && isStatusName(field.name) && typeof value === 'string') {
    return statusLabel(value);
  }
  if (field) {
    const text = cellText(field, { [field.name]: value });
    if (text !== '') return text;
  }
  // A count an event carried keeps the decimals it has: 1200 → '1,200', 2.5 → '2.5'.
  if (typeof value === 'number') return formatAmount(value, 6);
  if (typeof value === 'string') return stringText(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return JSON.stringify(value);
}

const isStatusName = (name: string) => name === 'status' || name.endsWith('_status');

const refTarget = (field: EntityField | undefined, target: string | undefined) =>
  field?.kind === 'ref' ? field.ref?.entity : target;

/** Where the row `value` names opens: as Ctrl+K opens a row of its entity. */
function rowPath(
  field: EntityField | undefined,
  value: unknown,
  labels: TimelineEntry['labels'],
  target: string | undefined,
): string | undefined {
  const refTo = refTarget(field, target);
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (!refTo || typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return undefined;
  // A row the server could not name is gone: nothing to open.
  if (labels[timelineRefKey(refTo, id)] === undefined) return undefined;
  const searchable = entityNamed(refTo)?.searchable;
  return searchable ? searchHitPath(searchable, { id }) : undefined;
}

// A moment or a day an event carried under a name the entity does not declare (a transition's
// `shipped_at`) still reads as a date, never as the wire's ISO text.
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function stringText(value: string): string {
  if (ISO_MOMENT.test(value)) return formatDateTime(value) || value;
  if (ISO_DAY.test(value)) return formatDate(value) || value;
  return value.includes('_') ? statusLabel(value) : value;
}

/** A status-like name no field declares, read as a status is. */
const statusOf = (name: string): EntityField => ({ name, label: name, kind: 'text' });

/** `coa_attachment_id` → 'CoA attachment', `rd_sample_id` → 'R&D sample': a name no field
 * declares, in words. */
function wordsOf(name: string): string {
  return statusLabel(name.replace(/_id$/, ''))
    .replace(/\bcoa\b/i, 'CoA')
    .replace(/^rd\b/i, 'R&D');
}

/** `items` → 'Item': the line a nested key is about. */
const lineOf = (group: string) => statusLabel(group.replace(/s$/, ''));

/** The lines of an entry's changes or payload, in the order they were written. */
export function changeLines(entity: EntityDeclaration, entry: TimelineEntry): ChangeLine[] {
  const lines: ChangeLine[] = [];
  for (const [key, value] of Object.entries(entry.changes)) {
    const { group, field: name } = timelineChangeKey(key);
    if (SKIPPED.has(name)) continue;
    const field = group === null ? fieldOf(entity, name) : undefined;
    const own = field?.label ?? wordsOf(name);
    const label = group === null ? own : `${lineOf(group)} · ${own}`;
    const target = entry.refs?.[key];
    // A name no field declares still reads as a status when it is one (`to_status`).
    const known = field ?? (isStatusName(name) ? statusOf(name) : undefined);
    const text = (v: unknown) => valueText(known, v, entry.labels, target);
    const opens = (v: unknown) => {
      const to = rowPath(field, v, entry.labels, target);
      return to ? { to } : {};
    };
    const isDiff = entry.kind === 'audit' && Array.isArray(value) && value.length === 2;
    if (!isDiff) {
      lines.push({ label, text: text(value), ...opens(value) });
      continue;
    }
    const [before, after] = value as [unknown, unknown];
    lines.push({
      label,
      text:
        entry.event === 'create' || before === null || before === undefined
          ? text(after)
          : `${text(before)} → ${text(after)}`,
      ...opens(after),
    });
  }
  return lines;
}

/** The line's heading: the event as a person says it ('Released', 'Created'), in the words
 * of the document's own buttons where it has them ('Close evaluation'). */
export function entryTitle(
  entry: TimelineEntry,
  eventLabels?: Readonly<Record<string, string>>,
): string {
  if (entry.kind === 'audit') {
    const AUDIT: Record<string, string> = {
      create: 'Created',
      update: 'Edited',
      delete: 'Deleted',
    };
    return AUDIT[entry.event] ?? statusLabel(entry.event);
  }
  return eventLabels?.[entry.event] ?? statusLabel(entry.event);
}
