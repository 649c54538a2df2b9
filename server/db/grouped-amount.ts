import { sql, type SQLWrapper } from 'drizzle-orm';

// A quantity as text the way the screens write one (docs/product.md §9): thousands grouped, up
// to three decimals, no trailing zeros ("591,023.856", "2,400"), for details the server words
// itself, such as a picker's "2,400 stamps left". `to_char`'s FM drops the zeros but would keep
// a bare decimal point ("2,400."), which rtrim takes off.

/** `amount` (numeric) as grouped text. */
export const groupedAmount = (amount: SQLWrapper) =>
  sql`rtrim(to_char(${amount}, 'FM999,999,999,999,990.999'), '.')`;
