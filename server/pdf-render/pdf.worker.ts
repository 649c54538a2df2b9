import { parentPort } from 'node:worker_threads';
import { PDF_DOCUMENTS, type FromPdfWorker, type ToPdfWorker } from './pdf-documents.ts';

// The thread PDFs are laid out in (render-pdf.ts starts it): a 3,500-line purchase order is
// measured, cut and compressed here, not on the event loop every other request is served
// from. One document at a time; the file's bytes go back transferred, not copied.

const port = parentPort;
if (!port) throw new Error('pdf.worker.ts runs as a worker thread');

async function render({ id, document, reading }: ToPdfWorker): Promise<FromPdfWorker> {
  const write = PDF_DOCUMENTS[document] as (reading: unknown) => Promise<Buffer>;
  const pdf = await write(reading);
  // Its own ArrayBuffer, so it can be transferred (a small Buffer may sit in Node's pool).
  return { id, bytes: new Uint8Array(pdf) };
}

port.on('message', (message: ToPdfWorker) => {
  render(message).then(
    (answer) =>
      port.postMessage(answer, 'bytes' in answer ? [answer.bytes.buffer as ArrayBuffer] : []),
    (error: unknown) =>
      port.postMessage({
        id: message.id,
        failed: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies FromPdfWorker),
  );
});
