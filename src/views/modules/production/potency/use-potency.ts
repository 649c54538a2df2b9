import { useContext, useEffect, useState } from 'react';
import {
  POTENCY_API,
  type ChartSubject,
  type OrderPotency,
  type PotencyChart,
  type PotencyDrift,
} from '../../../../domain/entities/production/potency-chart-values.ts';
import type { Flagged } from '../../../../api/bool-to-int.ts';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { useRealtimeConnection } from '../../../shell/realtime/realtime.context.tsx';

// The potency charts' reads (docs/domain/production.md "Potency control charts"), read again
// whenever the lab enters a result (hplc.result_entered on production.hplc), so a drift shows
// on every open screen as soon as the result that completes it is in.

const PATH = POTENCY_API.replace(/^\/api\//, '');

/** A counter that moves on every result the lab enters. */
function useResultsEntered(): number {
  const connection = useRealtimeConnection();
  const [entered, setEntered] = useState(0);
  useEffect(() => {
    if (!connection) return undefined;
    return connection.listen('production.hplc', 'hplc.result_entered', () =>
      setEntered((n) => n + 1),
    );
  }, [connection]);
  return entered;
}

/** One read of `url`, again when its query, `tick` or a new result changes; null until it answers. */
function useRead<T>(
  url: string | null,
  params: Record<string, string | number> = {},
  tick = 0,
): Flagged<T> | null {
  const request = useContext(EntityRequestContext);
  const entered = useResultsEntered();
  const [data, setData] = useState<Flagged<T> | null>(null);
  const key = JSON.stringify(params);
  useEffect(() => {
    if (url === null) return undefined;
    let live = true;
    request<T>({ url, params: JSON.parse(key) as Record<string, string | number>, quiet: true })
      .then((reply) => live && setData(reply.data))
      .catch(() => live && setData(null));
    return () => {
      live = false;
    };
  }, [request, url, key, entered, tick]);
  return data;
}

export const useDrifts = () => useRead<PotencyDrift[]>(`${PATH}/drifts`);

export const useSubjects = (by: ChartSubject) =>
  useRead<{ id: number; label: string; results: number }[]>(`${PATH}/subjects`, { by });

export const usePotencyChart = (by: ChartSubject, id: number | null) =>
  useRead<PotencyChart>(id === null ? null : PATH, { by, id: id ?? 0 });

export const useOrderPotency = (orderId: number | null, tick = 0) =>
  useRead<OrderPotency>(orderId === null ? null : `${PATH}/orders/${orderId}`, {}, tick);

/** Where a drift's chart opens. */
export const chartPath = (by: ChartSubject, id: number) =>
  `/production/potency-charts?by=${by}&id=${id}`;
