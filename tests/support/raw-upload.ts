import { connect } from 'node:net';

// An upload written by hand on a socket, to see what the server answers before the client has
// finished sending: the request's head and the first part of its body go out, the rest never
// does, and the answer is read as it comes.

export type RawUpload = {
  /** Announce this Content-Length; without it the body is sent chunked. */
  contentLength?: number;
  /** The part of the body that is sent; the socket then waits, still open for more. */
  sent: Buffer;
};

export type RawAnswer = { status: number; headers: string; body: unknown };

export function rawUpload(
  baseUrl: string,
  path: string,
  token: string,
  upload: RawUpload,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const chunked = upload.contentLength === undefined;
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    `Authorization: Bearer ${token}`,
    'Content-Type: application/octet-stream',
    chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${upload.contentLength}`,
    '',
    '',
  ].join('\r\n');
  // Chunked, each KB is a chunk of its own and the closing empty chunk is never sent.
  const chunks: Buffer[] = [];
  for (let at = 0; at < upload.sent.length; at += 1024) {
    const part = upload.sent.subarray(at, at + 1024);
    chunks.push(
      chunked
        ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')])
        : part,
    );
  }
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(head);
      for (const chunk of chunks) socket.write(chunk);
    });
    let received = Buffer.alloc(0);
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const headers = received.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? NaN);
      const body = received.subarray(end + 4);
      if (!(body.length >= length)) return;
      socket.destroy();
      resolve({
        status: Number(headers.split(' ')[1]),
        headers,
        body: JSON.parse(body.subarray(0, length).toString('utf8')) as unknown,
      });
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error('closed before a whole answer came')));
  });
}
