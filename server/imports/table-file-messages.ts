import type { ImportMapping } from '../../src/domain/imports/import-column.ts';
import type { FileRow } from './read-table-file.ts';

// What an import job and the worker reading its file (table-file.worker.ts) say to each other.

/** Job → worker: open the bytes; map the columns (and count the rows); the next batch. */
export type ToTableFile =
  | { type: 'open'; fileName: string; bytes: Uint8Array }
  | { type: 'map'; mapping: ImportMapping; size: number }
  | { type: 'next' };

/** Data rows the worker sends back with the header row: what the mapping screen shows. */
export const FIRST_ROWS = 5;

/**
 * Worker → job: one answer per message, or why it failed (`unreadable`: not a table file;
 * `tooLarge`: past the limits of xlsx-size-guard.ts).
 */
export type FromTableFile =
  | { type: 'opened'; headers: string[]; labels: string[]; first: FileRow[] }
  | { type: 'mapped'; total: number }
  | { type: 'batch'; rows: FileRow[] | null }
  | { type: 'failed'; unreadable: boolean; tooLarge: boolean; message: string };
