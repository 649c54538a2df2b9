import {
  PRODUCTION_TRANSFERS,
  TRANSFER_ORDERS,
  TRANSFER_SKIDS,
} from '../../src/domain/entities/production/production-transfers.entity.ts';
import { TRANSFERS } from '../../src/domain/entities/stock/transfers.entity.ts';
import type { CrewContext } from './crew-context.ts';
import { where, type ListData } from './plant-api.ts';

// The simulator's transfer crew (docs/domain/production.md §3.2 transfer_pending → transferred): an
// order's finished units are loaded on an open skid and the skid is closed; closed skids go on a
// transfer to a distribution centre; the crew requests and prepares it, shipping ships it and
// the warehouse clerk receives it, about one step per tick, which completes the orders it
// carried. Empty skids that came back are returned to the floor, so a handful of skids keep
// the plant moving for days; a new one is added only when none is free.

const SKID_CAP = 12;
const OPEN_TRANSFERS = ['draft', 'requested', 'ready', 'in_transit'];

type OrderRow = { id: number; number: string; status: string; unloaded_units: number };
type SkidRow = {
  id: number;
  version: number;
  code: string;
  status: string;
  transfer_id: number | null;
  units: number;
};
type TransferRow = { id: number; version: number; number: string; status: string };

export type TransferCrewContext = CrewContext & {
  stats: { ordersCompleted: number; transfersReceived: number };
};

/** Who sends each step of a transfer on its way (transfer.machine.ts roles). */
const NEXT: Record<string, readonly [who: string, event: string]> = {
  draft: ['transfer', 'request'],
  requested: ['transfer', 'prepare'],
  ready: ['shipping', 'ship'],
  in_transit: ['inventory', 'receive'],
};

export function transferCrew(ctx: TransferCrewContext) {
  const { as, chance, pick, settle, stats } = ctx;
  /** Orders the crew loaded and has not yet seen completed. */
  const loaded = new Set<number>();
  let destinations: number[] | null = null;
  let skidSerial = 0;

  async function dcs(): Promise<number[]> {
    if (destinations) return destinations;
    const found = await as('admin').get<ListData<{ id: number }>>('/api/general/locations', {
      filter: [
        where('type', 'enum', 'equals', 'distribution_center'),
        where('active', 'boolean', 'equals', true),
      ],
    });
    destinations = found.ok ? found.data.rows.map((r) => r.id) : [];
    return destinations;
  }

  async function skids(): Promise<SkidRow[]> {
    const list = await as('transfer').get<ListData<SkidRow>>(TRANSFER_SKIDS.api, {
      per_page: 100,
      sort: { field: 'code', direction: 'asc' },
    });
    return list.ok ? list.data.rows : [];
  }

  /** An open skid to load: an empty open one, a returned one, or a new one. */
  async function freeSkid(all: SkidRow[]): Promise<SkidRow | null> {
    const open = all.find((s) => s.status === 'open' && s.units === 0);
    if (open) return open;
    const back = all.find((s) => s.status === 'received');
    if (back) {
      const answer = await as('transfer').send<SkidRow>(
        'POST',
        `/api/production/skids/${back.id}/events/return`,
        { version: back.version },
      );
      return settle(answer, 'return a skid') ? answer.data : null;
    }
    if (all.length >= SKID_CAP) return null;
    skidSerial += 1;
    const code = `SK-S${String(Date.now() % 100_000).padStart(5, '0')}${skidSerial}`;
    const created = await as('admin').send<SkidRow>('POST', '/api/production/skids', {
      module: 'production',
      code,
    });
    return settle(created, 'add a skid') ? { ...created.data, units: 0 } : null;
  }

  /** Every unit left of each waiting order on a skid of its own, closed at once. */
  async function loadWaiting(): Promise<void> {
    const waiting = await as('transfer').get<ListData<OrderRow>>(TRANSFER_ORDERS.api, {
      per_page: 20,
      filter: [
        where('stage', 'enum', 'equals', 'transfer_pending'),
        where('status', 'enum', 'equals', 'in_progress'),
      ],
    });
    for (const order of waiting.ok ? waiting.data.rows : []) {
      if (Number(order.unloaded_units) <= 0) continue;
      const skid = await freeSkid(await skids());
      if (!skid) return;
      const answer = await as('transfer').send<SkidRow>(
        'POST',
        `/api/production/skids/${skid.id}/load`,
        { version: skid.version, production_order_id: order.id, units: order.unloaded_units },
      );
      if (!settle(answer, 'load a skid')) continue;
      loaded.add(order.id);
      settle(
        await as('transfer').send('POST', `/api/production/skids/${skid.id}/events/close`, {
          version: answer.data.version,
        }),
        'close a skid',
      );
    }
  }

  async function shipClosed(all: SkidRow[]): Promise<void> {
    const closed = all.filter((s) => s.status === 'closed' && s.transfer_id === null);
    const places = await dcs();
    if (closed.length === 0 || places.length === 0) return;
    settle(
      await as('transfer').send('POST', PRODUCTION_TRANSFERS.api, {
        to_location_id: pick(places),
        skid_ids: closed.map((s) => s.id),
      }),
      'put skids on a transfer',
    );
  }

  async function moveTransfers(): Promise<void> {
    const moving = await as('transfer').get<ListData<TransferRow>>(PRODUCTION_TRANSFERS.api, {
      per_page: 20,
      filter: [where('status', 'enum', 'in', OPEN_TRANSFERS)],
    });
    for (const tr of moving.ok ? moving.data.rows : []) {
      const next = NEXT[tr.status];
      // The road takes a while: a transfer in transit arrives about one tick in two.
      if (!next || (tr.status === 'in_transit' && !chance(0.5))) continue;
      const [who, event] = next;
      const answer = await as(who).send<TransferRow>(
        'POST',
        `${TRANSFERS.api}/${tr.id}/events/${event}`,
        { version: tr.version },
      );
      if (settle(answer, `transfer ${event}`) && event === 'receive') {
        stats.transfersReceived += 1;
        await countCompleted();
      }
    }
  }

  /** The orders a receipt completed count as the plant's completed orders. */
  async function countCompleted(): Promise<void> {
    if (loaded.size === 0) return;
    const done = await as('transfer').get<ListData<OrderRow>>(TRANSFER_ORDERS.api, {
      per_page: loaded.size,
      filter: [
        where('id', 'number', 'in', [...loaded]),
        where('status', 'enum', 'in', ['completed', 'closed']),
      ],
    });
    for (const order of done.ok ? done.data.rows : []) {
      loaded.delete(order.id);
      stats.ordersCompleted += 1;
    }
  }

  return {
    async step(): Promise<void> {
      await loadWaiting();
      await shipClosed(await skids());
      await moveTransfers();
    },
  };
}
