import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';

// A real S3-compatible server (s3rver, files on disk) on a free loopback port, with one bucket,
// and a signed client to look inside it the way any S3 tool would.

/** s3rver's one key pair. */
export const S3RVER_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** ATTACHMENTS_S3_* for a Plantline server that keeps its files in this bucket. */
  env: Record<string, string>;
  /** The object's bytes, or null when the bucket has no such key. */
  object(key: string): Promise<Buffer | null>;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
};

export async function startS3Server(bucket = 'plantline-test'): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'plantline-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new AwsClient({ ...S3RVER_KEY, service: 's3', region: 'us-east-1', retries: 0 });
  return {
    endpoint,
    bucket,
    env: {
      ATTACHMENTS_S3_ENDPOINT: endpoint,
      ATTACHMENTS_S3_BUCKET: bucket,
      ATTACHMENTS_S3_REGION: 'us-east-1',
      ATTACHMENTS_S3_ACCESS_KEY_ID: S3RVER_KEY.accessKeyId,
      ATTACHMENTS_S3_SECRET_ACCESS_KEY: S3RVER_KEY.secretAccessKey,
    },
    async object(key) {
      const response = await client.fetch(`${endpoint}/${bucket}/${key}`);
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`s3rver answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async keys() {
      const response = await client.fetch(`${endpoint}/${bucket}?list-type=2&max-keys=1000`);
      const xml = await response.text();
      return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
