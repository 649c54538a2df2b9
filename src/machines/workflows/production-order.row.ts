import type {
  OrderStage,
  OrderStatus,
} from '../../domain/entities/production/production-order-values.ts';
import { phasesOfFlow, type OrderFacts, type OrderPosition } from './production-order.machine.ts';
import { type OrderEventName } from './production-order-events.ts';

// A production order as the browser holds it (a list row, a dashboard card) in the terms of
// the order machine: its position, its facts, and which events the floor sends with counts.

/**
 * An order's facts as its row reads in the browser (booleans arrive as 1/0). What a row does
 * not carry (product and recipe state, consumption, counters not yet entered) is taken as
 * passing: the server checks it again on the event.
 */
export function orderFactsOfRow(doc: object): OrderFacts {
  const row = doc as Readonly<Record<string, unknown>>;
  const phases = phasesOfFlow(row.flow_phases);
  return {
    submittedBy: typeof row.submitted_by === 'number' ? row.submitted_by : null,
    phases,
    stage: (row.stage as OrderStage | null | undefined) ?? null,
    previousStatus: (row.previous_status as OrderStatus | null | undefined) ?? null,
    productActive: true,
    recipeApproved: true,
    picksComplete: Boolean(row.picks_complete),
    actualBatchMl: Number(row.actual_batch_ml ?? 0) || 1,
    hasConsumption: false,
    openCorrections: Number(row.open_corrections ?? 0),
    bottlingWithinBatch: true,
    lastLabelCheckPassed: row.last_label_check === 'pass',
    transferWithinProduced: true,
  };
}

/** The row's position for the machine. */
export function positionOfRow(doc: object): OrderPosition {
  const row = doc as Readonly<Record<string, unknown>>;
  return {
    status: row.status as OrderStatus,
    stage: (row.stage as OrderStage | null | undefined) ?? null,
  };
}

/** Events that carry the floor's counts, sent from the dashboard with them. */
export const COUNTED_EVENTS: Readonly<Partial<Record<OrderEventName, readonly string[]>>> = {
  finish_batching: ['actual_batch_ml'],
  finish_bottling: ['bottled_units', 'bottling_waste_units'],
  finish_labeling: ['labeled_units', 'label_waste_units'],
};

/** The floor's own events: what the dashboard's cards offer the changing roles. */
export const FLOOR_EVENTS: readonly OrderEventName[] = [
  'start_batching',
  'finish_batching',
  'start_bottling',
  'finish_bottling',
  'finish_labeling',
];
