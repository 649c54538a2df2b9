import { describe, expect, it } from 'vitest';
import { documentTaxes } from '../../../../modules/general/shared/entities/document-taxes.ts';
import { salesOrderFigures } from '../../../../modules/sales/shared/entities/sales-order-figures.ts';

// Worked examples per province, computed by hand (rates of 2026 tax setups).
const HST_ON = [{ tax_code: 'HST', rate: 13, compound: false }];
const QC = [
  { tax_code: 'GST', rate: 5, compound: false },
  { tax_code: 'QST', rate: 9.975, compound: false },
];
const BC = [
  { tax_code: 'GST', rate: 5, compound: false },
  { tax_code: 'PST', rate: 7, compound: false },
];
const AB = [{ tax_code: 'GST', rate: 5, compound: false }];
// Prince Edward Island before 2013: its PST was charged on the price plus GST.
const PEI_2012 = [
  { tax_code: 'GST', rate: 5, compound: false },
  { tax_code: 'PST', rate: 10, compound: true },
];

describe('documentTaxes', () => {
  it('Ontario: 13 % HST on $333.33 is $43.33', () => {
    expect(documentTaxes(333.33, HST_ON)).toEqual([
      { tax_code: 'HST', rate: 13, base: 333.33, amount: 43.33 },
    ]);
  });

  it('Quebec: GST and QST both on the price, QST 9.975 % half-up to $9.98 on $100', () => {
    expect(documentTaxes(100, QC).map((t) => [t.tax_code, t.base, t.amount])).toEqual([
      ['GST', 100, 5],
      ['QST', 100, 9.98],
    ]);
  });

  it('a compound tax takes the price plus the taxes before it as its base', () => {
    expect(documentTaxes(100, PEI_2012).map((t) => [t.tax_code, t.base, t.amount])).toEqual([
      ['GST', 100, 5],
      ['PST', 105, 10.5],
    ]);
  });

  it('Alberta: GST only, $0.9995 rounds half-up to $1.00', () => {
    expect(documentTaxes(19.99, AB)[0]?.amount).toBe(1);
  });

  it('rounds once per document per code, not per line', () => {
    // Three lines of $0.10: per line 13 % rounds to $0.01 each ($0.03); on the document's
    // $0.30 it is $0.039, so $0.04.
    const figures = salesOrderFigures(
      [1, 2, 3].map(() => ({ qty: 1, unit_price: 0.1, discount_amount: 0, taxable: true })),
      HST_ON,
    );
    expect(figures.tax_total).toBe(0.04);
  });
});

describe('salesOrderFigures', () => {
  it('Ontario: a discounted taxable line and a non-taxable one', () => {
    const figures = salesOrderFigures(
      [
        { qty: 24, unit_price: 12.5, discount_amount: 30, taxable: true },
        { qty: 2, unit_price: 5, discount_amount: 0, taxable: false },
      ],
      HST_ON,
    );
    expect(figures).toMatchObject({
      line_totals: [270, 10],
      subtotal: 310,
      discount_total: 30,
      tax_total: 35.1,
      total: 315.1,
    });
  });

  it('British Columbia: GST and PST on the taxable lines only', () => {
    const figures = salesOrderFigures(
      [
        { qty: 2, unit_price: 50, discount_amount: 0, taxable: true },
        { qty: 1, unit_price: 20, discount_amount: 0, taxable: false },
      ],
      BC,
    );
    expect(figures.taxes.map((t) => t.amount)).toEqual([5, 7]);
    expect(figures.total).toBe(132);
  });

  it('a line is never below zero, whatever its discount', () => {
    const figures = salesOrderFigures(
      [{ qty: 1, unit_price: 10, discount_amount: 15, taxable: true }],
      HST_ON,
    );
    expect(figures.line_totals).toEqual([0]);
    expect(figures.total).toBe(0);
  });
});
