import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachmentsDirectory,
  localDirectoryStore,
} from '../../server/attachments/attachment-store.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { attachments } from '../../server/db/schema/attachments.ts';
import { tokenFor } from '../support/api-client.ts';
import { downloadAttachment, uploadAttachment } from '../support/attachment-client.ts';
import { rawUpload } from '../support/raw-upload.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// Attachments: the type is judged by the bytes and names the file, the size is limited before
// the body is read, a download is always an attachment with nosniff and a safe name, and a file
// is addressed by its random token. Who reads which file is attachments-access.test.ts's.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
const MAX = 2048;

describe.each(backends())('attachments on %s', (backend) => {
  let t: TestServer;
  const tokens = new Map<string, string>();
  const token = async (user: string) => {
    if (!tokens.has(user)) tokens.set(user, await tokenFor(t.url, user));
    return tokens.get(user)!;
  };
  beforeAll(async () => {
    t = await startTestServer({ backend, env: { ATTACHMENTS_MAX_BYTES: String(MAX) } });
    // Its own environment means a database seeded afresh, not the shared template.
  }, 240_000);
  afterAll(async () => t.close());

  const upload = async (user: string, bytes: Buffer, name: string, type?: string) =>
    uploadAttachment(t.url, await token(user), bytes, name, type);
  const get = async (user: string, path: string) =>
    fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${await token(user)}` } });
  const meOf = async (user: string) =>
    (
      await queryRows<{ id: number }>(
        t.server.database.db,
        sql`select id::int as id from users where username = ${user}`,
      )
    )[0]!;
  const count = async () =>
    (
      await queryRows<{ n: number }>(
        t.server.database.db,
        sql`select count(*)::int as n from attachments`,
      )
    )[0]!.n;

  it('stores a PDF, answers its metadata and serves it by its token only as a download', async () => {
    const up = await upload('warehouse', PDF, 'CoA lot 7.pdf', 'text/html');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.data).toMatchObject({
      file_name: 'CoA lot 7.pdf',
      // The claimed text/html is ignored: the bytes say PDF.
      content_type: 'application/pdf',
      size_bytes: PDF.length,
    });
    const fileToken = up.body.data.token;
    expect(fileToken).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const meta = await get('warehouse', `/api/attachments/${fileToken}`);
    expect(meta.status).toBe(200);
    const download = await downloadAttachment(t.url, await token('warehouse'), fileToken);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="CoA lot 7.pdf"; filename*=UTF-8''CoA%20lot%207.pdf`,
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('answers nothing at a serial id or a made-up token, signed in or not', async () => {
    const up = await upload('warehouse', PDF, 'coa.pdf');
    const { id, token: fileToken } = up.body.data;
    for (const path of [`/api/attachments/${id}`, `/api/attachments/${id}/download`]) {
      expect((await get('admin', path)).status, path).toBe(404);
    }
    const madeUp = '00000000-0000-4000-8000-000000000000';
    expect((await get('admin', `/api/attachments/${madeUp}/download`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/attachments/${fileToken}`)).status).toBe(401);
  });

  it('refuses what is not a PDF, image, text or CSV, whatever its name, and stores nothing', async () => {
    const before = await count();
    for (const [bytes, name] of [
      [EXE, 'coa.pdf'],
      [HTML, 'coa.txt'],
    ] as const) {
      const up = await upload('warehouse', bytes, name);
      expect(up.status).toBe(422);
      expect(up.body).toMatchObject({ message: 'validation_error', data: { file: 'in' } });
    }
    expect(await count()).toBe(before);
  });

  it('names a file after its content: a program’s extension becomes the detected type’s', async () => {
    const cases: [Buffer, string, string][] = [
      [PDF, 'Invoice.hta', 'Invoice.pdf'],
      [Buffer.from('@echo off\r\nformat c:\r\n'), 'run.bat', 'run.txt'],
      [Buffer.from('alert(document.cookie)\n'), 'Invoice.js', 'Invoice.txt'],
      [PDF, 'Invoice.pdf.exe', 'Invoice.pdf.pdf'],
      [PDF, 'scan', 'scan.pdf'],
      [PDF, 'Invoice.PDF', 'Invoice.PDF'],
      [JPEG, 'photo.jpeg', 'photo.jpeg'],
      [JPEG, 'photo.png', 'photo.jpg'],
      [Buffer.from('lot,assay\nA1,100.2\n'), '../../etc/results.csv', 'results.csv'],
      [PDF, 'Invoice.pdf. . .', 'Invoice.pdf'],
      [PDF, '..', 'file.pdf'],
      [PDF, 'a:b*c?.pdf', 'a_b_c_.pdf'],
    ];
    for (const [bytes, name, stored] of cases) {
      const up = await upload('warehouse', bytes, name);
      expect(up.status, name).toBe(201);
      expect(up.body.data.file_name, name).toBe(stored);
      const download = await downloadAttachment(
        t.url,
        await token('warehouse'),
        up.body.data.token,
      );
      expect(download.headers.get('content-disposition'), name).toContain(`filename="${stored}"`);
    }
  });

  it('strips bidi marks and control characters from a name, so it reads as it is', async () => {
    // "Invoice‮fdp.exe" shows as "Invoiceexe.pdf" with the override kept.
    const marks = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067'];
    const more = ['\u2068', '\u2069', '\u200e', '\u200f', '\u061c', '\u0007', '\u007f', '\u0085'];
    for (const mark of [...marks, ...more]) {
      const up = await upload('warehouse', PDF, `Invoice${mark}fdp.exe`);
      expect(up.status, JSON.stringify(mark)).toBe(201);
      expect(up.body.data.file_name, JSON.stringify(mark)).toBe('Invoicefdp.pdf');
    }
  });

  it('encodes a non-ASCII name as RFC 6266 asks, with a plain fallback', async () => {
    const up = await upload('warehouse', PDF, 'Facture été (1)\'s "copy" 100%.pdf');
    expect(up.body.data.file_name).toBe("Facture été (1)'s _copy_ 100%.pdf");
    const download = await downloadAttachment(t.url, await token('warehouse'), up.body.data.token);
    expect(download.headers.get('content-disposition')).toBe(
      'attachment; filename="Facture _t_ (1)\'s _copy_ 100_.pdf"; ' +
        "filename*=UTF-8''Facture%20%C3%A9t%C3%A9%20%281%29%27s%20_copy_%20100%25.pdf",
    );
  });

  it('downloads a file kept under a dangerous name before names were cleaned under a safe one', async () => {
    // Kept as an upload used to keep it: the bytes in the store, the name as the browser sent it.
    const store = localDirectoryStore(
      attachmentsDirectory({ DATA_DIR: 'memory://', ATTACHMENTS_DIR: undefined }),
    );
    const sha256 = createHash('sha256').update(PDF).digest('hex');
    const [row] = await t.server.database.db
      .insert(attachments)
      .values({
        fileName: 'Invoice\u202Efdp.hta',
        contentType: 'application/pdf',
        sizeBytes: PDF.length,
        sha256,
        storageKey: await store.put(PDF, sha256),
        createdBy: (await meOf('warehouse')).id,
      })
      .returning({ token: attachments.token });
    const download = await downloadAttachment(t.url, await token('warehouse'), row!.token);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Invoicefdp.pdf"; filename*=UTF-8''Invoicefdp.pdf`,
    );
  });

  it('refuses a file over the size limit with 413 naming the limit, and an empty one as required', async () => {
    const before = await count();
    const big = await upload('warehouse', Buffer.alloc(MAX + 1, 0x41), 'big.txt');
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({
      message: 'payload_too_large',
      data: { file: 'size', max_bytes: MAX },
    });
    const exact = await upload('warehouse', Buffer.alloc(MAX, 0x41), 'exact.txt');
    expect(exact.status).toBe(201);
    const empty = await upload('warehouse', Buffer.alloc(0), 'empty.txt');
    expect([empty.status, empty.body.data]).toEqual([422, { file: 'required' }]);
    expect(await count()).toBe(before + 1);
  });

  it('refuses a too-large Content-Length before reading the body: 413 while the client is still sending', async () => {
    const before = await count();
    // 100 MB announced, 1 KB sent: the rest is never written, so only an answer given from the
    // header can come back (one that waited for the body would never come).
    const announced = 100 * 1024 * 1024;
    const answer = await rawUpload(
      t.url,
      '/api/attachments?file_name=big.pdf',
      await token('warehouse'),
      {
        contentLength: announced,
        sent: Buffer.alloc(1024, 0x41),
      },
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({
      message: 'payload_too_large',
      data: { file: 'size', max_bytes: MAX },
    });
    // The client is told to stop sending: the connection is not kept for another request.
    expect(answer.headers).toMatch(/\r\nconnection: close/i);
    expect(await count()).toBe(before);
  });

  it('caps a chunked upload without a length as it streams: 413 once past the limit, the rest unsent', async () => {
    const before = await count();
    const answer = await rawUpload(
      t.url,
      '/api/attachments?file_name=big.txt',
      await token('warehouse'),
      {
        // One KB past the limit, and no closing chunk: the upload never ends.
        sent: Buffer.alloc(MAX + 1024, 0x41),
      },
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ data: { file: 'size', max_bytes: MAX } });
    expect(await count()).toBe(before);
  });

  it('lets only the roles of documents with files upload', async () => {
    for (const role of ['batcher', 'sealer', 'trainer', 'sale']) {
      expect((await upload(role, Buffer.from('hello'), 'note.txt')).status, role).toBe(403);
    }
    for (const role of ['warehouse', 'supervisor', 'purchase', 'manager', 'qa_manager', 'admin']) {
      expect((await upload(role, Buffer.from('hello'), 'note.txt')).status, role).toBe(201);
    }
  });
});
