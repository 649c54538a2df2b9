import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

// A hostile XLSX built by hand: a real workbook's few parts and one sheet whose XML repeats a
// row until it is `sheetBytes` long, deflated to a small file (100 MB of XML is about 100 KB).
// `lie` makes its central directory declare a tiny size, as a crafted file can, so only the
// bytes that really inflate can tell. Used by the import tests and bench/import-bomb.bench.ts.

export type XlsxBombOptions = {
  /** Uncompressed size of the sheet's XML, about. */
  sheetBytes: number;
  /** Declare 1 KB for the sheet in the zip's directory instead of its real size. */
  lie?: boolean;
};

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const PARTS: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
};

type Part = { name: string; data: Buffer; crc: number; size: number };

/** Deflates `head`, `body` repeated to about `bytes`, and `tail`, without holding the XML. */
async function deflatedRepeat(head: string, body: string, tail: string, bytes: number) {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const block = Buffer.from(body.repeat(Math.max(1, Math.floor((1 << 20) / body.length))));
  let crc = crc32(head);
  let size = Buffer.byteLength(head);
  deflate.write(head);
  while (size < bytes) {
    crc = crc32(block, crc);
    size += block.length;
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  crc = crc32(tail, crc);
  size += Buffer.byteLength(tail);
  deflate.end(tail);
  await done;
  return { data: Buffer.concat(out), crc, size };
}

export async function xlsxBomb(options: XlsxBombOptions): Promise<Buffer> {
  const parts: Part[] = [];
  for (const [name, xml] of Object.entries(PARTS)) {
    const raw = Buffer.from(xml);
    parts.push({ name, data: deflateRawSync(raw), crc: crc32(raw), size: raw.length });
  }
  const header = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>sku</t></is></c><c r="B1" t="inlineStr"><is><t>qty</t></is></c></row>`;
  const row = '<row><c t="inlineStr"><is><t>BOMB</t></is></c><c><v>1</v></c></row>';
  const sheet = await deflatedRepeat(header, row, '</sheetData></worksheet>', options.sheetBytes);
  parts.push({
    name: 'xl/worksheets/sheet1.xml',
    data: sheet.data,
    crc: sheet.crc,
    size: options.lie ? 1024 : sheet.size,
  });
  return zipOf(parts);
}

/** A zip of deflated parts: local headers and data, then the central directory. */
function zipOf(parts: readonly Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.crc >>> 0, 16);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(part.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    centrals.push(central, name);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
