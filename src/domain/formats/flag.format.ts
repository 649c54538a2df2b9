// Booleans reach the browser as 1/0 (request() converts them, docs/product.md §7), and sometimes as
// true/false or '1'/'0' from forms and query strings. Anything else is "unknown" and shows
// as '' rather than guessing No.

/** A value the flag formatters accept. */
export type FlagLike = boolean | number | string | null | undefined;

/** true / false for the accepted spellings of a flag, null for anything else. */
export function toFlag(value: FlagLike): boolean | null {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return null;
}

/** 'Yes' / 'No'; unknown → ''. */
export function formatYesNo(value: FlagLike): string {
  const flag = toFlag(value);
  return flag === null ? '' : flag ? 'Yes' : 'No';
}

/** 'Active' / 'Inactive'; unknown → ''. */
export function formatActive(value: FlagLike): string {
  const flag = toFlag(value);
  return flag === null ? '' : flag ? 'Active' : 'Inactive';
}
