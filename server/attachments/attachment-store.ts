import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Config } from '../config.ts';

// Where attachment bytes live. The database keeps the metadata and a storage key; a store
// keeps the bytes under that key. Local directory by default; an S3-compatible bucket
// (s3-attachment-store.ts) when ATTACHMENTS_S3_BUCKET is set (attachment-store-for.ts). Both
// keep the same keys, so files copied from one to the other are found by the same rows.

export interface AttachmentStore {
  /** Stores the bytes and answers their new key (`<sha prefix>/<uuid>`). */
  put(bytes: Buffer, sha256: string): Promise<string>;
  get(key: string): Promise<Buffer>;
  /** What the operator reads in logs and /docs: where the files go. */
  readonly describe: string;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

/** A new key for bytes of this digest: `<first two hex of sha256>/<uuid>`. */
export function newAttachmentKey(sha256: string): string {
  return `${sha256.slice(0, 2)}/${randomUUID()}`;
}

/** The key itself, once known to be one of ours: a path or URL is never built from anything else. */
export function checkedAttachmentKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not an attachment key: ${key}`);
  return key;
}

/** Files under `root/<first two hex of sha256>/<uuid>`, written to a temporary name first. */
export function localDirectoryStore(root: string): AttachmentStore {
  const base = resolve(root);
  // Keys come from our own rows, but a path is never built from anything unchecked.
  const pathOf = (key: string) => join(base, checkedAttachmentKey(key));
  return {
    describe: `local directory ${base}`,
    async put(bytes, sha256) {
      const key = newAttachmentKey(sha256);
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.part`;
      await writeFile(partial, bytes, { flag: 'wx', mode: 0o640 });
      await rename(partial, path);
      return key;
    },
    get: (key) => readFile(pathOf(key)),
  };
}

/**
 * The directory of ATTACHMENTS_DIR, else `<DATA_DIR>/attachments` (whatever the database: a
 * PostgreSQL install keeps its files beside its DATA_DIR). An in-memory database
 * (`memory://`, tests) shares one directory under the system's temporary directory, so a
 * database template's files are found by every server started from it.
 */
export function attachmentsDirectory(config: Pick<Config, 'DATA_DIR' | 'ATTACHMENTS_DIR'>) {
  if (config.ATTACHMENTS_DIR) return config.ATTACHMENTS_DIR;
  if (config.DATA_DIR.startsWith('memory://'))
    return join(tmpdir(), 'plantline-memory-attachments');
  return join(config.DATA_DIR, 'attachments');
}
