import { describe, expect, it } from 'vitest';
import { lineDutyParts, orderDutyTotals } from '../../shared/entities/sales-order-duty-totals.ts';

// The order's vaping duty split as wholesalers invoice it: federal, then each province's
// additional duty, adding up to the duty the lines were figured with, to the cent.

describe('orderDutyTotals: the federal duty and each province’s, from the lines’ duty', () => {
  it('splits a line into its federal part and its province’s', () => {
    // 10 × ($7.84 + $3.92).
    expect(
      lineDutyParts({ qty: 10, federal_duty: 7.84, duty_total: 117.6, province: 'ON' }),
    ).toEqual({ federal: 78.4, provincial: 39.2 });
  });

  it('totals each province apart, in the order its lines first appear, and no province owing none', () => {
    const totals = orderDutyTotals([
      { qty: 2, federal_duty: 7.84, duty_total: 31.36, province: 'Ontario' },
      { qty: 1, federal_duty: 7.84, duty_total: 7.84, province: null },
      { qty: 3, federal_duty: 11.2, duty_total: 50.4, province: 'Quebec' },
      { qty: 1, federal_duty: 7.84, duty_total: 15.68, province: 'Ontario' },
    ]);
    expect(totals).toEqual({
      // 15.68 + 7.84 + 33.60 + 7.84.
      federal: 64.96,
      provincial: [
        { province: 'Ontario', amount: 23.52 },
        { province: 'Quebec', amount: 16.8 },
      ],
    });
  });

  it('adds up to the lines’ duty to the cent when a fractional quantity rounds', () => {
    // 0.333 × $7.84 = 2.61 federal; the line's duty 0.333 × $11.76 = 3.92: the province 1.31.
    const line = { qty: 0.333, federal_duty: 7.84, duty_total: 3.92, province: 'Ontario' };
    const parts = lineDutyParts(line);
    expect(parts).toEqual({ federal: 2.61, provincial: 1.31 });
    const totals = orderDutyTotals([line]);
    expect(totals.federal + totals.provincial[0]!.amount).toBeCloseTo(3.92, 10);
  });
});
