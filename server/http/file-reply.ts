import type { FastifyReply } from 'fastify';

// A file answered as a download: the browser saves it under `fileName` (readable by the app's
// own fetch across origins, which is how it names the saved file), and no cache keeps a copy
// of a business document.

export function sendFile(
  reply: FastifyReply,
  file: { body: string | Buffer | Uint8Array; type: string; fileName: string },
): FastifyReply {
  return reply
    .header('Content-Type', file.type)
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('Access-Control-Expose-Headers', 'Content-Disposition')
    .header('Cache-Control', 'no-store')
    .send(file.body);
}
