import { ACCESS_TABLE } from '../../../../src/domain/access.ts';
import {
  actionsFor,
  factOf,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from '../../../../src/machines/workflows/document-workflow.ts';

// Forecast period (docs/domain/forecast.md §11), shared by the server (decides) and the browser
// (buttons). A draft is opened by generating its allocations and production plan from the shipped
// sales of its history window (refused when the window has none). While open, forecasts, shares and
// plan rows change; locking makes it read-only once every plan row is accepted, and locked
// periods turn accepted rows into draft production orders. Closing waits for those orders.

const PLANNERS = ACCESS_TABLE.forecast.roles;

/** The facts the server computes beside the period (forecast-periods.entity.ts). */
export type ForecastPeriodFacts = {
  readonly has_history?: boolean | number;
  readonly plans_proposed?: boolean | number;
  readonly orders_waiting?: boolean | number;
};

const facts = (doc: WorkflowDoc) => doc as WorkflowDoc & ForecastPeriodFacts;

const hasHistory = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(facts(doc).has_history) === false
    ? 'No shipped sales in the history window: widen it first'
    : null;

const everyPlanAccepted = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(facts(doc).plans_proposed) === true
    ? 'Some production plan rows are still proposed: accept them first'
    : null;

const everyOrderCreated = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(facts(doc).orders_waiting) === true
    ? 'Accepted plan rows are waiting for their production orders: create them first'
    : null;

export const FORECAST_PERIOD_TRANSITIONS: TransitionTable = {
  draft: { generate: { to: 'open', roles: PLANNERS, guard: hasHistory, confirm: true } },
  open: { lock: { to: 'locked', roles: PLANNERS, guard: everyPlanAccepted, confirm: true } },
  locked: { close: { to: 'closed', roles: PLANNERS, guard: everyOrderCreated } },
};

export const forecastPeriodMachine = workflowMachine(
  'forecastPeriod',
  'draft',
  FORECAST_PERIOD_TRANSITIONS,
);

export function allowedForecastPeriodActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(FORECAST_PERIOD_TRANSITIONS, user, doc);
}
