import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../../../src/domain/formats/date.format.ts';
import { setDisplayTimeZone } from '../../../../src/domain/formats/display-zone.ts';
import { formatRate } from '../../../../src/domain/formats/percent.format.ts';

// Moments are shown in the signed-in user's zone, whatever zone the computer is in; plain days
// and wall-clock times stay as written.

describe('the display time zone', () => {
  afterEach(() => setDisplayTimeZone(null));

  it('shows a moment in the zone set, whatever the computer says', () => {
    setDisplayTimeZone('America/Toronto');
    // 00:24 UTC on 11/25 is 19:24 on 11/24 in Toronto (EST).
    expect(formatDateTime('2026-11-25T00:24:00Z')).toBe('11/24/2026 19:24:00');
    expect(formatDate(new Date('2026-11-25T00:24:00Z'))).toBe('11/24/2026');
    setDisplayTimeZone('Asia/Tokyo');
    expect(formatDateTime('2026-11-25T00:24:00Z')).toBe('11/25/2026 09:24:00');
  });

  it('never moves a plain day or a wall-clock time', () => {
    setDisplayTimeZone('Asia/Tokyo');
    expect(formatDate('2026-11-24')).toBe('11/24/2026');
    expect(formatDateTime('2026-11-24 19:24:00')).toBe('11/24/2026 19:24:00');
  });

  it('ignores a zone that does not exist', () => {
    setDisplayTimeZone('Mars/Olympus');
    expect(formatDate('2026-11-24')).toBe('11/24/2026');
  });
});

describe('tax rates', () => {
  it('keep the precision they were set with', () => {
    expect(formatRate(9.975)).toBe('9.975 %');
    expect(formatRate(13)).toBe('13.00 %');
    expect(formatRate('5.0000')).toBe('5.00 %');
    expect(formatRate(null)).toBe('');
  });
});
