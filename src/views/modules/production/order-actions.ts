import { allowedProductionOrderActions } from '../../../machines/workflows/production-order.machine.ts';
import { type OrderEventName } from '../../../machines/workflows/production-order-events.ts';
import {
  FLOOR_EVENTS,
  orderFactsOfRow,
  positionOfRow,
} from '../../../machines/workflows/production-order.row.ts';
import type { AllowedActions } from '../../common/entity/document-actions.tsx';

/**
 * The buttons of a production order's form: its lifecycle (submit, approve, release, hold…).
 * The floor's own steps, which carry counts, are sent from the production dashboard.
 */
export const orderActions: AllowedActions = (doc, user) =>
  allowedProductionOrderActions(positionOfRow(doc), user, orderFactsOfRow(doc)).filter(
    (action) => !FLOOR_EVENTS.includes(action.event as OrderEventName),
  );
