import {
  POTENCY_API,
  type DriftingOrder,
} from '../../../../domain/entities/production/potency-chart-values.ts';
import type { DashboardOrderRow } from '../../../../domain/entities/production/production-orders.entity.ts';
import { useApiRead } from '../../../common/use-api-read.ts';

// Which of the board's orders make a potency chart drift (docs/domain/production.md "Potency
// control charts"). A result only changes the charts when its order moves out of an HPLC stage,
// which the board hears on its own channel; so the list is read again whenever an order of the
// board changes stage, not on a timer.

const URL = `${POTENCY_API.replace(/^\/api\//, '')}/drifting-orders`;

export function useDriftingOrders(rows: readonly DashboardOrderRow[]): Map<number, DriftingOrder> {
  const stages = rows.map((r) => `${r.id}:${r.stage}`).join(',');
  const drifting = useApiRead<DriftingOrder[]>(URL, stages) ?? [];
  return new Map(drifting.map((d) => [d.production_order_id, d]));
}
