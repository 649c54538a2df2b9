// The unit price a sales line gets from its price tier (docs/domain/sales.md §6): of the tier's
// prices for the product in force on the order date, the best quantity break, i.e. the one with the
// highest "from qty" the line reaches. Two prices with the same break in force on one date
// (an overlap the tier form should not allow) resolve to the one that started last.

export type TierPrice = {
  readonly min_qty: number;
  readonly unit_price: number;
  /** yyyy-MM-dd, inclusive. */
  readonly valid_from: string;
  /** yyyy-MM-dd, inclusive; null = open-ended. */
  readonly valid_to: string | null;
};

const inForce = (price: TierPrice, date: string) =>
  price.valid_from <= date && (price.valid_to === null || date <= price.valid_to);

/** The tier price for `qty` on `orderDate`, or null when the tier has none for it. */
export function tierUnitPrice(
  prices: readonly TierPrice[],
  qty: number,
  orderDate: string,
): TierPrice | null {
  let best: TierPrice | null = null;
  for (const price of prices) {
    if (!inForce(price, orderDate) || price.min_qty > qty) continue;
    if (
      best === null ||
      price.min_qty > best.min_qty ||
      (price.min_qty === best.min_qty && price.valid_from > best.valid_from)
    ) {
      best = price;
    }
  }
  return best;
}
