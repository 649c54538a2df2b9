import { ACCESS_TABLE } from '../../../../src/domain/access.ts';
import {
  actionsFor,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from '../../../../src/machines/workflows/document-workflow.ts';

// A production plan row of a forecast period (docs/domain/forecast.md §11): proposed → accepted
// while the period is open; accepted → ordered ("create orders": a draft production order of its
// planned units) once the period is locked. A row with nothing to make is accepted and never
// ordered.

const PLANNERS = ACCESS_TABLE.forecast.roles;

/** The facts the server reads beside a plan row (forecast-production-plans.entity.ts). */
export type ForecastPlanFacts = {
  readonly period_status?: string | null;
  readonly planned_units?: number | null;
};

const facts = (doc: WorkflowDoc) => doc as WorkflowDoc & ForecastPlanFacts;

const periodOpen = (_user: WorkflowUser, doc: WorkflowDoc) => {
  const status = facts(doc).period_status;
  return status === undefined || status === 'open' ? null : `The period is ${status}`;
};

const periodLocked = (_user: WorkflowUser, doc: WorkflowDoc) => {
  const status = facts(doc).period_status;
  if (status !== undefined && status !== 'locked') {
    return 'Orders are created once the period is locked';
  }
  const planned = facts(doc).planned_units;
  return planned !== undefined && planned !== null && planned <= 0 ? 'Nothing to make' : null;
};

export const FORECAST_PLAN_TRANSITIONS: TransitionTable = {
  proposed: { accept: { to: 'accepted', roles: PLANNERS, guard: periodOpen } },
  accepted: {
    create_orders: { to: 'ordered', roles: PLANNERS, guard: periodLocked, confirm: true },
  },
};

export const forecastPlanMachine = workflowMachine(
  'forecastPlan',
  'proposed',
  FORECAST_PLAN_TRANSITIONS,
);

export function allowedForecastPlanActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(FORECAST_PLAN_TRANSITIONS, user, doc);
}
