import { parentPort } from 'node:worker_threads';
import type { ImportMapping } from '../../src/domain/imports/import-column.ts';
import {
  mappedFile,
  openTableFile,
  UnreadableFileError,
  type FileRow,
  type TableFile,
} from './read-table-file.ts';
import { FIRST_ROWS, type FromTableFile, type ToTableFile } from './table-file-messages.ts';
import { FileTooLargeError } from './xlsx-size-guard.ts';

// The worker thread that reads one import file (worker-table-file.ts starts it): decoding,
// CSV records or the XLSX workbook, rows keyed by header and mapped to the kind's columns.
// It holds the file for the job's life and hands its rows out a batch at a time when asked,
// so the server's event loop only validates and writes, and never holds the whole file as rows.

const port = parentPort;
if (!port) throw new Error('table-file.worker.ts runs as a worker thread');

let raw: TableFile | null = null;
let rows: Generator<FileRow[]> | null = null;

function reply(message: FromTableFile): void {
  port!.postMessage(message);
}

async function handle(message: ToTableFile): Promise<void> {
  if (message.type === 'open') {
    raw = await openTableFile(message.fileName, Buffer.from(message.bytes));
    const first = raw.batches(FIRST_ROWS).next();
    return reply({
      type: 'opened',
      headers: raw.headers,
      labels: raw.labels,
      first: first.done ? [] : first.value,
    });
  }
  if (!raw) throw new Error('the file was not opened');
  if (message.type === 'map') {
    const file = mappedFile(raw, message.mapping satisfies ImportMapping);
    let total = 0;
    for (const batch of file.batches(message.size)) total += batch.length;
    rows = file.batches(message.size);
    return reply({ type: 'mapped', total });
  }
  if (!rows) throw new Error('the file was not mapped');
  const next = rows.next();
  reply({ type: 'batch', rows: next.done ? null : next.value });
}

port.on('message', (message: ToTableFile) => {
  handle(message).catch((error: unknown) =>
    reply({
      type: 'failed',
      unreadable: error instanceof UnreadableFileError,
      tooLarge: error instanceof FileTooLargeError,
      message: error instanceof Error ? error.message : String(error),
    }),
  );
});
