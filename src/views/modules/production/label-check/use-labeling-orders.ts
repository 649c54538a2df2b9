import { useCallback, useContext, useEffect, useState } from 'react';
import type { LabelingOrder } from '../../../../domain/entities/production/labeling-order.ts';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';

// The orders a label check can be recorded on (in labeling), with what their labels must
// carry, read from the label check routes: the Label check roles do not all open the
// dashboard or the orders' own list.

export const LABEL_CHECKS_URL = 'production/label-checks';

/** The orders in labeling; `reload` reads them again. */
export function useLabelingOrders(active: boolean) {
  const request = useContext(EntityRequestContext);
  const [orders, setOrders] = useState<readonly LabelingOrder[] | null>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!active) return;
    let live = true;
    void request<{ rows: LabelingOrder[] }>({ url: `${LABEL_CHECKS_URL}/orders` })
      .then((reply) => live && setOrders(reply.data.rows as LabelingOrder[]))
      .catch(() => live && setOrders([]));
    return () => {
      live = false;
    };
  }, [request, active, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { orders, reload };
}
