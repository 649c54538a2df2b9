import { useContext, useEffect, useState } from 'react';
import {
  POTENCY_API,
  type DriftingOrder,
} from '../../../../domain/entities/production/potency-chart-values.ts';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import type { EntityRow } from '../../../../domain/entities/entity-row.ts';

// Which of the board's orders make a potency chart drift (docs/domain/production.md "Potency
// control charts"). A result only changes the charts when its order moves out of an HPLC stage,
// which the board hears on its own channel; so the list is read again whenever an order of the
// board changes stage, not on a timer.

const URL = `${POTENCY_API.replace(/^\/api\//, '')}/drifting-orders`;

export function useDriftingOrders(rows: readonly EntityRow[]): Map<number, DriftingOrder> {
  const request = useContext(EntityRequestContext);
  const [drifting, setDrifting] = useState(new Map<number, DriftingOrder>());
  const stages = rows.map((r) => `${r.id}:${String(r.stage)}`).join(',');
  useEffect(() => {
    let live = true;
    request<DriftingOrder[]>({ url: URL, quiet: true })
      .then((reply) => {
        if (live) setDrifting(new Map(reply.data.map((d) => [d.production_order_id, d])));
      })
      // A wall keeps what it last knew rather than dropping its flags on a failed read.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [request, stages]);
  return drifting;
}
