import {
  STANDARD_FIELDS,
  type EntityDeclaration,
} from '../../../domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import type { LineItems } from '../../../domain/entity/line-fields.ts';
import { cellText } from '../grid/cell-text.ts';
import { sameValue, type FormValues } from './form-values.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// What an open record does when a newer version of it arrives (someone else saved it, an event
// moved it, another document's effect touched it). A page nobody is editing simply shows the
// new version. A page with typed, unsaved values keeps them: the new version is held, and the
// person is told what changed (field by field, as the page reads it) and by whom, to take it
// (their typed values kept on top) or keep editing. A save or workflow step refused as stale
// says the same thing.

/** One field that reads differently in the newer version, as the page shows it. */
export type RecordChange = { name: string; label: string; from: string; to: string };

/** A newer version of the record the page holds, not shown yet because of typed values. */
export type IncomingVersion = {
  row: EntityRow;
  changes: readonly RecordChange[];
  /** Who saved it, when the row says. */
  by: string | null;
};

export type FollowDecision =
  /** Not newer than what the page holds (its own save, a repeated broadcast), or kept over. */
  | { kind: 'ignore' }
  /** Nothing typed: show the new version. */
  | { kind: 'adopt'; row: EntityRow }
  /** Values typed: keep them, and say what changed underneath. */
  | { kind: 'hold'; incoming: IncomingVersion };

/** Bookkeeping columns every row carries; their moving is not news to the reader. */
const BOOKKEEPING = new Set(STANDARD_FIELDS.map((f) => f.name));

function shownFields(entity: Pick<EntityDeclaration, 'fields'>): readonly EntityField[] {
  return entity.fields.filter((f) => !BOOKKEEPING.has(f.name) && f.kind !== 'json');
}

function count(rows: unknown): number {
  return Array.isArray(rows) ? rows.length : 0;
}

function linesText(n: number): string {
  return n === 1 ? '1 line' : `${n} lines`;
}

/** The fields (and lines) that read differently in `after` than in `before`. */
export function changesBetween(
  entity: Pick<EntityDeclaration, 'fields'>,
  before: EntityRow,
  after: EntityRow,
  lines?: Pick<LineItems, 'name' | 'label'>,
): RecordChange[] {
  const changes: RecordChange[] = [];
  for (const field of shownFields(entity)) {
    const from = cellText(field, before);
    const to = cellText(field, after);
    if (from !== to) changes.push({ name: field.name, label: field.label, from, to });
  }
  if (lines && !sameValue(before[lines.name], after[lines.name])) {
    const from = count(before[lines.name]);
    const to = count(after[lines.name]);
    changes.push({
      name: lines.name,
      label: lines.label,
      from: linesText(from),
      to: from === to ? `${linesText(to)}, edited` : linesText(to),
    });
  }
  return changes;
}

/** What the page does with `fresh`, holding `current` with typed values or not. */
export function followRecord(
  entity: Pick<EntityDeclaration, 'fields'>,
  current: EntityRow | null,
  fresh: EntityRow,
  typing: {
    dirty: boolean;
    lines?: Pick<LineItems, 'name' | 'label'>;
    /**
     * The newest version the person chose to keep editing over: the poll that re-reads the
     * record brings it again, and telling them again would undo their choice.
     */
    kept?: number | null;
  },
): FollowDecision {
  if (current === null || current.id !== fresh.id || fresh.version <= current.version) {
    return { kind: 'ignore' };
  }
  const { dirty, lines, kept } = typing;
  if (!dirty) return { kind: 'adopt', row: fresh };
  if (kept != null && fresh.version <= kept) return { kind: 'ignore' };
  const by = fresh.updated_by_name;
  return {
    kind: 'hold',
    incoming: {
      row: fresh,
      changes: changesBetween(entity, current, fresh, lines),
      by: typeof by === 'string' && by !== '' ? by : null,
    },
  };
}

/**
 * The values of a form taking a newer version: theirs, with what this person typed (fields
 * changed from `before`, the lines when edited, and `keep`, inputs never read back) on top.
 * `conflicts` names the typed fields the newer version changed too.
 */
export function typedOnTop(options: {
  fields: readonly EntityField[];
  lines?: Pick<LineItems, 'name'>;
  keep?: readonly string[];
  before: FormValues;
  mine: FormValues;
  theirs: FormValues;
}): { values: FormValues; conflicts: readonly EntityField[] } {
  const { fields, lines, keep = [], before, mine, theirs } = options;
  const edited = fields.filter((f) => !sameValue(mine[f.name], before[f.name]));
  const values: FormValues = { ...theirs };
  for (const name of keep) values[name] = mine[name];
  for (const f of edited) values[f.name] = mine[f.name];
  if (lines && !sameValue(mine[lines.name], before[lines.name])) {
    values[lines.name] = mine[lines.name];
  }
  return {
    values,
    conflicts: edited.filter((f) => !sameValue(theirs[f.name], before[f.name])),
  };
}
