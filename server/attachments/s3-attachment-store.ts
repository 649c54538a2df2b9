import { AwsClient } from 'aws4fetch';
import {
  checkedAttachmentKey,
  newAttachmentKey,
  type AttachmentStore,
} from './attachment-store.ts';

// Attachments in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), addressed path-style
// (`<endpoint>/<bucket>/<key>`) so any of them works without wildcard DNS. Requests are signed
// with AWS Signature V4 by aws4fetch (decision: a 90 kB signer with no dependencies over the
// full SDK's megabytes, since two calls, PUT and GET of one object, are all a store needs)
// and sent with Node's own fetch. The keys are those of the local store.

export type S3StoreOptions = {
  /** `https://s3.ca-central-1.amazonaws.com`, `http://127.0.0.1:9000`… */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** How long one request may take before the upload or download fails (a stuck endpoint). */
const REQUEST_TIMEOUT_MS = 60_000;

/** The bucket's error in words: its status and S3 error code (`NoSuchKey`, `AccessDenied`). */
async function failure(response: Response, what: string): Promise<Error> {
  const body = await response.text().catch(() => '');
  const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1];
  return new Error(`S3 ${what}: ${response.status}${code ? ` ${code}` : ''}`);
}

export function s3AttachmentStore(options: S3StoreOptions): AttachmentStore {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
    // aws4fetch retries 5xx and 429 ten times by default: an upload waits at most two more.
    retries: 2,
  });
  const base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  const urlOf = (key: string) => `${base}/${checkedAttachmentKey(key)}`;
  return {
    describe: `S3 bucket ${options.bucket} at ${options.endpoint}`,
    async put(bytes, sha256) {
      const key = newAttachmentKey(sha256);
      const response = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: {
          'content-type': 'application/octet-stream',
          // The bucket checks the bytes it got against the digest we computed.
          'x-amz-content-sha256': sha256,
        },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) throw await failure(response, `upload of ${key}`);
      return key;
    },
    async get(key) {
      const response = await client.fetch(urlOf(key), {
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) throw await failure(response, `download of ${key}`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
