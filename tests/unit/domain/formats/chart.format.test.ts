import { describe, expect, it } from 'vitest';
import {
  formatChartValue,
  formatDayTick,
  formatValueTick,
} from '../../../../src/domain/formats/chart.format.ts';

describe('chart axis and tooltip formats', () => {
  it('name a day MM/DD/YYYY, and leave a label that is not a day alone', () => {
    expect(formatDayTick('2026-11-27')).toBe('11/27/2026');
    expect(formatDayTick('Line 3')).toBe('Line 3');
    expect(formatDayTick(undefined)).toBe('');
  });

  it('group axis values, shorten them from ten thousand and mark their unit', () => {
    expect(formatValueTick(1500)).toBe('1,500');
    expect(formatValueTick(12_500)).toBe('12.5k');
    expect(formatValueTick(2.5, '%')).toBe('2.50 %');
    expect(formatValueTick('x')).toBe('');
  });

  it('give tooltip values in full', () => {
    expect(formatChartValue(12_500)).toBe('12,500');
    expect(formatChartValue(3.456, '%')).toBe('3.46 %');
    expect(formatChartValue(null)).toBe('—');
  });
});
