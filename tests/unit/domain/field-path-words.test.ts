import { describe, expect, it } from 'vitest';
import { fieldPathWords } from '../../../src/domain/field-path-words.ts';

// A problem is shown under its field in words, never under the request's path: 'lines.0.qty:'
// reads 'Line 1 quantity:'.

describe('field path words', () => {
  it("says a line's field by the line's number, from 1", () => {
    expect(fieldPathWords('lines.0.qty')).toBe('Line 1 quantity');
    expect(fieldPathWords('items.2.lot_no')).toBe('Item 3 lot number');
    expect(fieldPathWords('lines.11.product_id')).toBe('Line 12 product');
  });

  it('says a header field in words, without its id suffix', () => {
    expect(fieldPathWords('ship_to_address_id')).toBe('Ship to address');
    expect(fieldPathWords('coa_attachment_id')).toBe('CoA attachment');
    expect(fieldPathWords('username')).toBe('Username');
  });

  it('says nothing for the request as a whole', () => {
    expect(fieldPathWords('body')).toBe('');
  });
});
