import { Worker } from 'node:worker_threads';
import type { ImportMapping } from '../../src/domain/imports/import-column.ts';
import { UnreadableFileError, type FileRow } from './read-table-file.ts';
import type { FromTableFile, ToTableFile } from './table-file-messages.ts';
import { FileTooLargeError } from './xlsx-size-guard.ts';
import { typeScriptWorker } from '../worker-boot.ts';

// An uploaded import file read in a worker thread (table-file.worker.ts), for the job that
// runs on it: a 100,000-row file is decoded and split into rows there, not
// on the event loop every other request is served from. The job opens it (header row), maps
// it to its kind's columns (which counts its rows), then pulls its rows a batch at a time;
// only one batch is in flight, so the worker never runs ahead of the database. The worker is
// ended with the job. A preview is read the same way (its first rows, then the worker ends).
// Each worker has a heap of its own, capped (WORKER_LIMITS): a file that needs more memory
// than that to read kills its worker only, and its upload is refused as too large.

const BOOT = typeScriptWorker(new URL('./table-file.worker.ts', import.meta.url));

/**
 * A worker's heap: enough for ExcelJS to hold the largest workbook xlsx-size-guard.ts lets
 * through (measured in bench/README.md, imports), far less than the server's own.
 */
export const WORKER_LIMITS = { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 64 };

const OUT_OF_MEMORY = `Reading the file needs more than the ${WORKER_LIMITS.maxOldGenerationSizeMb} MB of memory an import may use; split it into smaller files`;

export class WorkerTableFile {
  /** The header row, normalised (headerKey), and as written. */
  headers: string[] = [];
  labels: string[] = [];
  /** The first data rows (FIRST_ROWS at most), for the mapping screen. */
  first: FileRow[] = [];
  private constructor(private readonly worker: Worker) {}

  /** Whether any data row follows the header. */
  get hasRows(): boolean {
    return this.first.length > 0;
  }

  /**
   * Starts the worker on the file's bytes; refuses what it cannot read (UnreadableFileError)
   * and what is past the import limits or the worker's memory (FileTooLargeError).
   */
  static async open(fileName: string, bytes: Buffer): Promise<WorkerTableFile> {
    const worker = new Worker(BOOT, { eval: true, resourceLimits: WORKER_LIMITS });
    const file = new WorkerTableFile(worker);
    try {
      const copy = new Uint8Array(bytes);
      const opened = await file.ask({ type: 'open', fileName, bytes: copy }, [copy.buffer]);
      if (opened.type !== 'opened') throw new Error(`unexpected ${opened.type}`);
      Object.assign(file, { headers: opened.headers, labels: opened.labels, first: opened.first });
      return file;
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  /** Keys each row by the kind's columns (`{column: header}`); answers the number of rows. */
  async map(mapping: ImportMapping, size: number): Promise<number> {
    const mapped = await this.ask({ type: 'map', mapping, size });
    if (mapped.type !== 'mapped') throw new Error(`unexpected ${mapped.type}`);
    return mapped.total;
  }

  /** The mapped rows, a batch of the mapped size at a time; once. */
  async *batches(): AsyncGenerator<FileRow[]> {
    for (;;) {
      const next = await this.ask({ type: 'next' });
      if (next.type !== 'batch') throw new Error(`unexpected ${next.type}`);
      if (next.rows === null) return;
      yield next.rows;
    }
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private ask(message: ToTableFile, transfer: ArrayBuffer[] = []): Promise<FromTableFile> {
    return new Promise((resolve, reject) => {
      const cleanup = () => {
        this.worker.off('message', answered);
        this.worker.off('error', failed);
        this.worker.off('exit', exited);
      };
      const answered = (answer: FromTableFile) => {
        cleanup();
        if (answer.type !== 'failed') return resolve(answer);
        if (answer.tooLarge) return reject(new FileTooLargeError(answer.message));
        reject(
          answer.unreadable ? new UnreadableFileError(answer.message) : new Error(answer.message),
        );
      };
      const failed = (error: Error & { code?: string }) => {
        cleanup();
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new FileTooLargeError(OUT_OF_MEMORY) : error,
        );
      };
      // Ended without an answer (terminated meanwhile): never leave the caller waiting.
      const exited = (code: number) => {
        cleanup();
        reject(new Error(`the file's worker ended (${code}) before it answered`));
      };
      this.worker.on('message', answered);
      this.worker.on('error', failed);
      this.worker.on('exit', exited);
      this.worker.postMessage(message, transfer);
    });
  }
}
