import { describe, expect, it } from 'vitest';
import {
  BASELINE_MIN,
  controlChart,
  driftOf,
  individualsLimits,
  westgardRules,
} from '../../../../../src/domain/entities/production/potency-control.ts';

// Hand-computed cases: the individuals chart's limits (MR-bar / 1.128) and each Westgard rule on
// standardized results, then a whole chart that flags a 2-2s drift while every result still passes.

describe('individualsLimits', () => {
  it('takes the centre from the mean and sigma from the average moving range over 1.128', () => {
    // mean (99 + 101 + 100 + 102) / 4 = 100.5; moving ranges 2, 1, 2: MR-bar 5/3; 5/3 / 1.128.
    const limits = individualsLimits([99, 101, 100, 102])!;
    expect(limits.centre).toBe(100.5);
    expect(limits.sigma).toBeCloseTo(1.477541, 6);
  });

  it('keeps measuring batch-to-batch noise under a steady climb, where s would grow with it', () => {
    // 100, 101, …, 107: every moving range is 1, so sigma = 1 / 1.128 = 0.8865; s would be 2.449.
    expect(individualsLimits([100, 101, 102, 103, 104, 105, 106, 107])!.sigma).toBeCloseTo(
      0.886525,
      6,
    );
  });

  it('needs two results', () => {
    expect(individualsLimits([100])).toBeNull();
  });
});

describe('westgardRules (z of each result, oldest first)', () => {
  it('1-3s: one result beyond 3 s', () => {
    expect(westgardRules([0.5, 3.2])).toEqual(['1-3s']);
    expect(westgardRules([0.5, -3.01])).toEqual(['1-3s']);
    expect(westgardRules([0.5, 2.99])).toEqual([]);
  });

  it('2-2s: two in a row beyond 2 s on the same side', () => {
    expect(westgardRules([0, 2.1, 2.4])).toEqual(['2-2s']);
    expect(westgardRules([0, -2.1, -2.05])).toEqual(['2-2s']);
    expect(westgardRules([0, 2.1, 1.9])).toEqual([]);
  });

  it('R-4s: one beyond +2 s and the next beyond −2 s', () => {
    expect(westgardRules([2.2, -2.1])).toEqual(['R-4s']);
    expect(westgardRules([-2.5, 2.1])).toEqual(['R-4s']);
    expect(westgardRules([2.2, -1.9])).toEqual([]);
  });

  it('4-1s: four in a row beyond 1 s on the same side', () => {
    expect(westgardRules([0, 1.2, 1.5, 1.1, 1.3])).toEqual(['4-1s']);
    expect(westgardRules([-1.2, -1.5, -1.1, -1.3])).toEqual(['4-1s']);
    expect(westgardRules([1.2, 1.5, 0.9, 1.3])).toEqual([]);
  });

  it('10-x: ten in a row on the same side of the centre', () => {
    const ten = [0.1, 0.4, 0.2, 0.9, 0.3, 0.5, 0.2, 0.8, 0.1, 0.6];
    expect(westgardRules(ten)).toEqual(['10-x']);
    expect(westgardRules(ten.map((v) => -v))).toEqual(['10-x']);
    expect(westgardRules([...ten.slice(0, 9), -0.1])).toEqual([]);
  });

  it('names every rule one result completes', () => {
    expect(westgardRules([0.2, 1.5, 1.8, 2.5, 3.4])).toEqual(['1-3s', '2-2s', '4-1s']);
  });
});

describe('controlChart', () => {
  // Alternating 100 and 101.128: centre 100.564, every moving range 1.128, so sigma = 1.
  const baseline = Array.from({ length: BASELINE_MIN }, (_, i) => (i % 2 === 0 ? 100 : 101.128));

  it('judges nothing until the baseline holds BASELINE_MIN results', () => {
    const points = controlChart(baseline);
    expect(points.every((p) => p.limits === null && p.rules.length === 0)).toBe(true);
  });

  it('flags a 2-2s drift on results that all still pass 90–110 %', () => {
    const points = controlChart([...baseline, 102.7, 103]);
    const [first, second] = points.slice(-2);
    // 102.7 against centre 100.564, sigma 1: z = 2.136, one result beyond 2 s, no rule yet.
    expect(first!.limits!.centre).toBeCloseTo(100.564, 6);
    expect(first!.limits!.sigma).toBeCloseTo(1, 6);
    expect(first!.z).toBeCloseTo(2.136, 6);
    expect(first!.rules).toEqual([]);
    // 102.7 was in control, so it joins the baseline: mean 907.212 / 9 = 100.801333; moving
    // ranges 7 × 1.128 + 1.572 = 9.468, / 8 = 1.1835, / 1.128 = 1.049202; z = 2.198667 / 1.049202 = 2.095561.
    expect(second!.limits!.centre).toBeCloseTo(100.801333, 6);
    expect(second!.limits!.sigma).toBeCloseTo(1.049202, 6);
    expect(second!.z).toBeCloseTo(2.095561, 5);
    expect(second!.rules).toEqual(['2-2s']);
    expect(driftOf(points)).toEqual(['2-2s']);
  });

  it('keeps a flagged result out of later baselines, so a drift does not become the norm', () => {
    const points = controlChart([...baseline, 104]);
    expect(points.at(-1)!.rules).toEqual(['1-3s']);
    const after = controlChart([...baseline, 104, 100]);
    expect(after.at(-1)!.limits!.centre).toBeCloseTo(100.564, 6);
  });
});
