import { ACCESS_TABLE } from '../../domain/access.ts';
import { correctionWorkflow, type CorrectionEvent } from './correction-workflow.ts';

// A stamping order correction STC- (docs/domain/production.md §3.2
// "product_stamping_order_corrections"), on the shared correction workflow: a finished stamping
// order's stamp counters (per reel), wasted bottles and stamped units. Applying it writes
// compensating reel and stock movements only if the reels and the stock still reconcile afterwards.

export type StampingCorrectionEvent = CorrectionEvent<'stamping_correction'>;

const workflow = correctionWorkflow({
  id: 'stampingOrderCorrection',
  prefix: 'stamping_correction',
  correctors: ACCESS_TABLE.production_stamping_corrections.roles,
  orderChecks: {
    isOrderFinished: {
      on: ['request', 'approve', 'apply'],
      test: (p) => p.facts.orderStatus === 'finished',
      message: (p) =>
        `A ${p.facts.orderStatus.replaceAll('_', ' ')} stamping order takes no corrections: only finished ones`,
    },
  },
  correctableStatus: 'finished',
  orderStatusField: 'stamping_order_status',
});

export const stampingOrderCorrectionMachine = workflow.machine;
export const {
  isEvent: isStampingCorrectionEvent,
  decideRequest: decideStampingCorrectionRequest,
  decide: decideStampingCorrection,
  allowedActions: allowedStampingCorrectionActions,
  eventRoles: STAMPING_CORRECTION_EVENT_ROLES,
} = workflow;
