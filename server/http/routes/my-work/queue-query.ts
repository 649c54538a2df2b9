import type { SQL } from 'drizzle-orm';

// How the server reads one queue of My work (my-work.queries.ts and each module's *-work.queries.ts).

export type QueueQuery = {
  /** FROM and JOINs; the listed row is `r`. */
  from: string;
  /** Which rows wait; `me` is the signed-in user's id, bound as a parameter. */
  where: (me: number) => SQL;
  /** The row's number or code, and one line saying what it is. */
  label: string;
  detail: string;
  /** Oldest or most urgent first: what should be taken next. */
  order: string;
  /** Set on the decisions the approval inbox lists (work-queues.ts `decision`). */
  inbox?: InboxColumns;
};

/**
 * What the approval inbox reads of a decision's rows besides the queue's: who asked, and the
 * row's workflow document (json pairs beside `status`) for the same buttons its page shows.
 * Waiting since is the row's last write: a row waiting for a decision is not edited meanwhile
 * (its submission, or its creation for a request made at once, is that write).
 */
export type InboxColumns = {
  /** The user id of whoever asked for the decision (maker-checker's maker). */
  requester: string;
  /** `'key', expression` pairs of the workflow document, beside its status. */
  doc: SQL;
};
