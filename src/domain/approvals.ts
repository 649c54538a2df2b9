import { z } from 'zod';
import { MODULES } from './modules.ts';
import { workLiveSchema } from './my-work.ts';

// What GET /api/approvals and /api/approvals/count answer: the one approval inbox
// (docs/journeys.md "Approvals"), apart from its sources (the decision queues of
// src/machines/workflows/work-queues.ts), so the top bar reads its count without loading
// every workflow. The shapes are zod schemas, so the routes declare what the page reads.

export const APPROVAL_ORDERS = ['newest', 'oldest'] as const;
/** Newest first (what just came in) or oldest-waiting first (what has waited longest). */
export type ApprovalOrder = (typeof APPROVAL_ORDERS)[number];

/** Rows one answer lists at most; the inbox says how many wait in all. */
export const APPROVALS_PAGE_SIZE = 200;

/** An event the caller may send to the row now, as its document's page would offer it. */
export const approvalEventSchema = z.object({
  event: z.string(),
  /** The button's words (the entity's `eventLabels`, else the event's name). */
  label: z.string(),
  /** Booleans travel as 1 and 0 (docs/product.md §7). */
  needsReason: z.union([z.boolean(), z.number()]),
  /** Irreversible (a count's approval posts stock): confirmed before it is sent. */
  confirm: z.union([z.boolean(), z.number()]),
});
export type ApprovalEvent = z.infer<typeof approvalEventSchema>;

/** One request waiting for the caller's decision. */
export const approvalItemSchema = z.object({
  /** The queue it comes from (work-queues.ts key). */
  source: z.string(),
  module: z.enum(MODULES),
  /** What it is: 'Product change', 'Purchase order'… */
  kind: z.string(),
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  status: z.string(),
  requestedBy: z.string().nullable(),
  /** ISO time of the row's last write: when it started waiting. */
  waitingSince: z.string(),
  version: z.number().int(),
  /** The document's page. */
  href: z.string(),
  /** The entity's API (`${api}/:id/events/:event` takes a decision with `version`). */
  api: z.string(),
  /** What one document of the entity is called: 'Purchase order'. */
  entityLabel: z.string(),
  events: z.array(approvalEventSchema),
});
export type ApprovalItem = z.infer<typeof approvalItemSchema>;

/** A module of the inbox with how many of its rows wait, for the filter. */
export const approvalModuleSchema = z.object({ module: z.enum(MODULES), count: z.number().int() });
export type ApprovalModule = z.infer<typeof approvalModuleSchema>;

export const approvalsSchema = z.object({
  items: z.array(approvalItemSchema),
  /** Rows waiting under the filter, listed or not. */
  total: z.number().int(),
  /** Every module the caller has rows waiting in, filter aside. */
  modules: z.array(approvalModuleSchema),
  /** The broadcasts that change the inbox (its sources' channels). */
  live: z.array(workLiveSchema),
});
export type Approvals = z.infer<typeof approvalsSchema>;

/** GET /api/approvals/count: the top bar's badge. */
export const approvalCountSchema = z.object({
  count: z.number().int(),
  live: z.array(workLiveSchema),
});
export type ApprovalCount = z.infer<typeof approvalCountSchema>;
