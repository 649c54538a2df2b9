import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { STAMPING_ORDERS } from '../../src/domain/entities/production/stamping-orders.entity.ts';
import type { CrewContext } from './crew-context.ts';
import { where, type ListData } from './plant-api.ts';
import { refillReels } from './reel-refill.ts';

// The simulator's stamper (docs/domain/production.md §3.2 stamping → transfer_pending): an order
// waiting in the stamping stage gets a stamping order for its labeled units on an operational
// stamper; the stamper saves it and asks for reels of the product's jurisdiction, stamp_inventory
// issues them from pending reel approvals, and the stamper finishes with every reel reconciled (now
// and then a wasted stamp and bottle), which moves the production order on to its transfer.
// When the jurisdiction's free reels run short, stamp inventory receives more (reel-refill.ts).

type OrderRow = { id: number; product_id: number; labeled_units: number };
type StampingRow = {
  id: number;
  production_order_id: number | null;
  stamp_jurisdiction_id: number;
  version: number;
  status: string;
  planned_units: number;
  counter_start: number | null;
  reels?: Array<{ reel_id: number; issued_qty: number }>;
};
type FreeReel = { id: number; remaining_qty: number };

export type StampingCrewContext = CrewContext & {
  stats: { reelsReceived: number; ordersStamped: number };
};

const OPEN = ['draft', 'ready', 'reel_pending', 'in_progress'];

export function stampingCrew(ctx: StampingCrewContext) {
  const { as, chance, settle, stats } = ctx;
  let machine: number | null = null;

  async function stamper(): Promise<number | null> {
    if (machine !== null) return machine;
    const found = await as('admin').get<ListData<{ id: number }>>('/api/production/machines', {
      filter: [
        where('kind', 'enum', 'equals', 'stamper'),
        where('status', 'enum', 'equals', 'operational'),
      ],
    });
    machine = found.ok ? (found.data.rows[0]?.id ?? null) : null;
    return machine;
  }

  /** A stamping order for each order waiting in the stamping stage that has none open. */
  async function plan(): Promise<void> {
    const waiting = await as('stamper').get<ListData<OrderRow>>(PRODUCTION_ORDERS.api, {
      per_page: 10,
      filter: [
        where('status', 'enum', 'equals', 'in_progress'),
        where('stage', 'enum', 'equals', 'stamping'),
      ],
    });
    for (const order of waiting.ok ? waiting.data.rows : []) {
      const open = await as('stamper').get<ListData<StampingRow>>(STAMPING_ORDERS.api, {
        filter: [
          where('production_order_id', 'number', 'equals', order.id),
          where('status', 'enum', 'in', OPEN),
        ],
      });
      if (!open.ok || open.data.total > 0 || order.labeled_units <= 0) continue;
      const product = await as('admin').get<{ stamp_jurisdiction_id: number | null }>(
        `/api/inventory/products/${order.product_id}`,
      );
      const jurisdiction = product.ok ? product.data.stamp_jurisdiction_id : null;
      const machineId = await stamper();
      if (jurisdiction == null || machineId === null) continue;
      settle(
        await as('stamper').send('POST', STAMPING_ORDERS.api, {
          production_order_id: order.id,
          product_id: order.product_id,
          stamp_jurisdiction_id: jurisdiction,
          machine_id: machineId,
          planned_units: order.labeled_units,
        }),
        'plan a stamping order',
      );
    }
  }

  const event = (who: string, row: StampingRow, name: string, body: object = {}) => {
    const base =
      name === 'issue' ? '/api/production/pending_reels/stamping-orders' : STAMPING_ORDERS.api;
    return as(who).send('POST', `${base}/${row.id}/events/${name}`, {
      version: row.version,
      ...body,
    });
  };

  /** Reels, oldest first, until they hold the planned units. */
  async function reelsFor(row: StampingRow): Promise<number[]> {
    const free = await as('stamper').get<FreeReel[]>(
      `${STAMPING_ORDERS.api}/${row.id}/available-reels`,
    );
    const chosen: number[] = [];
    let stamps = 0;
    for (const reel of free.ok ? free.data : []) {
      if (stamps >= row.planned_units) break;
      chosen.push(reel.id);
      stamps += reel.remaining_qty;
    }
    return stamps >= row.planned_units ? chosen : [];
  }

  /** Every reel reconciled: the planned units applied, a wasted stamp and bottle now and then. */
  async function finish(row: StampingRow): Promise<void> {
    const full = await as('stamper').get<StampingRow>(`${STAMPING_ORDERS.api}/${row.id}`);
    if (!full.ok) return;
    const wasted = chance(0.3) ? 1 : 0;
    let left = row.planned_units - wasted;
    const reels = (full.data.reels ?? []).map((reel, index) => {
      const waste = index === 0 ? Math.min(wasted, reel.issued_qty) : 0;
      const applied = Math.min(left, reel.issued_qty - waste);
      left -= applied;
      return {
        reel_id: reel.reel_id,
        applied,
        wasted: waste,
        returned: reel.issued_qty - applied - waste,
      };
    });
    const used = reels.reduce((s, r) => s + r.applied + r.wasted, 0);
    const finished = await event('stamper', full.data, 'finish', {
      counter_end: Number(full.data.counter_start ?? 0) + used,
      wasted_bottles: wasted,
      reels,
    });
    if (settle(finished, 'finish stamping')) stats.ordersStamped += 1;
  }

  async function advance(): Promise<void> {
    const open = await as('stamper').get<ListData<StampingRow>>(STAMPING_ORDERS.api, {
      per_page: 10,
      filter: [
        where('status', 'enum', 'in', OPEN),
        where('production_order_id', 'number', 'greater', 0),
      ],
    });
    for (const row of open.ok ? open.data.rows : []) {
      if (row.status === 'draft')
        settle(await event('stamper', row, 'save'), 'save a stamping order');
      if (row.status === 'ready') {
        const reels = await reelsFor(row);
        if (reels.length > 0)
          settle(await event('stamper', row, 'start', { reel_ids: reels }), 'ask for reels');
        else await refillReels(ctx, row.stamp_jurisdiction_id);
      }
      if (row.status === 'reel_pending')
        settle(await event('stamp_inventory', row, 'issue'), 'issue reels');
      if (row.status === 'in_progress') await finish(row);
    }
  }

  return {
    async step(): Promise<void> {
      await plan();
      await advance();
    },
  };
}
