// A discount a salesperson writes applies by itself only up to a limit the company sets; a
// deeper one waits for a manager's approval and applies to no order until it has it (a sale
// user must not be able to give a customer 100 % off alone). The limits are settings, so the
// company moves them without a release.

export const DISCOUNT_STATUSES = ['pending_approval', 'approved', 'rejected'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

/** Percent off above which a discount needs a manager (setting `sales.discount_approval_pct`). */
export const DEFAULT_DISCOUNT_APPROVAL_PCT = 15;
/** CAD off each unit above which one does (setting `sales.discount_approval_amount`). */
export const DEFAULT_DISCOUNT_APPROVAL_AMOUNT = 5;

export type DiscountLimits = { readonly pct: number; readonly amount: number };

/** Why a discount needs a manager's approval under `limits`, or null when it does not. */
export function discountOverLimit(
  discount: { readonly kind: string; readonly value: number },
  limits: DiscountLimits,
): string | null {
  if (discount.kind === 'percent') {
    return discount.value > limits.pct
      ? `More than ${limits.pct} % off needs a manager's approval`
      : null;
  }
  return discount.value > limits.amount
    ? `More than ${limits.amount.toFixed(2)} off each unit needs a manager's approval`
    : null;
}
