import { readFile } from 'node:fs/promises';

/**
 * A database template kept in this process's memory, as the Blob PGlite loads a data directory
 * from. PGlite reads the template once through arrayBuffer(), and Node 20's Blob copies its
 * bytes out in small chunks: with the file read and the Blob built, that was about two of the
 * three seconds of CPU PGlite took to open a 76 MB template. This one hands over its
 * buffer as it is, so every start in the process shares it. PGlite only reads it: each file of
 * the tar is copied into PGlite's own in-memory file system.
 */
class HeldTemplate extends Blob {
  readonly #bytes: ArrayBuffer;

  constructor(bytes: ArrayBuffer) {
    super();
    this.#bytes = bytes;
  }

  override get size(): number {
    return this.#bytes.byteLength;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

const held = new Map<string, Promise<ArrayBuffer>>();

/** The template at `key` (a file's path), read by `read` the first time this process asks. */
export async function heldTemplate(key: string, read: () => Promise<ArrayBuffer>): Promise<Blob> {
  let bytes = held.get(key);
  if (!bytes) {
    bytes = read();
    held.set(key, bytes);
    bytes.catch(() => held.delete(key));
  }
  return new HeldTemplate(await bytes);
}

/** The template in `file`, read the first time this process asks for it. */
export function heldTemplateFile(file: string): Promise<Blob> {
  return heldTemplate(file, async () => arrayBufferOf(await readFile(file)));
}

/** The bytes a file was read into, as an ArrayBuffer of their own (copied only if shared). */
function arrayBufferOf(file: Buffer): ArrayBuffer {
  const whole = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength;
  const bytes = whole
    ? file.buffer
    : file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
  return bytes as ArrayBuffer;
}
