import { z } from 'zod';

// The monthly excise stamp reconciliation per jurisdiction (docs/domain/production.md "Monthly
// stamp reconciliation"): the month's figures are derived from the reel ledger (reel_movements);
// what a person adds is the counted stock, a reason per difference and the close. Shared by the
// server (routes, exports) and the page, so both name the figures alike.

export const STAMP_RECONCILIATION_API = '/api/production/stamp-reconciliations';

/** A month as `YYYY-MM`. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const monthParams = z.object({
  month: z.string().regex(MONTH_PATTERN),
});

export const STAMP_RECONCILIATION_STATUSES = ['open', 'closed'] as const;
export type StampReconciliationStatus = (typeof STAMP_RECONCILIATION_STATUSES)[number];

/** The figures of the month in the order a licensee files them. */
export const FIGURE_COLUMNS = [
  { key: 'opening', label: 'Opening' },
  { key: 'received', label: 'Received' },
  { key: 'applied', label: 'Applied' },
  { key: 'wasted', label: 'Wasted' },
  { key: 'damaged', label: 'Damaged' },
  { key: 'destroyed', label: 'Destroyed or lost' },
  { key: 'returned', label: 'Returned' },
  { key: 'adjusted', label: 'Adjusted' },
  { key: 'closing', label: 'Closing' },
] as const;

export type FigureKey = (typeof FIGURE_COLUMNS)[number]['key'];

// What the routes answer, as zod schemas of the wire so the OpenAPI description and the
// response check read the same shapes the page does.
const figures = {
  opening: z.number(),
  received: z.number(),
  applied: z.number(),
  wasted: z.number(),
  damaged: z.number(),
  destroyed: z.number(),
  returned: z.number(),
  adjusted: z.number(),
  closing: z.number(),
} satisfies Record<FigureKey, z.ZodNumber>;
export type MonthFigures = Record<FigureKey, number>;

/**
 * The book closing: what the ledger says is on hand at the month's end. `returned` moves
 * custody only (from the floor back to the vault), so it is shown but does not change the book.
 */
export function bookClosing(f: Omit<MonthFigures, 'closing'>): number {
  return f.opening + f.received - f.applied - f.wasted - f.damaged - f.destroyed + f.adjusted;
}

/** A reel of the jurisdiction with stock or movements in the month. */
const reelSchema = z.object({
  ...figures,
  reel_id: z.number().int(),
  reel_no: z.string(),
  stamp_type_name: z.string().nullable(),
});
export type ReconciliationReel = z.infer<typeof reelSchema>;

/** A stamping (or assembly) order whose reel movements fall in the month. */
const orderSchema = z.object({
  kind: z.enum(['stamping', 'assembly']),
  order_id: z.number().int(),
  number: z.string(),
  reel_no: z.string(),
  applied: z.number(),
  wasted: z.number(),
  damaged: z.number(),
  returned: z.number(),
});
export type ReconciliationOrder = z.infer<typeof orderSchema>;

const rowSchema = z.object({
  ...figures,
  stamp_jurisdiction_id: z.number().int(),
  jurisdiction_code: z.string(),
  jurisdiction_name: z.string(),
  /** The physical stock someone counted; null until counted. */
  counted: z.number().nullable(),
  /** counted − closing; null until counted. */
  difference: z.number().nullable(),
  reason: z.string().nullable(),
  /** The book closing as it stood when the month closed; null while open. */
  filed_closing: z.number().nullable(),
  reels: z.array(reelSchema),
  orders: z.array(orderSchema),
});
export type ReconciliationRow = z.infer<typeof rowSchema>;

export const stampReconciliationSchema = z.object({
  month: z.string(),
  status: z.enum(STAMP_RECONCILIATION_STATUSES),
  /** 0 while nothing is saved for the month; every save sends the version it read. */
  version: z.number().int(),
  closed_by_name: z.string().nullable(),
  closed_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
  rows: z.array(rowSchema),
});
export type StampReconciliation = z.infer<typeof stampReconciliationSchema>;

export const countLineSchema = z.object({
  stamp_jurisdiction_id: z.number().int().positive(),
  counted: z.number().int().min(0).max(1_000_000_000).nullable(),
  reason: z.string().trim().max(500).nullable().optional(),
});

export const reconciliationBodySchema = z.object({
  version: z.number().int().min(0),
  counts: z.array(countLineSchema).max(200).default([]),
});
export type ReconciliationBody = z.infer<typeof reconciliationBodySchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReconciliationExportFormat = (typeof EXPORT_FORMATS)[number];

/** A difference needs a reason before the month closes; a zero one does not. */
export const needsReason = (row: Pick<ReconciliationRow, 'difference' | 'reason'>) =>
  row.difference !== null && row.difference !== 0 && !(row.reason ?? '').trim();

/** `2026-10` → `October 2026`. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  const name = new Date(Date.UTC(year!, m! - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    timeZone: 'UTC',
  });
  return `${name} ${year}`;
}

/** The month after `month` (`2026-12` → `2027-01`). */
export function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return m === 12 ? `${year! + 1}-01` : `${year}-${String(m! + 1).padStart(2, '0')}`;
}

/** The month before `month`. */
export function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return m === 1 ? `${year! - 1}-12` : `${year}-${String(m! - 1).padStart(2, '0')}`;
}

/**
 * What stops the month from closing, one sentence per missing thing (under
 * `counts.<jurisdiction id>.counted` or `.reason`): a jurisdiction not counted,
 * a difference without its reason. Empty when it may close.
 */
export function closeProblems(rows: readonly ReconciliationRow[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const row of rows) {
    const key = `counts.${row.stamp_jurisdiction_id}`;
    if (row.counted === null) {
      problems[`${key}.counted`] = `Count the ${row.jurisdiction_name} stamps on hand`;
    } else if (needsReason(row)) {
      problems[`${key}.reason`] =
        `Give the reason for the ${row.jurisdiction_name} difference of ${row.difference}`;
    }
  }
  return problems;
}
