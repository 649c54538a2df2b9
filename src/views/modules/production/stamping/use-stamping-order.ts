import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { eventNotice } from '../../../../api/result-notice.ts';
import { STAMPING_ORDERS } from '../../../../domain/entities/production/stamping-orders.entity.ts';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../common/entity-form/form-failure.ts';
import { notify } from '../../../common/notify.tsx';
import { useRealtimeConnection } from '../../../shell/realtime/realtime.context.tsx';
import type { EntityRow } from '../../../../domain/entities/entity-row.ts';
import { rowOf, type RowOf } from '../../../../domain/entity/row-of.ts';

// One stamping order as the start and finish pages read it (with its reels), and the event
// sender they share: after an event the order is read again, so status and version follow.
// Another person's event (stamp inventory issuing the reels) arrives on the order's channel
// and is read the same way, so a stamper waiting on the start page sees the reels come.

export type OrderReel = {
  reel_id: number;
  reel_no: string;
  reel_status: string;
  issued_qty: number;
  applied: number;
  wasted: number;
  damaged: number;
  returned: number;
  first_serial: number | null;
  last_serial: number | null;
};

/** The order as its own route reads it: its row and the reels issued to it. */
export type StampingOrderRow = RowOf<typeof STAMPING_ORDERS> & { reels?: OrderReel[] };

/** The order's API path without the `/api/` prefix the transport adds. */
export const stampingPath = (id: number, rest = '') =>
  `${STAMPING_ORDERS.api.replace(/^\/api\//, '')}/${id}${rest}`;

export function useStampingOrder(id: number | null) {
  const request = useContext(EntityRequestContext);
  const [row, setRow] = useState<StampingOrderRow | null>(null);
  const [generation, setGeneration] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (id === null) return;
    let live = true;
    void request<EntityRow>({ url: stampingPath(id) })
      // Its own route answers the order's row with the reels issued to it.
      .then((reply) => live && setRow(rowOf(STAMPING_ORDERS, reply.data) as StampingOrderRow))
      .catch((error: unknown) => showFailure(error, false));
    return () => {
      live = false;
    };
  }, [request, id, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const connection = useRealtimeConnection();
  // The version in hand: our own event's broadcast, already read, is not read again.
  const version = useRef<number | null>(null);
  version.current = row?.version ?? null;
  useEffect(() => {
    if (!connection || id === null) return;
    // RealtimeConnection.listen adds the `private-` prefix itself.
    return connection.listen<{ id: number; version: number }>(
      STAMPING_ORDERS.channel.replace(/^private-/, ''),
      `${STAMPING_ORDERS.event}.updated`,
      (delta) => {
        if (delta.id === id && delta.version !== version.current) reload();
      },
    );
  }, [connection, id, reload]);

  /** Sends `event` with the version read; true when the server took it. */
  const send = useCallback(
    async (event: string, data: Record<string, unknown> = {}) => {
      if (!row) return false;
      setBusy(true);
      try {
        await request({
          url: stampingPath(row.id, `/events/${event}`),
          method: 'POST',
          data: { version: row.version, ...data },
        });
        notify.result(eventNotice('Stamping order', row, event));
        reload();
        return true;
      } catch (error) {
        showFailure(error, false);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [request, row, reload],
  );
  return { row, reload, send, busy };
}
