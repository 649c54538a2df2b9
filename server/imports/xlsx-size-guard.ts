import { once } from 'node:events';
import { createInflateRaw } from 'node:zlib';

// An XLSX is a zip of XML, and a few hundred kilobytes of deflate can unpack to gigabytes (a
// "zip bomb": 1.2 MB on the wire, 348 MB of sheet XML). ExcelJS loads the whole workbook and
// builds every cell, so what it is handed must be bounded before it sees it. This guard reads
// the zip's central directory (the sizes each entry declares), then inflates every entry
// itself, counting the bytes that really come out (a declared size can lie) and the rows and
// cells of the sheets, and stops at the first limit crossed, without keeping what it inflated.

/** What one import file may hold; beyond it the file is refused before it is loaded. */
export const XLSX_LIMITS = {
  /** All entries of the zip together, unpacked. */
  unzippedBytes: 100 * 1024 * 1024,
  /** `<row>` elements over every sheet of the workbook (ExcelJS loads them all). */
  rows: 200_000,
  /** `<c>` (cell) elements over every sheet. */
  cells: 2_000_000,
} as const;

export type XlsxLimits = { unzippedBytes: number; rows: number; cells: number };

/** A file past one of XLSX_LIMITS: the message names the limit, for the uploader. */
export class FileTooLargeError extends Error {}

/** Not a zip the guard can read; ExcelJS would not read it either. */
export class NotAZipError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The end record is 22 bytes plus a comment of up to 65,535. */
const EOCD_SEARCH = 22 + 0xffff;

type Entry = { name: string; method: number; compressed: number; declared: number; offset: number };

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function entriesOf(zip: Buffer): Entry[] {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - EOCD_SEARCH); i -= 1) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new NotAZipError('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: Entry[] = [];
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL)
      throw new NotAZipError('broken central directory');
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({
      method: zip.readUInt16LE(at + 10),
      compressed: zip.readUInt32LE(at + 20),
      declared: zip.readUInt32LE(at + 24),
      offset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** The entry's deflated (or stored) bytes, found through its local header. */
function dataOf(zip: Buffer, entry: Entry): Buffer {
  const at = entry.offset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL)
    throw new NotAZipError('broken local header');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressed > zip.length) throw new NotAZipError('truncated entry');
  return zip.subarray(start, start + entry.compressed);
}

/** Counts `<row …>` and `<c …>` start tags (any namespace prefix) across chunk boundaries. */
class SheetCounter {
  rows = 0;
  cells = 0;
  private carry = '';
  private static readonly TAG = /<(?:[A-Za-z_][\w.-]{0,20}:)?(row|c)[\s>/]/g;

  add(chunk: Buffer): void {
    const text = this.carry + chunk.toString('latin1');
    for (const match of text.matchAll(SheetCounter.TAG)) {
      // A tag that ended inside the carried tail was counted with the chunk before.
      if (match.index + match[0].length <= this.carry.length) continue;
      if (match[1] === 'row') this.rows += 1;
      else this.cells += 1;
    }
    this.carry = text.slice(-32);
  }
}

const SHEET = /^xl\/worksheets\/[^/]+\.xml$/i;

/**
 * Refuses (FileTooLargeError) a zip that unpacks past `limits.unzippedBytes`, by the sizes it
 * declares or by what it really inflates to, or whose sheets hold more rows or cells than the
 * limits; NotAZipError for bytes that are not a readable zip.
 */
export async function checkXlsxSize(zip: Buffer, limits: XlsxLimits = XLSX_LIMITS): Promise<void> {
  const entries = entriesOf(zip);
  const declared = entries.reduce((sum, e) => sum + e.declared, 0);
  const tooBig = () =>
    new FileTooLargeError(
      `The spreadsheet unpacks to more than ${megabytes(limits.unzippedBytes)}, the most an import may hold; split it into smaller files`,
    );
  if (declared > limits.unzippedBytes) throw tooBig();
  const counter = new SheetCounter();
  let inflated = 0;
  const take = (chunk: Buffer, sheet: boolean) => {
    inflated += chunk.length;
    if (inflated > limits.unzippedBytes) throw tooBig();
    if (!sheet) return;
    counter.add(chunk);
    if (counter.rows > limits.rows)
      throw new FileTooLargeError(
        `The spreadsheet has more than ${limits.rows.toLocaleString('en-US')} rows, the most an import may hold; split it into smaller files`,
      );
    if (counter.cells > limits.cells)
      throw new FileTooLargeError(
        `The spreadsheet has more than ${limits.cells.toLocaleString('en-US')} cells, the most an import may hold; split it into smaller files`,
      );
  };
  for (const entry of entries) {
    const data = dataOf(zip, entry);
    const sheet = SHEET.test(entry.name);
    if (entry.method === 0) take(data, sheet);
    else if (entry.method === 8) await inflateCounted(data, (chunk) => take(chunk, sheet));
    else throw new NotAZipError(`compression method ${entry.method}`);
  }
}

/** Inflates `data` a chunk at a time, handing each to `take`, which may throw to stop it. */
async function inflateCounted(data: Buffer, take: (chunk: Buffer) => void): Promise<void> {
  const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
  // Set from the 'data' handler: a holder, so the checks below see what it set.
  const state: { stopped: Error | null } = { stopped: null };
  inflate.on('data', (chunk: Buffer) => {
    if (state.stopped) return;
    try {
      take(chunk);
    } catch (error) {
      state.stopped = error instanceof Error ? error : new Error(String(error));
      inflate.destroy();
    }
  });
  const ended = Promise.race([once(inflate, 'end'), once(inflate, 'close')]);
  inflate.end(data);
  try {
    await ended;
  } catch (error) {
    if (!state.stopped)
      throw new NotAZipError(error instanceof Error ? error.message : String(error));
  }
  if (state.stopped) throw state.stopped;
}
