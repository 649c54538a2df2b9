import type { EntityDeclaration } from './entity-declaration.ts';
import type { EntityField } from './entity-field.ts';

// The lines of a document (receivings, transfers, counts, tax setups): a header entity plus an
// array of rows sent as `lines` and answered on validation as `lines.3.qty`
// (docs/domain/README.md §0). A line's columns are declared like an entity's fields, so the same
// inputs, rules and payload conversions serve both.

/** One column of a document's lines: an EntityField (wire name, kind, label, rules). */
export type LineField = EntityField;

/** The lines of a document as its form edits them. */
export type LineItems = {
  /** The payload key and error path prefix: `lines` gives `lines.3.qty`. */
  readonly name: string;
  /** 'Lines', 'Taxes': the editor's title. */
  readonly label: string;
  readonly fields: readonly LineField[];
  /** At least this many lines on save (0 by default). */
  readonly minLines?: number;
  /**
   * Send each existing line's `id` back, for a server that updates lines in place. Without it
   * the lines are sent whole, as a replacement of the document's lines.
   */
  readonly keepIds?: boolean;
};

/**
 * A line editor with the record it belongs to: the lines' references are picked by whoever may
 * edit that record, so their pickers must answer those roles (`allDocumentLines()`).
 */
export type DocumentLines = {
  readonly entity: EntityDeclaration;
  readonly lines: LineItems;
};

/** The columns a person edits (the others are shown, never sent). */
export function writableLineFields(lines: LineItems): readonly LineField[] {
  return lines.fields.filter((f) => !f.readOnly && !f.listOnly);
}

/** The error path of one cell, as the server names it: `lines.3.qty`. */
export function lineErrorPath(
  lines: Pick<LineItems, 'name'>,
  index: number,
  field: string,
): string {
  return `${lines.name}.${index}.${field}`;
}
