import { describe, expect, it } from 'vitest';
import { allocationTold } from '../../shared/entities/sales-order-backorder.ts';
import { lotChoiceLabel } from '../../../../src/domain/entities/stock/lot-choice.ts';

// An allocation is told in numbers, never as a bare "allocated"; a lot in a picker reads its
// quantity grouped with its unit and its expiry as every date on screen.

const line = (qty: number, allocated: number, extra: object = {}) => ({
  qty,
  qty_allocated: allocated,
  qty_shipped: 0,
  qty_cancelled: 0,
  measure_code: 'ea',
  ...extra,
});

describe('allocationTold', () => {
  it('says how much of the order the stock covered and what waits on backorder', () => {
    expect(allocationTold([line(240, 23)])).toBe('23 of 240 allocated, 217 on backorder');
    expect(allocationTold([line(240, 240)])).toBe('240 of 240 allocated');
    expect(allocationTold([line(1200, 0), line(34, 34)])).toBe(
      '34 of 1,234 allocated, 1,200 on backorder',
    );
  });

  it('goes line by line when the units do not add up', () => {
    expect(
      allocationTold([
        line(10, 4, { product_sku: 'FG-1' }),
        line(2.5, 2.5, { product_sku: 'RM-1', measure_code: 'kg' }),
      ]),
    ).toBe('FG-1: 4 of 10 allocated, 6 on backorder; RM-1: 2.5 of 2.5 allocated');
  });

  it('leaves out what was cancelled', () => {
    expect(allocationTold([line(10, 4, { qty_cancelled: 6 })])).toBe('4 of 4 allocated');
  });
});

describe('lotChoiceLabel', () => {
  it('groups the quantity, names its unit and dates the expiry MM/DD/YYYY', () => {
    expect(
      lotChoiceLabel({
        lot_id: 1,
        lot_no: 'OPEN-FG-BE-1',
        expiry_date: '2027-03-01',
        status: 'released',
        on_hand: 591023.856,
        available: 591023.856,
        measure_code: 'ml',
      }),
    ).toBe('OPEN-FG-BE-1 · 591,023.856 ml available · exp 03/01/2027');
  });
});
