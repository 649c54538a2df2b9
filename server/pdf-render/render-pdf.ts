import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { typeScriptWorker } from '../worker-boot.ts';
import type { FromPdfWorker, PdfDocument, PdfReading, ToPdfWorker } from './pdf-documents.ts';

// PDFs are laid out in worker threads (pdf.worker.ts), never on the event loop: a long order
// takes a good part of a second of pure computation, and every other request would wait for
// it. A few workers (one core is left to the server) take documents one at a time from a
// queue; a worker stays for the next document and ends after a while with nothing to do, and
// one that dies fails its document only (the next request starts a fresh one).

const BOOT = typeScriptWorker(new URL('./pdf.worker.ts', import.meta.url));
const WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));
const IDLE_MS = 60_000;
/** A worker's heap: far more than the longest document needs, far less than the server's. */
const LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 };

type Job = {
  message: ToPdfWorker;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
};
type Slot = { worker: Worker; job: Job | null; idle: NodeJS.Timeout | null };

const slots = new Set<Slot>();
const queue: Job[] = [];
let ids = 0;

function settle(slot: Slot, answer: FromPdfWorker): void {
  const job = slot.job;
  slot.job = null;
  if (job && job.message.id === answer.id) {
    if ('bytes' in answer)
      job.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.length));
    else job.reject(new Error(`the PDF could not be laid out: ${answer.failed}`));
  }
  slot.idle = setTimeout(() => void slot.worker.terminate(), IDLE_MS).unref();
  pump();
}

function lose(slot: Slot, error: Error): void {
  if (!slots.delete(slot)) return;
  if (slot.idle) clearTimeout(slot.idle);
  slot.job?.reject(error);
  slot.job = null;
  pump();
}

function start(): Slot {
  const worker = new Worker(BOOT, { eval: true, resourceLimits: LIMITS });
  const slot: Slot = { worker, job: null, idle: null };
  worker.on('message', (answer: FromPdfWorker) => settle(slot, answer));
  worker.on('error', (error) => lose(slot, error));
  worker.on('exit', (code) => lose(slot, new Error(`the PDF worker stopped (exit code ${code})`)));
  // Workers never keep the process alive: the HTTP server does while it serves. After the
  // listeners, since listening for messages takes a reference on the worker's port again.
  worker.unref();
  slots.add(slot);
  return slot;
}

function pump(): void {
  while (queue.length > 0) {
    const free = [...slots].find((s) => s.job === null) ?? (slots.size < WORKERS ? start() : null);
    if (!free) return;
    const job = queue.shift()!;
    if (free.idle) clearTimeout(free.idle);
    free.idle = null;
    free.job = job;
    free.worker.postMessage(job.message);
  }
}

/** The document laid out from its reading in a PDF worker: the file's bytes. */
export function renderPdf<D extends PdfDocument>(
  document: D,
  reading: PdfReading<D>,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    ids += 1;
    queue.push({ message: { id: ids, document, reading }, resolve, reject });
    pump();
  });
}

/** Documents handed to the workers and not yet answered (queued or being laid out). */
export const pdfRendersUnderWay = () =>
  queue.length + [...slots].filter((s) => s.job !== null).length;
