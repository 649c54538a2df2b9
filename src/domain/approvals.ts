import type { Module } from './modules.ts';
import type { WorkLive } from './my-work.ts';

// What GET /api/approvals and /api/approvals/count answer: the one approval inbox
// (docs/journeys.md "Approvals"), apart from its sources (the decision queues of
// src/machines/workflows/work-queues.ts), so the top bar reads its count without loading
// every workflow.

export const APPROVAL_ORDERS = ['newest', 'oldest'] as const;
/** Newest first (what just came in) or oldest-waiting first (what has waited longest). */
export type ApprovalOrder = (typeof APPROVAL_ORDERS)[number];

/** Rows one answer lists at most; the inbox says how many wait in all. */
export const APPROVALS_PAGE_SIZE = 200;

/** An event the caller may send to the row now, as its document's page would offer it. */
export type ApprovalEvent = {
  event: string;
  /** The button's words (the entity's `eventLabels`, else the event's name). */
  label: string;
  /** Booleans travel as 1 and 0 (docs/product.md §7). */
  needsReason: boolean | number;
  /** Irreversible (a count's approval posts stock): confirmed before it is sent. */
  confirm: boolean | number;
};

/** One request waiting for the caller's decision. */
export type ApprovalItem = {
  /** The queue it comes from (work-queues.ts key). */
  source: string;
  module: Module;
  /** What it is: 'Product change', 'Purchase order'… */
  kind: string;
  id: number;
  number: string;
  title: string;
  status: string;
  requestedBy: string | null;
  /** ISO time of the row's last write: when it started waiting. */
  waitingSince: string;
  version: number;
  /** The document's page. */
  href: string;
  /** The entity's API (`${api}/:id/events/:event` takes a decision with `version`). */
  api: string;
  /** What one document of the entity is called: 'Purchase order'. */
  entityLabel: string;
  events: ApprovalEvent[];
};

/** A module of the inbox with how many of its rows wait, for the filter. */
export type ApprovalModule = { module: Module; count: number };

export type Approvals = {
  items: ApprovalItem[];
  /** Rows waiting under the filter, listed or not. */
  total: number;
  /** Every module the caller has rows waiting in, filter aside. */
  modules: ApprovalModule[];
  /** The broadcasts that change the inbox (its sources' channels). */
  live: WorkLive[];
};

/** GET /api/approvals/count: the top bar's badge. */
export type ApprovalCount = { count: number; live: WorkLive[] };
