import { inflateSync } from 'node:zlib';

// What a PDF file says, read back without a PDF library: the page count from its page tree and
// the text of its content streams (inflated when Flate-compressed), from the strings shown by
// Tj and TJ. Strings in the standard fonts are WinAnsi codes, one byte a character; strings in
// an embedded font are two-byte glyph codes, read back through the font's ToUnicode map (the
// map a reader copies and searches with), and a right-to-left string, drawn glyph by glyph
// from the left, is turned back to the order it is read in. Enough for the PDFs the server
// writes with pdfkit; not a general PDF reader.

export type PdfReading = {
  /** `/Count` of the root page tree. */
  pageCount: number;
  /** `/Type /Page` objects in the file: the same number when the tree is whole. */
  pageObjects: number;
  /** Each shown string, in the order of the content streams. */
  strings: string[];
  /** The strings joined with line breaks. */
  text: string;
  /** The font names of the fonts whose file is embedded (a subset's tag included). */
  embeddedFonts: string[];
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

/** Glyph code → the text it stands for, per font resource name (F1, F2…) that has a map. */
type ToUnicode = Map<string, Map<number, string>>;

const RTL = /[\p{scx=Arabic}\p{scx=Hebrew}]/u;

function glyphString(hex: string, map: Map<number, string>): string {
  const clean = hex.replace(/\s+/g, '');
  const glyphs: string[] = [];
  for (let i = 0; i < clean.length; i += 4)
    glyphs.push(map.get(parseInt(clean.slice(i, i + 4), 16)) ?? '\ufffd');
  return (RTL.test(glyphs.join('')) ? glyphs.reverse() : glyphs).join('');
}

/** The strings of one content stream's text-showing operators. */
function shownStrings(content: string, maps: ToUnicode): string[] {
  const out: string[] = [];
  let map: Map<number, string> | undefined;
  const hex = (h: string) => (map ? glyphString(h, map) : hexString(h));
  const shows =
    /\/(F\d+)\s+[\d.]+\s+Tf|\[((?:[^\]\\]|\\.)*)\]\s*TJ|<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:[^)\\]|\\.)*)\)\s*Tj/g;
  for (const m of content.matchAll(shows)) {
    if (m[1] !== undefined) map = maps.get(m[1]);
    else if (m[2] !== undefined) {
      const parts = [...m[2].matchAll(/<([0-9A-Fa-f\s]*)>|\(((?:[^)\\]|\\.)*)\)/g)];
      const pieces = parts.map((p) => p[1] ?? null);
      // Kerning splits a string into pieces; an embedded font's are glyph codes read as one.
      out.push(
        map && pieces.every((p) => p !== null)
          ? hex(pieces.join(''))
          : parts.map((p) => (p[1] !== undefined ? hex(p[1]) : literalString(p[2] ?? ''))).join(''),
      );
    } else if (m[3] !== undefined) out.push(hex(m[3]));
    else out.push(literalString(m[4] ?? ''));
  }
  return out;
}

type PdfObject = { dict: string; stream: Buffer | null };

/** Every numbered object: its dictionary and, for a stream, its data (inflated). */
function objectsOf(file: Buffer, raw: string): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  for (const m of raw.matchAll(
    /(\d+) 0 obj\s*<<((?:(?!>>\s*(?:stream|endobj))[\s\S])*)>>\s*(stream\r?\n)?/g,
  )) {
    const dict = m[2] ?? '';
    let stream: Buffer | null = null;
    if (m[3]) {
      const begin = (m.index ?? 0) + m[0].length;
      const data = file.subarray(begin, raw.indexOf('endstream', begin));
      try {
        stream = /\/FlateDecode/.test(dict) ? inflateSync(data) : data;
      } catch {
        stream = null;
      }
    }
    objects.set(Number(m[1]), { dict, stream });
  }
  return objects;
}

/** A ToUnicode CMap's bfrange arrays and bfchar pairs: glyph code → text. */
function cmapOf(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const text = (hex: string) =>
    String.fromCharCode(...(hex.match(/[0-9A-Fa-f]{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const m of cmap.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*\[([^\]]*)\]/g)) {
    const start = parseInt(m[1]!, 16);
    [...(m[3] ?? '').matchAll(/<([0-9A-Fa-f\s]*)>/g)].forEach((e, i) =>
      map.set(start + i, text(e[1] ?? '')),
    );
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of (block[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f\s]+)>/g))
      map.set(parseInt(m[1]!, 16), text(m[2] ?? ''));
  return map;
}

/** The ToUnicode map of each font resource name that has one. */
function toUnicodeMaps(raw: string, objects: Map<number, PdfObject>): ToUnicode {
  const maps: ToUnicode = new Map();
  for (const m of raw.matchAll(/\/(F\d+)\s+(\d+) 0 R/g)) {
    const font = objects.get(Number(m[2]));
    const ref = font && /\/ToUnicode\s+(\d+) 0 R/.exec(font.dict);
    const cmap = ref && objects.get(Number(ref[1]))?.stream;
    if (cmap) maps.set(m[1]!, cmapOf(cmap.toString('latin1')));
  }
  return maps;
}

export function readPdf(bytes: Uint8Array): PdfReading {
  const file = Buffer.from(bytes);
  const raw = file.toString('latin1');
  if (!raw.startsWith('%PDF-')) throw new Error('not a PDF file');
  const strings: string[] = [];
  const objects = objectsOf(file, raw);
  const maps = toUnicodeMaps(raw, objects);
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
    strings.push(...shownStrings(content, maps));
  }
  const tree = /\/Type\s*\/Pages\b[^]*?\/Count\s+(\d+)/.exec(raw);
  return {
    pageCount: Number(tree?.[1] ?? 0),
    pageObjects: [...raw.matchAll(/\/Type\s*\/Page(?![s\w])/g)].length,
    strings,
    text: strings.join('\n'),
    embeddedFonts: [...objects.values()]
      .filter((o) => /\/FontFile[23]?\s/.test(o.dict))
      .map((o) => /\/FontName\s*\/([^\s/>]+)/.exec(o.dict)?.[1] ?? ''),
  };
}
