import type { PGlite } from '@electric-sql/pglite';

// A dump of an in-memory PGlite database that another opens quickly (the test suites start
// hundreds of servers from one). Checkpointed first, so the copy opens without replaying the
// write-ahead log; and without the WAL segments the copy cannot need: PostgreSQL keeps
// finished segments and makes the next ones ahead of time, 16 MB each, and every byte of the
// tarball is copied into the new database's in-memory file system on every start.

const BLOCK = 512;
const WAL_SEGMENT = /(^|\/)pg_wal\/([0-9A-F]{24})$/;

export async function dumpPglite(client: PGlite): Promise<Blob> {
  await client.exec('checkpoint');
  const before = await walFiles(client);
  const tar = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
  // A write between the two reads may have moved the log on to a segment made ahead of time.
  const after = await walFiles(client);
  if (after.current !== before.current) return new Blob([tar]);
  // Segment names sort in log order: the copy needs those from the checkpoint's to the last written.
  const unneeded = (name: string) => {
    const segment = walSegmentOf(name);
    return segment !== undefined && (segment < before.redo || segment > before.current);
  };
  return new Blob([withoutEntries(tar, unneeded)]);
}

/** The WAL segment a tarball entry holds, by its file name, if it holds one. */
export function walSegmentOf(name: string): string | undefined {
  return WAL_SEGMENT.exec(name)?.[2];
}

/** The segment of the last checkpoint's redo point and the one being written. */
export async function walFiles(client: PGlite): Promise<{ redo: string; current: string }> {
  const { rows } = await client.query<{ redo: string; current: string }>(
    `select redo_wal_file as redo, pg_walfile_name(pg_current_wal_lsn()) as current
       from pg_control_checkpoint()`,
  );
  return rows[0]!;
}

/** The ustar archive without the files `drop` names (PGlite writes plain ustar entries). */
export function withoutEntries(
  tar: Uint8Array,
  drop: (name: string) => boolean,
): Uint8Array<ArrayBuffer> {
  const kept: Uint8Array[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    // Two zero blocks end the archive; what follows them is kept as it is.
    if (header.every((byte) => byte === 0)) break;
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    const prefix = text(header, 345, 155);
    const name = prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100);
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (!drop(name)) kept.push(tar.subarray(offset, end));
    offset = end;
  }
  kept.push(tar.subarray(offset));
  const out = new Uint8Array(kept.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of kept) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A NUL-terminated field of a tar header. */
function text(header: Uint8Array, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const nul = field.indexOf(0);
  return new TextDecoder().decode(nul === -1 ? field : field.subarray(0, nul));
}
