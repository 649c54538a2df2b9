import { isApiError } from '../../../api/api-error.ts';
import { errorText } from '../../../api/error-text.ts';
import { validationLines } from '../../../api/validation-messages.ts';
import { statusLabel } from '../../../domain/status-tags.ts';
import type { ActionState } from '../../../machines/workflows/document-workflow.ts';
import { staleNoticeOf } from '../../common/entity-form/stale-version.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// One workflow event sent to several production orders (release the selected ones): each
// order on its own, one after the other, so one refusal never holds the others back, and the
// person is told per order what happened (sent, refused and why, or skipped and why).

/** The events a planner sends to several orders at once; none of them asks for a reason. */
export const BULK_ORDER_EVENTS = ['submit', 'approve', 'release'] as const;
export type BulkOrderEvent = (typeof BULK_ORDER_EVENTS)[number];

export type BulkOutcome = {
  id: number;
  number: string;
  /** done: the event went through; refused: the server said no; skipped: not even sent. */
  result: 'done' | 'refused' | 'skipped';
  text: string;
};

export type BulkDeps = {
  /** The actions the machine allows on `row` for the person (as the form's buttons). */
  actionsOf: (row: EntityRow) => readonly ActionState[];
  /** Sends `event` to the order with the version read; the order as it now is. */
  send: (row: EntityRow, event: BulkOrderEvent) => Promise<EntityRow>;
};

const numberOf = (row: EntityRow) => (typeof row.number === 'string' ? row.number : `#${row.id}`);

/** How many of `rows` the event may be sent to now. */
export function allowedCount(
  rows: readonly EntityRow[],
  event: BulkOrderEvent,
  actionsOf: BulkDeps['actionsOf'],
): number {
  return rows.filter((row) => actionsOf(row).some((a) => a.event === event && a.allowed)).length;
}

function refusal(error: unknown): string {
  const stale = staleNoticeOf(error);
  if (stale) return `Changed meanwhile${stale.name ? ` by ${stale.name}` : ''}: nothing sent`;
  if (isApiError(error) && error.code === 'validation_error') {
    // A business refusal comes as `{status: 'Only planning may do this'}`: say the words.
    return validationLines(error)
      .map((line) => line.replace(/^Status: /, ''))
      .join('; ');
  }
  return errorText(error);
}

/** Sends `event` to each row in turn and says what happened to each. */
export async function sendToEach(
  rows: readonly EntityRow[],
  event: BulkOrderEvent,
  deps: BulkDeps,
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = [];
  for (const row of rows) {
    const base = { id: row.id, number: numberOf(row) };
    const action = deps.actionsOf(row).find((a) => a.event === event);
    if (!action?.allowed) {
      const why =
        action?.reason ?? `Not possible while ${statusLabel(String(row.status)).toLowerCase()}`;
      outcomes.push({ ...base, result: 'skipped', text: why });
      continue;
    }
    try {
      const after = await deps.send(row, event);
      outcomes.push({
        ...base,
        result: 'done',
        text: `${statusLabel(String(row.status))} → ${statusLabel(String(after.status))}`,
      });
    } catch (error) {
      outcomes.push({ ...base, result: 'refused', text: refusal(error) });
    }
  }
  return outcomes;
}
