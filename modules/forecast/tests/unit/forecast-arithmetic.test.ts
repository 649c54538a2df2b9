import { describe, expect, it } from 'vitest';
import {
  allocationOverflows,
  daysOfMonthWithin,
  daysInclusive,
  defaultForecastUnits,
  overlappingRanges,
  plannedUnits,
  requiredUnits,
  weeksOfCover,
} from '../../shared/entities/forecast-arithmetic.ts';

// Hand-computed cases of docs/domain/forecast.md §11.
describe('forecast arithmetic', () => {
  it('counts both ends of a period', () => {
    expect(daysInclusive('2025-10-01', '2025-12-31')).toBe(92);
    expect(daysInclusive('2026-01-01', '2026-01-31')).toBe(31);
    // Across the spring DST change the days are still whole.
    expect(daysInclusive('2026-03-01', '2026-03-31')).toBe(31);
  });

  it('scales history to the period with growth: 1,200 × 31 / 92 × 1.10 = 444.78 → 445', () => {
    expect(defaultForecastUnits(1200, 31, 92, 10)).toBe(445);
    expect(defaultForecastUnits(1200, 31, 92, -100)).toBe(0);
    expect(defaultForecastUnits(1200, 31, 0, 10)).toBe(0);
  });

  it('requires max(0, forecast + safety − on hand − open orders)', () => {
    expect(requiredUnits({ forecast: 445, safety: 100, onHand: 300, openOrders: 50 })).toBe(195);
    expect(requiredUnits({ forecast: 100, safety: 0, onHand: 300, openOrders: 50 })).toBe(0);
  });

  const ranges = [
    { min_units: 1, max_units: 99, round_to_units: 10 },
    { min_units: 100, max_units: 999, round_to_units: 100 },
    { min_units: 1000, max_units: null, round_to_units: 500 },
  ];
  it.each([
    [0, 0],
    [7, 10],
    [195, 200],
    [200, 200],
    [1001, 1500],
  ])('plans %d required units as %d', (required, planned) => {
    expect(plannedUnits(ranges, required)).toBe(planned);
  });

  it('finds overlapping ranges, touching ends included', () => {
    expect(overlappingRanges(ranges)).toEqual([]);
    expect(
      overlappingRanges([
        { min_units: 0, max_units: 100, round_to_units: 10 },
        { min_units: 100, max_units: 200, round_to_units: 10 },
        { min_units: 500, max_units: null, round_to_units: 10 },
        { min_units: 900, max_units: 950, round_to_units: 10 },
      ]),
    ).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('refuses allocation shares over 100 %', () => {
    expect(allocationOverflows([60, 40])).toBe(false);
    expect(allocationOverflows([60, 40.0001])).toBe(true);
  });

  it('counts weeks of cover at the forecast rate, none without a forecast', () => {
    // 80 units in 30 days is 18.67 a week: 10 on hand last 0.5 weeks, 560 last 30.
    expect(weeksOfCover(10, 80, 30)).toBe(0.5);
    expect(weeksOfCover(560, 80, 30)).toBe(30);
    expect(weeksOfCover(-5, 80, 30)).toBe(0);
    expect(weeksOfCover(100, 0, 30)).toBeNull();
  });

  it("counts the days of a month inside a period, for the month's share of its forecast", () => {
    expect(daysOfMonthWithin('2024-02', '2024-01-15', '2024-03-10')).toBe(29);
    expect(daysOfMonthWithin('2024-01', '2024-01-15', '2024-03-10')).toBe(17);
    expect(daysOfMonthWithin('2024-03', '2024-01-15', '2024-03-10')).toBe(10);
    expect(daysOfMonthWithin('2024-04', '2024-01-15', '2024-03-10')).toBe(0);
    expect(daysOfMonthWithin('2023-12', '2024-01-01', '2024-12-31')).toBe(0);
  });
});
