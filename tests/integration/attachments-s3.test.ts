import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_RECEIVINGS } from '../../modules/lab/shared/entities/lab-receivings.entity.ts';
import { attachmentsDirectory } from '../../server/attachments/attachment-store.ts';
import { s3AttachmentStore } from '../../server/attachments/s3-attachment-store.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { attachments } from '../../server/db/schema/attachments.ts';
import { locations } from '../../server/db/schema/general.ts';
import { products } from '../../server/db/schema/inventory.ts';
import { suppliers } from '../../server/db/schema/purchase.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type EntityApiClient, type Row } from '../support/entity-crud.ts';
import { S3RVER_KEY, startS3Server, type S3Server } from '../support/s3-server.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// Attachments in an S3-compatible bucket: a Plantline server configured with
// ATTACHMENTS_S3_* keeps a lab receiving's CoA in a real S3 server (s3rver on 127.0.0.1), serves
// it back byte for byte as a download, and refuses a wrong type or size with nothing stored.

const COA = Buffer.from(
  '%PDF-1.7\n1 0 obj <<>> endobj\n% CoA lot S3-1, assay 100.4 mg/mL\n%%EOF\n',
);
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);

describe('the S3 attachment store configuration', () => {
  const s3 = {
    ATTACHMENTS_S3_ENDPOINT: 'http://127.0.0.1:9000',
    ATTACHMENTS_S3_BUCKET: 'plantline-files',
    ATTACHMENTS_S3_ACCESS_KEY_ID: 'id',
    ATTACHMENTS_S3_SECRET_ACCESS_KEY: 'secret',
  };
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  it('accepts a bucket with its endpoint and keys, and defaults the region', () => {
    expect(loadConfig(s3)).toMatchObject({ ...s3, ATTACHMENTS_S3_REGION: 'us-east-1' });
  });

  it('refuses a bucket without its keys, a bad bucket or endpoint, and keys without a bucket', () => {
    const { ATTACHMENTS_S3_SECRET_ACCESS_KEY: _secret, ...noSecret } = s3;
    expect(problemsOf(noSecret)).toEqual([
      'ATTACHMENTS_S3_SECRET_ACCESS_KEY: is required when ATTACHMENTS_S3_BUCKET is set',
    ]);
    expect(problemsOf({ ...s3, ATTACHMENTS_S3_BUCKET: 'Bad_Bucket' }).join()).toContain(
      'ATTACHMENTS_S3_BUCKET: must be an S3 bucket name',
    );
    expect(problemsOf({ ...s3, ATTACHMENTS_S3_ENDPOINT: 'ftp://files' }).join()).toContain(
      'ATTACHMENTS_S3_ENDPOINT',
    );
    expect(problemsOf({ ...s3, ATTACHMENTS_DIR: '/srv/files' })).toEqual([
      'ATTACHMENTS_DIR: set either it or ATTACHMENTS_S3_BUCKET, not both',
    ]);
    const { ATTACHMENTS_S3_BUCKET: _bucket, ...noBucket } = s3;
    expect(problemsOf(noBucket)).toHaveLength(3);
  });
});

describe('attachments in an S3-compatible bucket', () => {
  let bucket: S3Server;
  let t: TestServer;
  const clients = new Map<string, EntityApiClient>();
  const api = async (user: string) => {
    if (!clients.has(user)) clients.set(user, entityClient(t.url, await tokenFor(t.url, user)));
    return clients.get(user)!;
  };

  beforeAll(async () => {
    bucket = await startS3Server();
    // A fresh demo: its seeded CoAs go into the bucket too.
    t = await startTestServer({ env: { ...bucket.env, ATTACHMENTS_MAX_BYTES: '2048' } });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await bucket?.close();
  });

  async function upload(bytes: Buffer, name: string) {
    const response = await fetch(`${t.url}/api/attachments?file_name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(await api('warehouse')).token}` },
      body: new Uint8Array(bytes),
    });
    return {
      status: response.status,
      body: (await response.json()) as { data: Record<string, unknown> },
    };
  }

  it('keeps a CoA attached to a lab receiving in the bucket and serves it back byte for byte', async () => {
    const db = t.server.database.db;
    const id = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0]!.id;
    const warehouse = await api('warehouse');
    const draft = await warehouse.send<Row>('POST', LAB_RECEIVINGS.api, {
      supplier_id: await id(db.select().from(suppliers).where(eq(suppliers.code, 'SUP-NICO'))),
      location_id: await id(db.select().from(locations).where(eq(locations.code, 'LAB'))),
      received_at: '2026-11-20',
      lines: [
        {
          product_id: await id(db.select().from(products).where(eq(products.sku, 'RM-NIC-FB-100'))),
          supplier_lot_no: 'S3-1',
          qty: 100,
          container_count: 1,
          flashpoint_c: 101.5,
        },
      ],
    });
    expect(draft.httpStatus, JSON.stringify(draft.data)).toBe(201);
    const received = await warehouse.send<Row>(
      'POST',
      `${LAB_RECEIVINGS.api}/${draft.data.id}/events/receive`,
      { version: draft.data.version },
    );
    expect(received.httpStatus, JSON.stringify(received.data)).toBe(200);

    const up = await upload(COA, 'CoA S3-1.pdf');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const attachmentId = Number(up.body.data.id);
    const withCoa = await warehouse.send<Row>(
      'PUT',
      `${LAB_RECEIVINGS.api}/${received.data.id}/items/${(received.data.lines as Row[])[0]!.id}`,
      { version: received.data.version, coa_attachment_id: attachmentId },
    );
    expect(withCoa.httpStatus, JSON.stringify(withCoa.data)).toBe(200);
    expect((withCoa.data.lines as Row[])[0]!.coa_file_name).toBe('CoA S3-1.pdf');

    // The object is in the bucket under the row's key, and not on local disk.
    const [row] = await db.select().from(attachments).where(eq(attachments.id, attachmentId));
    expect(row!.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect((await bucket.object(row!.storageKey))?.equals(COA)).toBe(true);
    const local = attachmentsDirectory({ DATA_DIR: 'memory://', ATTACHMENTS_DIR: undefined });
    expect(existsSync(join(local, row!.storageKey))).toBe(false);

    const download = await fetch(
      `${t.url}/api/attachments/${String(up.body.data.token)}/download`,
      {
        headers: { authorization: `Bearer ${(await api('supervisor')).token}` },
      },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await download.arrayBuffer()).equals(COA)).toBe(true);
  });

  it('refuses a file of the wrong type or over the size, and puts nothing in the bucket', async () => {
    const before = await bucket.keys();
    const exe = await upload(EXE, 'coa.pdf');
    expect(exe.status).toBe(422);
    expect(exe.body).toMatchObject({ data: { file: 'in' } });
    const big = await upload(Buffer.alloc(4096, 0x41), 'big.txt');
    expect(big.status).toBe(413);
    expect(big.body.data).toEqual({ file: 'size', max_bytes: 2048 });
    expect(await bucket.keys()).toEqual(before);
  });

  it('answers a bucket that is not there as a failed upload, naming S3’s reason', async () => {
    const store = s3AttachmentStore({
      endpoint: bucket.endpoint,
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      ...S3RVER_KEY,
    });
    await expect(store.put(COA, 'ab'.repeat(32))).rejects.toThrow(
      /S3 upload of .*: 404 NoSuchBucket/,
    );
    expect(store.describe).toBe(`S3 bucket no-such-bucket at ${bucket.endpoint}`);
  });
});
