import type { AttachmentType } from '../../src/domain/attachments/attachment-rules.ts';

// What a file is, judged by its bytes, never by the name or the type the browser claims: a
// renamed executable or HTML page is refused. Text is UTF-8 without control characters and
// without markup a browser would render; CSV is text whose name ends in .csv.

const starts = (bytes: Buffer, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function isPlainText(bytes: Buffer): boolean {
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD')) return false;
  // Tabs, line ends and printable characters only.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text)) return false;
  return !/<\s*(html|script|svg|!doctype|iframe|body)/i.test(text.slice(0, 4096));
}

export function sniffType(bytes: Buffer, fileName: string): AttachmentType | null {
  if (starts(bytes, PDF)) return 'application/pdf';
  if (starts(bytes, PNG)) return 'image/png';
  if (starts(bytes, JPEG)) return 'image/jpeg';
  if (!isPlainText(bytes)) return null;
  return /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
}
