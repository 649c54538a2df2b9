import { z } from 'zod';

// What GET /api/my-work answers (the home page's "My work", docs/journeys.md Everyone), apart from
// the queues themselves (src/machines/workflows/work-queues.ts), so the dashboard reads it
// without loading every workflow. The answer's shapes are zod schemas, so the route declares
// the same shape the page reads (its OpenAPI `data`).

export const WORK_GROUPS = {
  /** Decisions a checker takes on someone else's request (maker-checker). */
  approvals: 'Waiting for your approval',
  /** Orders and documents at the step the person's role performs. */
  floor: 'At your step',
  /** Purchase orders, supplier invoices and receivings to move on (the supply side). */
  supply: 'Buying and receiving',
  /** Customers' orders to allocate and ship (the demand side). */
  demand: 'Customer orders',
  /** Stock counts to start, count or review. */
  counts: 'Stock counts to do',
  /** Machine work orders to work. */
  maintenance: 'Work orders',
  /** R&D samples at the step the person's role performs (develop, specify, evaluate, promote). */
  samples: 'Samples at your step',
  /** The person's own trainings still to do (assigned, in progress, overdue). */
  trainings: 'Trainings due',
  /** Everyone's overdue trainings, for whoever chases them (the training supervisor). */
  follow_up: 'Trainings to follow up',
  /** Trainees' signed trainings waiting for a trainer's score: the trainer's work, not theirs. */
  scoring: 'Trainings to score',
} as const;

export type WorkGroup = keyof typeof WORK_GROUPS;

/** The broadcasts that change a queue: its entity's channel and event prefix. */
export const workLiveSchema = z.object({ channel: z.string(), event: z.string() });
export type WorkLive = Readonly<z.infer<typeof workLiveSchema>>;

/** One row that waits: its number and what it is, and where it opens. */
export const myWorkItemSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  detail: z.string(),
  href: z.string(),
});
export type MyWorkItem = z.infer<typeof myWorkItemSchema>;

/** A queue as GET /api/my-work answers it: its first rows and how many there are. */
export const myWorkQueueSchema = z.object({
  key: z.string(),
  group: z.enum(Object.keys(WORK_GROUPS) as [WorkGroup, ...WorkGroup[]]),
  title: z.string(),
  count: z.number().int(),
  /** The page where the whole queue is worked. */
  href: z.string(),
  items: z.array(myWorkItemSchema),
});
export type MyWorkQueue = z.infer<typeof myWorkQueueSchema>;

/** GET /api/my-work: the non-empty queues, and the broadcasts of every queue the person has. */
export const myWorkSchema = z.object({
  queues: z.array(myWorkQueueSchema),
  live: z.array(workLiveSchema),
});
export type MyWork = z.infer<typeof myWorkSchema>;
