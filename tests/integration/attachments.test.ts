import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../support/api-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// Attachments: the type is judged by the bytes, the size is limited, a download is always an
// attachment with nosniff, and only the areas that hold files (or the uploader) read them.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);

describe.each(backends())('attachments on %s', (backend) => {
  let t: TestServer;
  const tokens = new Map<string, string>();
  const token = async (user: string) => {
    if (!tokens.has(user)) tokens.set(user, await tokenFor(t.url, user));
    return tokens.get(user)!;
  };
  beforeAll(async () => {
    t = await startTestServer({ backend, env: { ATTACHMENTS_MAX_BYTES: '2048' } });
  });
  afterAll(async () => t.close());

  async function upload(
    user: string,
    bytes: Buffer,
    name: string,
    type = 'application/octet-stream',
  ) {
    const response = await fetch(`${t.url}/api/attachments?file_name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token(user)}`, 'content-type': type },
      body: new Uint8Array(bytes),
    });
    return {
      status: response.status,
      body: (await response.json()) as { message: string; data: Record<string, unknown> },
    };
  }
  const get = async (user: string, path: string) =>
    fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${await token(user)}` } });

  it('stores a PDF, answers its metadata and serves it only as a download', async () => {
    const up = await upload('warehouse', PDF, 'CoA lot 7.pdf', 'text/html');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.data).toMatchObject({
      file_name: 'CoA lot 7.pdf',
      // The claimed text/html is ignored: the bytes say PDF.
      content_type: 'application/pdf',
      size_bytes: PDF.length,
    });
    const id = Number(up.body.data.id);
    const meta = await get('supervisor', `/api/attachments/${id}`);
    expect(meta.status).toBe(200);
    const download = await get('supervisor', `/api/attachments/${id}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="CoA lot 7.pdf"/,
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('refuses what is not a PDF, image, text or CSV, whatever its name, and stores nothing', async () => {
    for (const [bytes, name] of [
      [EXE, 'coa.pdf'],
      [HTML, 'coa.txt'],
    ] as const) {
      const up = await upload('warehouse', bytes, name);
      expect(up.status).toBe(422);
      expect(up.body).toMatchObject({ message: 'validation_error', data: { file: 'in' } });
    }
  });

  it('refuses a file over the size limit with `size`, and an empty one as required', async () => {
    const big = await upload('warehouse', Buffer.alloc(4096, 0x41), 'big.txt');
    expect(big.status).toBe(422);
    expect(big.body.data).toEqual({ file: 'size' });
    const empty = await upload('warehouse', Buffer.alloc(0), 'empty.txt');
    expect(empty.status).toBe(422);
  });

  it('keeps a CSV as CSV and strips a path from the name', async () => {
    const up = await upload(
      'supervisor',
      Buffer.from('lot,assay\nA1,100.2\n'),
      '../../etc/results.csv',
    );
    expect(up.status).toBe(201);
    expect(up.body.data).toMatchObject({ file_name: 'results.csv', content_type: 'text/csv' });
  });

  it('lets only the lab and purchase areas upload and read, besides the uploader', async () => {
    const refused = await upload('batcher', Buffer.from('hello'), 'note.txt');
    expect(refused.status).toBe(403);
    const up = await upload('warehouse', Buffer.from('assay ok'), 'coa.txt');
    const id = Number(up.body.data.id);
    expect((await get('batcher', `/api/attachments/${id}`)).status).toBe(403);
    expect((await get('batcher', `/api/attachments/${id}/download`)).status).toBe(403);
    expect((await get('purchase', `/api/attachments/${id}/download`)).status).toBe(200);
    expect((await fetch(`${t.url}/api/attachments/${id}`)).status).toBe(401);
    expect((await get('warehouse', '/api/attachments/999999')).status).toBe(404);
  });
});
