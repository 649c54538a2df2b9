import { escapeLiteral } from 'pg';
import { describe, expect, it } from 'vitest';
import { inlineParams } from '../../server/db/inline-params.ts';

// COPY takes no bound parameters: the values are written in as literals, and only the
// statement's own placeholders are replaced.

describe('inlining parameters', () => {
  it('writes each kind of value as an untyped literal', () => {
    const text = 'select $1, $2, $3, $4, $5, $6';
    const when = new Date('2024-02-29T23:59:59.987Z');
    expect(inlineParams(escapeLiteral, text, ['a', -5, 1.5, true, when, null])).toBe(
      `select 'a', '-5', '1.5', 'true', '2024-02-29T23:59:59.987Z', null`,
    );
  });

  it('keeps a value with quotes, backslashes and $1 one literal', () => {
    const out = inlineParams(escapeLiteral, 'select * from t where a = $1 and b = $2', [
      `O'Hara \\ $2 --`,
      'x',
    ]);
    expect(out).toBe(`select * from t where a =  E'O''Hara \\\\ $2 --' and b = 'x'`);
  });

  it('leaves $n inside literals, identifiers, comments and dollar quotes alone', () => {
    const text = `select '$1', "$1", E'\\'$1', $$ $1 $$, $q$ $1 $q$ /* $1 */, $1 -- $1\n, $10`;
    const params = Array.from({ length: 10 }, (_, i) => `v${i + 1}`);
    expect(inlineParams(escapeLiteral, text, params)).toBe(
      `select '$1', "$1", E'\\'$1', $$ $1 $$, $q$ $1 $q$ /* $1 */, 'v1' -- $1\n, 'v10'`,
    );
  });

  it('refuses a placeholder without a value and a value it cannot write', () => {
    expect(() => inlineParams(escapeLiteral, 'select $2', ['a'])).toThrow(/\$2/);
    expect(() => inlineParams(escapeLiteral, 'select $1', [{ a: 1 }])).toThrow(/object/);
  });
});
