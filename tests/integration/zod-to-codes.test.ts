import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToCodes } from '../../server/http/zod-to-codes.ts';

// A request's problems as the API answers them: docs/product.md §5 codes per field, and for a
// document sent without its lines what to do about it ("Add at least 1 line"), not "Invalid size".

const document = z.object({
  note: z.string().min(1),
  lines: z.array(z.object({ qty: z.number() })).min(1),
});

const codesOf = (body: unknown) => {
  const parsed = document.safeParse(body);
  if (parsed.success) throw new Error('expected the body to be refused');
  return issuesToCodes(parsed.error.issues);
};

describe('zod issues as codes', () => {
  it('asks for the lines a document needs in words', () => {
    expect(codesOf({ note: 'x', lines: [] })).toEqual({ lines: 'Add at least 1 line' });
  });

  it("keeps the §5 codes of a line's fields under their paths", () => {
    expect(codesOf({ note: '', lines: [{}] })).toEqual({
      note: 'required',
      'lines.0.qty': 'required',
    });
  });
});
