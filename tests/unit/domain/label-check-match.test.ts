import { describe, expect, it } from 'vitest';
import { labelMismatch } from '../../../src/domain/entities/production/label-check-match.ts';

// The verdict the server records and the label check form shows while the person scans.

const expected = { upc: '628410001044', lot_no: 'MO-00012' };

describe('labelMismatch', () => {
  it('passes the expected UPC and lot, spaces around a scan aside', () => {
    expect(labelMismatch(expected, { code: ' 628410001044 ', lot: 'MO-00012 ' })).toBeNull();
  });

  it('names what does not match', () => {
    expect(labelMismatch(expected, { code: '000000000017', lot: 'MO-00012' })).toBe(
      'Scanned UPC 000000000017 is not 628410001044',
    );
    expect(labelMismatch(expected, { code: '628410001044', lot: 'MO-00011' })).toBe(
      'Scanned lot MO-00011 is not MO-00012',
    );
    expect(labelMismatch(expected, { code: '', lot: '' })).toBe(
      'Scanned UPC (none) is not 628410001044; lot (none) is not MO-00012',
    );
  });

  it('judges only the UPC when no lot was scanned, and fails a product without a UPC', () => {
    expect(labelMismatch(expected, { code: '628410001044', lot: undefined })).toBeNull();
    expect(labelMismatch({ upc: null, lot_no: 'MO-1' }, { code: 'x', lot: 'MO-1' })).toBe(
      'The product has no UPC to check against',
    );
  });
});
