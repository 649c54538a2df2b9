// COPY takes no bound parameters, so a statement built with placeholders ($1, $2, …) gets its
// values written in as literals. Each becomes a quoted literal of no declared type, as
// node-postgres sends a parameter (text of type "unknown"), so PostgreSQL infers the same type
// from the context as it would for the placeholder. Values come from users (filters): they go
// through escapeLiteral, and the text is scanned once, so a `$1` inside a value or inside the
// statement's own string literals, quoted identifiers or comments is never replaced.

type EscapeLiteral = (value: string) => string;

function literal(escape: EscapeLiteral, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return escape(value);
  if (typeof value === 'number' || typeof value === 'bigint') return escape(String(value));
  if (typeof value === 'boolean') return value ? `'true'` : `'false'`;
  if (value instanceof Date) return escape(value.toISOString());
  throw new Error(`inlineParams: cannot write a ${typeof value} parameter as a literal`);
}

/** Where the quoted text, identifier or comment that starts at `at` ends (exclusive). */
function skipQuoted(text: string, at: number): number {
  const c = text[at];
  if (c === '-' && text[at + 1] === '-') {
    const end = text.indexOf('\n', at);
    return end < 0 ? text.length : end + 1;
  }
  if (c === '/' && text[at + 1] === '*') {
    const end = text.indexOf('*/', at + 2);
    return end < 0 ? text.length : end + 2;
  }
  if (c === '$') {
    // A dollar-quoted string: $tag$ … $tag$.
    const tag = /^\$[A-Za-z_]\w*\$|^\$\$/.exec(text.slice(at))?.[0];
    if (!tag) return at;
    const end = text.indexOf(tag, at + tag.length);
    return end < 0 ? text.length : end + tag.length;
  }
  if (c !== "'" && c !== '"') return at;
  // E'…' strings treat a backslash as an escape; elsewhere only a doubled quote is one.
  const backslashes =
    c === "'" && /[eE]/.test(text[at - 1] ?? '') && !/\w/.test(text[at - 2] ?? '');
  let i = at + 1;
  while (i < text.length) {
    const ch = text[i];
    if (backslashes && ch === '\\') i += 2;
    else if (ch === c && text[i + 1] === c) i += 2;
    else if (ch === c) return i + 1;
    else i += 1;
  }
  return text.length;
}

/** `text` with each `$n` outside quotes and comments replaced by `params[n - 1]` as a literal. */
export function inlineParams(
  escape: EscapeLiteral,
  text: string,
  params: readonly unknown[],
): string {
  let out = '';
  let from = 0;
  let i = 0;
  while (i < text.length) {
    const skipped = skipQuoted(text, i);
    if (skipped > i) {
      i = skipped;
      continue;
    }
    const placeholder =
      text[i] === '$' && !/\w/.test(text[i - 1] ?? '')
        ? /^\$(\d+)/.exec(text.slice(i, i + 12))
        : null;
    if (!placeholder) {
      i += 1;
      continue;
    }
    const n = Number(placeholder[1]);
    if (n < 1 || n > params.length) throw new Error(`inlineParams: no value for $${n}`);
    out += `${text.slice(from, i)}${literal(escape, params[n - 1])}`;
    i += placeholder[0].length;
    from = i;
  }
  return out + text.slice(from);
}
