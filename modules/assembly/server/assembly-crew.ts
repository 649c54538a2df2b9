import { ASSEMBLY_FLOWS } from '../shared/entities/assembly-config.entities.ts';
import {
  ASSEMBLY_DASHBOARD_ORDERS,
  ASSEMBLY_LINE_REELS,
  ASSEMBLY_ORDERS,
  KIT_COMPONENTS,
} from '../shared/entities/assembly-orders.entity.ts';
import type { CrewContext } from '../../../server/simulate/crew-context.ts';
import { SIM_MARK, where, type ListData } from '../../../server/simulate/plant-api.ts';

// The simulator's assembly crew (docs/domain/assembly.md §4): admin keeps a few kit orders on the
// line, planning and releasing one when fewer are open; each tick every open order takes one step,
// sent by the demo person whose stage it is, from that person's own screen: the sealer seals
// (the components leave stock), the stamper stamps from an assembly reel, the cartoner cartons
// the kits into stock, which ends the order (the sales desk sells them). A few kits are lost
// at each stage, so the counts read like a line's.

const OPEN_TARGET = 2;

type OrderRow = {
  id: number;
  version: number;
  number: string;
  status: string;
  stage: string | null;
  planned_units: number;
  sealed_units: number;
  stamped_units: number;
  stamp_jurisdiction_id: number;
};
type ReelRow = { id: number; remaining_qty: number; stamp_jurisdiction_id: number };

/** Who moves an order out of each position, from which screen's API. */
const NEXT: Record<string, readonly [who: string, api: string, event: string]> = {
  released: ['sealer', ASSEMBLY_DASHBOARD_ORDERS.api, 'start_sealing'],
  sealing: ['sealer', ASSEMBLY_DASHBOARD_ORDERS.api, 'finish_sealing'],
  stamping: ['stamper', ASSEMBLY_DASHBOARD_ORDERS.api, 'finish_stamping'],
  cartoning: ['cartoner', ASSEMBLY_DASHBOARD_ORDERS.api, 'finish_cartoning'],
};

/** The crew's own counters: orders it put on the line and orders it cartoned into stock. */
export type AssemblyStats = { released: number; finished: number };

export function assemblyCrew(ctx: CrewContext) {
  const { as, chance, pick, settle } = ctx;
  const stats: AssemblyStats = { released: 0, finished: 0 };
  const waste = (units: number) => (units > 4 && chance(0.3) ? 1 : 0);

  async function openOrders(): Promise<OrderRow[]> {
    const list = await as('admin').get<ListData<OrderRow>>(ASSEMBLY_ORDERS.api, {
      filter: [where('status', 'enum', 'in', ['released', 'in_progress'])],
      sort: { field: 'number', direction: 'asc' },
      per_page: 50,
    });
    return list.ok ? list.data.rows : [];
  }

  /** A kit with components, an assembly flow: a new order released onto the line. */
  async function plan(): Promise<void> {
    const admin = as('admin');
    const [kits, flows] = await Promise.all([
      admin.get<ListData<{ product_id: number }>>(KIT_COMPONENTS.api, { per_page: 100 }),
      admin.get<ListData<{ id: number; active: number }>>(ASSEMBLY_FLOWS.api, { per_page: 20 }),
    ]);
    const kitIds = kits.ok ? [...new Set(kits.data.rows.map((k) => k.product_id))] : [];
    const flow = flows.ok ? flows.data.rows.find((f) => Boolean(f.active)) : undefined;
    const reels = await as('stamper').get<ListData<ReelRow>>(ASSEMBLY_LINE_REELS.api, {
      per_page: 20,
    });
    const jurisdiction = reels.ok ? reels.data.rows[0]?.stamp_jurisdiction_id : undefined;
    if (kitIds.length === 0 || !flow || jurisdiction === undefined) return;
    const due = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const created = await admin.send<OrderRow>('POST', ASSEMBLY_ORDERS.api, {
      product_id: pick(kitIds),
      flow_id: flow.id,
      planned_units: 10 + Math.floor(ctx.rng() * 20),
      due_date: due,
      stamp_jurisdiction_id: jurisdiction,
      note: SIM_MARK,
    });
    if (!settle(created, 'assembly plan')) return;
    const released = await admin.send(
      'POST',
      `${ASSEMBLY_ORDERS.api}/${created.data.id}/events/release`,
      {
        version: created.data.version,
      },
    );
    if (settle(released, 'assembly release')) stats.released += 1;
  }

  /** The counts (and reel) the crew sends with its stage's event. */
  async function countsFor(order: OrderRow, event: string): Promise<Record<string, number> | null> {
    if (event === 'finish_sealing') {
      const lost = waste(order.planned_units);
      return { sealed_units: order.planned_units - lost, sealing_waste: lost };
    }
    if (event === 'finish_stamping') {
      const lost = waste(order.sealed_units);
      const stamped = order.sealed_units - lost;
      const reels = await as('stamper').get<ListData<ReelRow>>(ASSEMBLY_LINE_REELS.api, {
        filter: [where('stamp_jurisdiction_id', 'number', 'equals', order.stamp_jurisdiction_id)],
        sort: { field: 'reel_no', direction: 'asc' },
        per_page: 20,
      });
      const reel = reels.ok
        ? reels.data.rows.find((r) => r.remaining_qty >= order.sealed_units + 1)
        : undefined;
      if (!reel) return null;
      return {
        reel_id: reel.id,
        stamped_units: stamped,
        stamping_waste: lost,
        damaged_stamps: chance(0.2) ? 1 : 0,
      };
    }
    if (event === 'finish_cartoning') {
      const lost = waste(order.stamped_units);
      return { cartoned_units: order.stamped_units - lost, cartoning_waste: lost };
    }
    return {};
  }

  async function step(): Promise<void> {
    const open = await openOrders();
    if (open.length < OPEN_TARGET) await plan();
    for (const order of open) {
      const position = order.status === 'in_progress' ? (order.stage ?? '') : order.status;
      const next = NEXT[position];
      if (!next) continue;
      const [who, api, event] = next;
      const counts = await countsFor(order, event);
      if (counts === null) {
        ctx.warnOnce(
          `assembly-reel:${order.stamp_jurisdiction_id}`,
          { order: order.number },
          'simulator: no assembly reel to stamp with',
        );
        continue;
      }
      const answer = await as(who).send('POST', `${api}/${order.id}/events/${event}`, {
        version: order.version,
        ...counts,
      });
      if (settle(answer, `assembly ${event}`) && event === 'finish_cartoning') stats.finished += 1;
    }
  }

  return { step, stats: (): AssemblyStats => ({ ...stats }) };
}
