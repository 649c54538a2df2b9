import { describe, expect, it } from 'vitest';
import {
  formatDashedDate,
  formatDate,
  formatDateSpan,
  formatDateTime,
  formatIsoDate,
  formatIsoDateTime,
  formatTime,
  parseDate,
} from '../../../../src/domain/formats/date.format.ts';

// Local times throughout: the API's 'YYYY-MM-DD HH:mm:ss' is local, and so is a Date built
// from parts, so these expectations hold in any time zone.
const local = new Date(2024, 2, 5, 14, 7, 9);

describe('date formatters', () => {
  it('show dates month first with slashes and times on 24 hours', () => {
    expect(formatDate(local)).toBe('03/05/2024');
    expect(formatTime(local)).toBe('14:07:09');
    expect(formatDateTime(local)).toBe('03/05/2024 14:07:09');
  });

  it('write the other formats of docs/product.md §9', () => {
    expect(formatIsoDate(local)).toBe('2024-03-05');
    expect(formatIsoDateTime(local)).toBe('2024-03-05 14:07:09');
    expect(formatDashedDate(local)).toBe('03-05-2024');
  });

  it("read the API's plain 'YYYY-MM-DD HH:mm:ss' and 'YYYY-MM-DD' as local time", () => {
    expect(formatDateTime('2024-03-05 14:07:09')).toBe('03/05/2024 14:07:09');
    expect(formatDateTime('2024-03-05 14:07')).toBe('03/05/2024 14:07:00');
    expect(formatDateTime('2024-12-31')).toBe('12/31/2024 00:00:00');
  });

  it('read ISO strings with an offset as that instant', () => {
    const iso = '2024-03-05T14:07:09Z';
    expect(formatIsoDateTime(iso)).toBe(
      formatIsoDateTime(new Date(Date.UTC(2024, 2, 5, 14, 7, 9))),
    );
  });

  it('read epoch milliseconds', () => {
    expect(formatIsoDateTime(local.getTime())).toBe('2024-03-05 14:07:09');
  });

  it('are empty for null, undefined, blank and invalid input', () => {
    for (const value of [null, undefined, '', '  ', 'not a date', new Date(Number.NaN)]) {
      expect(formatDate(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    }
  });

  it('reject impossible calendar dates instead of rolling them over', () => {
    expect(parseDate('2024-02-30')).toBeNull();
    expect(parseDate('2024-13-01 10:00:00')).toBeNull();
    expect(formatDate('2024-02-29')).toBe('02/29/2024');
  });

  it("say a span of days as 'MM/DD/YYYY → MM/DD/YYYY', an end not set as a dash", () => {
    expect(formatDateSpan('2026-09-26', '2026-11-20')).toBe('09/26/2026 → 11/20/2026');
    expect(formatDateSpan('2026-09-26', null)).toBe('09/26/2026 → —');
  });
});
