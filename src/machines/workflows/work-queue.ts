import type { EntityDeclaration } from '../../domain/entity/entity-declaration.ts';
import type { Module } from '../../domain/modules.ts';
import type { WorkGroup, WorkLive } from '../../domain/my-work.ts';
import type { ActionState, WorkflowDoc, WorkflowUser } from './document-workflow.ts';

// One queue of the home page's "My work" and, for decisions, how the approval inbox takes its
// rows; each module's queues are declared in its own *-work-queues.ts, gathered in work-queues.ts.

/**
 * How the approval inbox shows a queue's rows and decides them in place: through the SAME
 * events route and workflow as the document's own page (`${entity.api}/:id/events/:event`
 * with the row's version), the buttons from the same function that page runs.
 */
export type WorkDecision = {
  /** The module the inbox files the rows under (its filter). */
  readonly module: Module;
  /** What one row is, in a few words: 'Product change'. */
  readonly kind: string;
  /** Where the events go, and their button words (`eventLabels`). */
  readonly entity: Pick<EntityDeclaration, 'api' | 'label' | 'channel' | 'event' | 'eventLabels'>;
  /** The events that decide a row (approve, reject…), as the document's page offers them. */
  readonly events: readonly string[];
  /** The workflow's buttons for a row, as the document's page computes them. */
  readonly actions: (doc: WorkflowDoc, user: WorkflowUser) => ActionState[];
};

export type WorkQueue = {
  readonly key: string;
  readonly group: WorkGroup;
  /** What a person reads above the queue's items. */
  readonly title: string;
  /** Whose work it is, admin aside: the roles of the event the rows wait for. */
  readonly roles: readonly string[];
  /**
   * Whether an admin, who may take every step, sees the queue without holding one of `roles`.
   * True for decisions (admin is an approver, docs/journeys.md "Approvals"); false for floor work,
   * which an admin may do but is not waiting on.
   */
  readonly admin: boolean;
  /** The page (a route-map path) where the queue is worked: its roles and module gate it. */
  readonly page: string;
  /** Where one row opens. */
  readonly open: (id: number) => string;
  readonly live: WorkLive;
  /** Set on decisions the approval inbox lists and takes (maker-checker holds there too). */
  readonly decision?: WorkDecision;
};
