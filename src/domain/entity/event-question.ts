import type { EntityField } from './entity-field.ts';

/**
 * What a workflow event asks before it is sent, beyond a reason (the flow of a daily order's
 * production orders): fields declared like an entity's, whose values join the event's body.
 */
export type EventQuestion = {
  readonly fields: readonly EntityField[];
  /** What happens when the optional fields are left empty. */
  readonly note?: string;
};
