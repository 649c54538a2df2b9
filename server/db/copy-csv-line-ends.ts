import { Transform, type TransformCallback } from 'node:stream';

// COPY … WITH (FORMAT csv) ends each row with LF; the CSV files we hand out end rows with
// CRLF (RFC 4180, and what the JS writer always wrote). A line break inside a quoted value is
// part of the value and stays as it is, so the transform tracks whether it is inside quotes,
// across chunks too: a chunk may end anywhere, even between the two quotes of an escaped `""`
// (counting quotes still works there, as each quote flips the state).

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** Turns every row-ending LF of a COPY CSV stream into CRLF. */
export function copyCsvLineEnds(): Transform {
  let quoted = false;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      // First the row ends of this chunk, then one copy into a buffer of the exact size.
      const ends: number[] = [];
      let at = 0;
      // indexOf scans natively, and each next quote / LF is looked up once (a chunk without
      // quotes must not be searched to its end again for every row).
      let open = -2;
      let lf = -2;
      while (at < chunk.length) {
        if (open !== -1 && open < at) open = chunk.indexOf(QUOTE, at);
        if (quoted) {
          if (open < 0) break;
          quoted = false;
          at = open + 1;
          continue;
        }
        if (lf !== -1 && lf < at) lf = chunk.indexOf(LF, at);
        if (lf >= 0 && (open < 0 || lf < open)) {
          ends.push(lf);
          at = lf + 1;
        } else if (open >= 0) {
          quoted = true;
          at = open + 1;
        } else break;
      }
      if (ends.length === 0) return done(null, chunk);
      const out = Buffer.allocUnsafe(chunk.length + ends.length);
      let from = 0;
      let to = 0;
      for (const end of ends) {
        to += chunk.copy(out, to, from, end);
        out[to] = CR;
        out[to + 1] = LF;
        to += 2;
        from = end + 1;
      }
      chunk.copy(out, to, from);
      done(null, out);
    },
  });
}
