import { statusTagType, type StatusTagType } from './status-tags.ts';

// The one place a status's colour is decided, so a status such as "Received" has the same
// colour in the list and in the form. Every status badge (grid cells, forms, read-only
// records, order detail, dashboards, timelines) takes its colour from here through `statusColor`.
//
// Status tags follow docs/product.md §4 exactly: warning for work half done, success for finished
// or in place, info for every other status, including cancelled, rejected, scrapped or down. Red is
// not a tag colour: it belongs to buttons that end a document's course (action-consequence.ts)
// and to a check's verdict below, which says whether something passed, not where it stands.

/** Mantine colour of each tag type: warning orange, success green, info the theme blue. */
export const STATUS_TAG_COLORS = {
  warning: 'orange',
  success: 'green',
  info: 'blue',
} as const satisfies Record<StatusTagType, string>;

export type StatusColor = (typeof STATUS_TAG_COLORS)[StatusTagType];

/** The colour of a status given as a code ('partially_received') or as text ('In Progress'). */
export function statusColor(status: string | null | undefined): StatusColor {
  return STATUS_TAG_COLORS[statusTagType(status)];
}

/**
 * A check's verdict (an HPLC result, a label check): a failure reads as a failure. Not a
 * status: the order a failed sample belongs to keeps its own status tag.
 */
export const VERDICT_COLORS = { pass: 'green', fail: 'red' } as const;

export function verdictColor(
  passed: boolean,
): (typeof VERDICT_COLORS)[keyof typeof VERDICT_COLORS] {
  return passed ? VERDICT_COLORS.pass : VERDICT_COLORS.fail;
}
