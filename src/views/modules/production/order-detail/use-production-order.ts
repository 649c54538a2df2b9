import { useCallback, useContext, useEffect, useState } from 'react';
import { isApiError } from '../../../../api/api-error.ts';
import {
  fetchProductionOrderDetail,
  type ProductionOrderDetail,
} from '../../../../api/production-order.api.ts';
import { errorText } from '../../../../api/error-text.ts';
import { PRODUCTION_ORDERS } from '../../../../domain/entities/production/production-orders.entity.ts';
import type { LiveDelta } from '../../../../streams/live-list.store.ts';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { useRealtimeConnection } from '../../../shell/realtime/realtime.context.tsx';

// One production order kept current for its detail page: read once, then again whenever the
// order's channel says it changed (an event on the floor, a pick, a transfer) and after the
// channel is (re)subscribed, so a page left open keeps telling the story as it happens.

export type ProductionOrderState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string; missing: boolean }
  | { kind: 'ready'; detail: ProductionOrderDetail };

export function useProductionOrder(id: number): {
  state: ProductionOrderState;
  reload: () => void;
} {
  const request = useContext(EntityRequestContext);
  const connection = useRealtimeConnection();
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<ProductionOrderState>({ kind: 'loading' });
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  useEffect(() => {
    const abort = new AbortController();
    fetchProductionOrderDetail(request, id, abort.signal).then(
      (detail) => setState({ kind: 'ready', detail }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const missing = isApiError(error) && error.status === 404;
        // A read that fails after a good one keeps the page; only the first read says so.
        setState((current) =>
          current.kind === 'ready' && !missing
            ? current
            : { kind: 'failed', message: errorText(error), missing },
        );
      },
    );
    return () => abort.abort();
  }, [request, id, generation]);

  useEffect(() => {
    if (!connection) return;
    // RealtimeConnection.listen adds the `private-` prefix itself.
    const channel = PRODUCTION_ORDERS.channel.replace(/^private-/, '');
    return connection.listen<LiveDelta>(
      channel,
      `${PRODUCTION_ORDERS.event}.updated`,
      (delta) => {
        if (delta.id === id) reload();
      },
      reload,
    );
  }, [connection, id, reload]);

  return { state, reload };
}
