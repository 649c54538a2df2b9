// Which tag colour a status gets (docs/product.md §4). Statuses come as snake_case codes
// ('partially_allocated') or as text ('Partially Allocated'), so both are normalised first.
// The rule is by family, not a closed list, so a new `partially_*` or `not_in_*` status is
// tagged right without touching this file.

export const STATUS_TAG_TYPES = ['warning', 'success', 'info'] as const;

/** warning: work half done; success: finished or in place; info: everything else. */
export type StatusTagType = (typeof STATUS_TAG_TYPES)[number];

const SUCCESS = new Set(['allocated', 'received', 'done', 'in_purchase', 'in_transfer']);

/** 'Partially Allocated', 'partially-allocated' and ' PARTIALLY_ALLOCATED ' → 'partially_allocated'. */
export function normalizeStatus(status: string | null | undefined): string {
  return (status ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');
}

export function statusTagType(status: string | null | undefined): StatusTagType {
  const code = normalizeStatus(status);
  if (code.startsWith('partially_') || code === 'in_progress' || code.startsWith('not_in_')) {
    return 'warning';
  }
  return SUCCESS.has(code) ? 'success' : 'info';
}

/** What a person reads: 'partially_allocated' → 'Partially allocated'; empty → ''. */
export function statusLabel(status: string | null | undefined): string {
  const words = normalizeStatus(status).split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A status inside a sentence: 'on_hold' → 'on hold'. */
export const statusWords = (status: string | null | undefined): string =>
  statusLabel(status).toLowerCase();

/** A status opening a sentence: 'effective' → 'An effective', 'cancelled' → 'A cancelled'. */
export function aStatus(status: string | null | undefined): string {
  const words = statusWords(status);
  return `${/^[aeiou]/.test(words) ? 'An' : 'A'} ${words}`;
}
