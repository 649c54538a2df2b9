import type { AssemblyOrderStatus, AssemblyStage } from '../entities/assembly-order-values.ts';
import { allowedAssemblyOrderActions, type AssemblyEventName } from './assembly-order.machine.ts';
import type {
  ActionState,
  WorkflowDoc,
  WorkflowUser,
} from '../../../../src/machines/workflows/document-workflow.ts';

// An assembly order as the browser holds it (a list row, a dashboard card) in the terms of the
// order machine, and which of its events each screen offers: admin's page plans and decides,
// the crews' board moves the stages. Shipping sends none: kits ship on sales orders.

export const ADMIN_EVENTS: readonly AssemblyEventName[] = [
  'release',
  'hold',
  'resume',
  'cancel',
  'close',
];
export const FLOOR_EVENTS: readonly AssemblyEventName[] = [
  'start_sealing',
  'finish_sealing',
  'finish_stamping',
  'finish_cartoning',
];

/** The buttons of an order row for `user`, among `events` (booleans arrive as 1/0). */
export function assemblyRowActions(
  events: readonly AssemblyEventName[],
): (doc: WorkflowDoc, user: WorkflowUser) => ActionState[] {
  return (doc, user) => {
    const row = doc as WorkflowDoc & Readonly<Record<string, unknown>>;
    const actions = allowedAssemblyOrderActions(
      {
        status: row.status as AssemblyOrderStatus,
        stage: (row.stage as AssemblyStage | null | undefined) ?? null,
      },
      user,
      {
        stage: (row.stage as AssemblyStage | null | undefined) ?? null,
        previousStatus: (row.previous_status as AssemblyOrderStatus | null | undefined) ?? null,
        hasComponents: Boolean(row.has_components),
        hasConsumption: Boolean(row.has_consumption),
        sealedUnits: Number(row.sealed_units ?? 0),
        stampedUnits: Number(row.stamped_units ?? 0),
      },
    );
    return actions.filter((a) => events.includes(a.event as AssemblyEventName));
  };
}
