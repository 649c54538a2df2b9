// CSV records one at a time (RFC 4180: quoted fields, doubled quotes, CR, LF or CRLF line
// ends), so a large import never holds every row of its file as objects at once. Fields stay
// text exactly as written: "007" is not 7, and 2026-01-31 is not a Date.

/** Each record of `text` as its fields, in file order; blank lines are empty records. */
export function* csvRecords(text: string): Generator<string[]> {
  const length = text.length;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (at < length) {
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (text[at] === '"') {
        at += 1;
        for (;;) {
          const quote = text.indexOf('"', at);
          if (quote === -1) {
            field += text.slice(at);
            at = length;
            break;
          }
          field += text.slice(at, quote);
          at = quote + 1;
          if (text[at] !== '"') break;
          field += '"';
          at += 1;
        }
        // Anything between the closing quote and the separator is kept, as spreadsheets do.
        const end = fieldEnd(text, at);
        field += text.slice(at, end);
        at = end;
      } else {
        const end = fieldEnd(text, at);
        field = text.slice(at, end);
        at = end;
      }
      fields.push(field);
      if (text[at] === ',') {
        at += 1;
        continue;
      }
      break;
    }
    if (text[at] === '\r') at += 1;
    if (text[at] === '\n') at += 1;
    yield fields;
  }
}

/** Where the unquoted field starting at `from` ends: the next comma or line end. */
function fieldEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 44 || c === 10 || c === 13) return i;
  }
  return text.length;
}
