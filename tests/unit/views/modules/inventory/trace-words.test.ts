import { describe, expect, it } from 'vitest';
import {
  countOf,
  traceDayText,
  traceDetailText,
} from '../../../../../src/views/modules/inventory/trace-words.ts';

// The lot trace's table and graph say a node's statuses by their labels, its day in the
// plant's format and its counts in words: never 'partially_shipped', '2026-11-24' or
// '1 customers'.

describe('trace words', () => {
  it('reads the status parts of a detail by their labels, leaving the rest as written', () => {
    expect(traceDetailText('confirmed · partially_shipped')).toBe('Confirmed · Partially shipped');
    expect(traceDetailText('FG-MANGO-06-30 Mango 6 mg · released')).toBe(
      'FG-MANGO-06-30 Mango 6 mg · Released',
    );
    expect(traceDetailText('WH-MAIN → DC-WEST · in_transit')).toBe(
      'WH-MAIN → DC-WEST · In transit',
    );
    expect(traceDetailText(null)).toBe('');
  });

  it('shows the day a node happened in the display format, not the wire ISO text', () => {
    expect(traceDayText('2026-11-24T13:05:00.000Z')).toBe('11/24/2026');
    expect(traceDayText('2026-11-24')).toBe('11/24/2026');
    expect(traceDayText(null)).toBe('');
  });

  it('counts in words', () => {
    expect(countOf(1, 'customer')).toBe('1 customer');
    expect(countOf(3, 'customer')).toBe('3 customers');
    expect(countOf(0, 'HPLC result')).toBe('0 HPLC results');
  });
});
