import { ACCESS_TABLE } from '../../domain/access.ts';
import { CORRECTABLE_ORDER_STATUSES } from '../../domain/entities/production/correction-values.ts';
import { correctionWorkflow, type CorrectionEvent } from './correction-workflow.ts';

// A production order correction CR- (docs/domain/production.md §3.2), on the shared correction
// workflow: one person requests a changed count with a reason, a manager who is not that person
// approves or rejects it, and applying it writes the order's new count with compensating
// `correction` movements, only if the order's units still add up. Orders that are closed are
// corrected by admin alone.

export type ProductionCorrectionEvent = CorrectionEvent<'correction'>;

const workflow = correctionWorkflow({
  id: 'productionOrderCorrection',
  prefix: 'correction',
  correctors: ACCESS_TABLE.production_order_corrections.roles,
  orderChecks: {
    isOrderCorrectable: {
      on: ['request', 'approve', 'apply'],
      test: (p) => (CORRECTABLE_ORDER_STATUSES as readonly string[]).includes(p.facts.orderStatus),
      message: (p) =>
        `A ${p.facts.orderStatus.replaceAll('_', ' ')} order takes no corrections: only orders in progress, on hold, completed or closed`,
    },
    isOrderOpenToActor: {
      on: ['request', 'approve', 'reject', 'apply'],
      test: (p) => p.facts.orderStatus !== 'closed' || p.actor.roles.includes('admin'),
      message: () => 'The order is closed: only admin corrects it',
    },
  },
  correctableStatus: 'completed',
  orderStatusField: 'production_order_status',
});

export const productionOrderCorrectionMachine = workflow.machine;
export const {
  isEvent: isCorrectionEvent,
  decideRequest: decideCorrectionRequest,
  decide: decideCorrection,
  allowedActions: allowedCorrectionActions,
  eventRoles: CORRECTION_EVENT_ROLES,
} = workflow;
