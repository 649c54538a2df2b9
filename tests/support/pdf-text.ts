import { inflateSync } from 'node:zlib';

// What a PDF file says, read back without a PDF library: the page count from its page tree and
// the text of its content streams (inflated when Flate-compressed), from the strings shown by
// Tj and TJ. Enough for documents written with the standard fonts (WinAnsi codes, one byte a
// character), which is how the server writes its PDFs; not a general PDF reader.

export type PdfReading = {
  /** `/Count` of the root page tree. */
  pageCount: number;
  /** `/Type /Page` objects in the file: the same number when the tree is whole. */
  pageObjects: number;
  /** Each shown string, in the order of the content streams. */
  strings: string[];
  /** The strings joined with line breaks. */
  text: string;
};

// WinAnsi differs from Latin-1 only in 0x80–0x9F; the few characters documents use there.
const WIN_ANSI: Readonly<Record<number, string>> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};

const decode = (bytes: Iterable<number>) =>
  Array.from(bytes, (b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');

function hexString(hex: string): string {
  const clean = hex.replace(/\s+/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < clean.length; i += 2)
    bytes.push(parseInt(clean.slice(i, i + 2).padEnd(2, '0'), 16));
  return decode(bytes);
}

function literalString(body: string): string {
  return decode(
    Buffer.from(
      body.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) =>
        /^[0-7]+$/.test(e)
          ? String.fromCharCode(parseInt(e, 8))
          : (({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e),
      ),
      'latin1',
    ),
  );
}

/** The strings of one content stream's text-showing operators. */
function shownStrings(content: string): string[] {
  const out: string[] = [];
  const shows = /\[((?:[^\]\\]|\\.)*)\]\s*TJ|<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:[^)\\]|\\.)*)\)\s*Tj/g;
  for (const m of content.matchAll(shows)) {
    if (m[1] !== undefined) {
      const parts = [...m[1].matchAll(/<([0-9A-Fa-f\s]*)>|\(((?:[^)\\]|\\.)*)\)/g)];
      out.push(
        parts
          .map((p) => (p[1] !== undefined ? hexString(p[1]) : literalString(p[2] ?? '')))
          .join(''),
      );
    } else if (m[2] !== undefined) out.push(hexString(m[2]));
    else out.push(literalString(m[3] ?? ''));
  }
  return out;
}

export function readPdf(bytes: Uint8Array): PdfReading {
  const file = Buffer.from(bytes);
  const raw = file.toString('latin1');
  if (!raw.startsWith('%PDF-')) throw new Error('not a PDF file');
  const strings: string[] = [];
  const starts = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  for (const m of raw.matchAll(starts)) {
    const begin = (m.index ?? 0) + m[0].length;
    const end = raw.indexOf('endstream', begin);
    const data = file.subarray(begin, end);
    let content: string;
    try {
      content = (/\/FlateDecode/.test(m[1] ?? '') ? inflateSync(data) : data).toString('latin1');
    } catch {
      continue;
    }
    strings.push(...shownStrings(content));
  }
  const tree = /\/Type\s*\/Pages\b[^]*?\/Count\s+(\d+)/.exec(raw);
  return {
    pageCount: Number(tree?.[1] ?? 0),
    pageObjects: [...raw.matchAll(/\/Type\s*\/Page(?![s\w])/g)].length,
    strings,
    text: strings.join('\n'),
  };
}
