import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { copyCsvLineEnds } from '../../server/db/copy-csv-line-ends.ts';

// COPY writes LF after each row; the files end rows with CRLF. A chunk may end anywhere, so
// every case is also fed cut at every byte boundary (and byte by byte).

async function through(chunks: string[]): Promise<string> {
  const out: Buffer[] = [];
  const source = Readable.from(chunks.map((c) => Buffer.from(c)));
  for await (const chunk of source.pipe(copyCsvLineEnds())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString();
}

function cutsOf(text: string): string[][] {
  const cuts: string[][] = [[text], [...text]];
  for (let i = 1; i < text.length; i += 1) cuts.push([text.slice(0, i), text.slice(i)]);
  return cuts;
}

const CASES: Array<[string, string, string]> = [
  ['plain rows', 'a,b\nc,d\n', 'a,b\r\nc,d\r\n'],
  ['a quoted LF stays', 'a,"x\ny"\nb,c\n', 'a,"x\ny"\r\nb,c\r\n'],
  ['a quoted CRLF stays', '"x\r\ny"\n', '"x\r\ny"\r\n'],
  [
    'escaped quotes keep the parity',
    '"say ""hi""\nthere",1\n2\n',
    '"say ""hi""\nthere",1\r\n2\r\n',
  ],
  ['a value of one quote', '"""",x\n"""\n"\n', '"""",x\r\n"""\n"\r\n'],
  ['empty rows', '\n\n', '\r\n\r\n'],
  ['unicode', 'Ünï,"名\n前"\n🌿\n', 'Ünï,"名\n前"\r\n🌿\r\n'],
];

describe('COPY CSV line ends', () => {
  it.each(CASES)('%s, in one chunk', async (_label, input, expected) => {
    expect(await through([input])).toBe(expected);
  });

  it.each(CASES)('%s, cut at every byte', async (_label, input, expected) => {
    const bytes = Buffer.from(input);
    for (let i = 1; i < bytes.length; i += 1) {
      const out: Buffer[] = [];
      const transform = copyCsvLineEnds();
      transform.on('data', (c: Buffer) => out.push(c));
      transform.write(bytes.subarray(0, i));
      transform.write(bytes.subarray(i));
      transform.end();
      await new Promise((resolve) => transform.on('end', resolve));
      expect(Buffer.concat(out).toString(), `cut at byte ${i}`).toBe(expected);
    }
  });

  it('tracks the quotes across a chunk that ends inside a value', async () => {
    // The LF right after the boundary is inside the quotes opened in the chunk before.
    expect(await through(['a,"open', '\nstill",b\n', 'c\n'])).toBe('a,"open\nstill",b\r\nc\r\n');
    // An LF right after a boundary, outside quotes.
    expect(await through(['a,"x"', '\nb\n'])).toBe('a,"x"\r\nb\r\n');
    // An escaped quote cut in two.
    expect(await through(['"a"', '"b\n"\n'])).toBe('"a""b\n"\r\n');
  });

  it('passes every cut of a string byte by byte the same', async () => {
    const input = 'x,"a\nb ""c""",\n"",""""\n';
    const expected = 'x,"a\nb ""c""",\r\n"",""""\r\n';
    for (const cut of cutsOf(input)) expect(await through(cut)).toBe(expected);
  });
});
