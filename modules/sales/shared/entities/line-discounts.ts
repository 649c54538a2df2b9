import { roundMoney } from '../../../general/shared/entities/document-taxes.ts';

// Discounts on a sales line (docs/domain/sales.md §6). A discount applies when it is active, in
// force on the order date, the line reaches its minimum quantity and its scope matches the line
// (all lines, the customer, or the product, its family, brand or category).
// **decision** on how several combine, as a customer and an auditor would both expect:
// * stackable discounts combine: percents first, each on the price left by the one before,
//   then amounts (per unit) off what remains;
// * a non-stackable discount stands alone;
// * the line gets whichever of those choices leaves the lowest net price (the customer is
//   never charged more because a second discount exists);
// * the net unit price is never below zero.

export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_SCOPES = [
  'all',
  'customer',
  'product',
  'family',
  'brand',
  'category',
] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];

export type Discount = {
  readonly id: number;
  readonly kind: DiscountKind;
  /** Percent (0–100) or an amount off each unit, in the order's currency. */
  readonly value: number;
  readonly scope: DiscountScope;
  readonly scope_id: number | null;
  readonly min_qty: number;
  readonly valid_from: string;
  readonly valid_to: string | null;
  readonly stackable: boolean;
  readonly active: boolean;
};

/** What a line is, for matching scopes: the ids of its customer and product hierarchy. */
export type LineContext = {
  readonly customer: number;
  readonly product: number;
  readonly family: number | null;
  readonly brand: number | null;
  readonly category: number | null;
  readonly qty: number;
  /** yyyy-MM-dd */
  readonly orderDate: string;
};

export type LineDiscount = {
  /** The discounts applied, in the order they were applied. */
  applied: number[];
  net_unit_price: number;
  /** Off the whole line, rounded to the cent: (unit price − net) × qty. */
  discount_amount: number;
};

export function discountApplies(discount: Discount, line: LineContext): boolean {
  if (!discount.active || line.qty < discount.min_qty) return false;
  if (discount.valid_from > line.orderDate) return false;
  if (discount.valid_to !== null && line.orderDate > discount.valid_to) return false;
  if (discount.scope === 'all') return true;
  return discount.scope_id !== null && line[discount.scope] === discount.scope_id;
}

function priceAfter(unitPrice: number, discounts: readonly Discount[]): number {
  const percents = discounts.filter((d) => d.kind === 'percent');
  const amounts = discounts.filter((d) => d.kind === 'amount');
  let price = unitPrice;
  for (const d of percents) price *= 1 - d.value / 100;
  for (const d of amounts) price -= d.value;
  return Math.max(0, price);
}

/** The best the line can get from `discounts` (those that do not apply are ignored). */
export function lineDiscount(
  unitPrice: number,
  line: LineContext,
  discounts: readonly Discount[],
): LineDiscount {
  const applicable = discounts.filter((d) => discountApplies(d, line));
  const stackable = applicable.filter((d) => d.stackable);
  const choices: Discount[][] = [
    [],
    ...(stackable.length > 0 ? [stackable] : []),
    ...applicable.filter((d) => !d.stackable).map((d) => [d]),
  ];
  let best = { applied: [] as Discount[], price: unitPrice };
  for (const choice of choices) {
    const price = priceAfter(unitPrice, choice);
    if (price < best.price - 1e-9) best = { applied: choice, price };
  }
  const net = Math.round(best.price * 10_000) / 10_000;
  const applied = [
    ...best.applied.filter((d) => d.kind === 'percent'),
    ...best.applied.filter((d) => d.kind === 'amount'),
  ];
  return {
    applied: applied.map((d) => d.id),
    net_unit_price: net,
    discount_amount: roundMoney((unitPrice - net) * line.qty),
  };
}
