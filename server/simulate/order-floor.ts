import type { CrewContext } from './crew-context.ts';
import { enterHplcResult } from './hplc-lab.ts';
import type { ChemicalReceipts } from './lab-receipts.ts';
import { SIM_MARK, where, type ListData } from './plant-api.ts';
import type { Plant } from './plant-setup.ts';
import { refillStock, type Ingredient, type RefillContext } from './stock-refill.ts';

// The simulator's production orders (docs/domain/production.md §3.2), each moved one step a tick by
// the role that sends it: planning plans, submits and releases; the manager approves; the batcher
// picks and batches; the lab tests (hplc-lab.ts) and QA asks for a retest of a failed batch; the
// bottler bottles; the labeler scans a label's UPC and lot (now and then a wrong one) and labels. Stamped
// goods then wait for the stamping crew, and every order for the transfer crew, whose receipt
// completes it; a supervisor now and then holds and resumes an order and closes completed ones.
// Refusals (409 stale, 422 rule) are normal when people share a plant: the order is read
// again and the next tick goes on.

type OrderRow = {
  id: number;
  version: number;
  number: string;
  status: string;
  stage: string | null;
  product_id: number;
  planned_units: number;
  planned_ml: number;
  actual_batch_ml: number | null;
  bottled_units: number | null;
  volume_ml: number;
  nicotine_mg: number | null;
  picks_complete: number | boolean;
  last_label_check: string | null;
  /** The batch lot's number, once batching made it. */
  batch_lot_no: string | null;
  hold_reason: string | null;
  ingredients?: Ingredient[];
};

type Tracked = { id: number; row: OrderRow | null; picked: boolean; stuck: number };

export type FloorStats = {
  ordersPlanned: number;
  ordersCompleted: number;
  ordersClosed: number;
  ordersCancelled: number;
  hplcPassed: number;
  hplcFailed: number;
  labelChecksFailed: number;
  holds: number;
  /** Receipts (and, for what no supplier sells, adjustments) that refilled what the floor used. */
  restocks: number;
  /** Purchase orders the clerk raised and sent when a material ran low. */
  purchaseOrders: number;
};

export type OrderFloorContext = CrewContext & {
  stats: FloorStats;
  plant: () => Plant | null;
  /** Orders kept open (planned to labeled). */
  openTarget: number;
  /** Chemicals arrive through lab receiving (lab-receipts.ts). */
  chemicals?: ChemicalReceipts;
};

const ORDERS = '/api/production/production-orders';
/** Where an order still needs the floor; completed ones wait for a supervisor to close them. */
const OPEN = ['draft', 'pending_approval', 'approved', 'released', 'in_progress', 'on_hold'];
const UNITS = [24, 36, 48, 60, 72, 96, 120];
const WRONG_LABEL = '000000000000';
const HOLD_REASONS = ['Line check', 'Waiting for QA sign-off', 'Cleaning between flavours'];
/** Steps that are one event by one role, as in transfer-crew.ts's NEXT. */
type Step = readonly [who: string, event: string];
const BY_STATUS: Record<string, Step> = {
  draft: ['planning', 'submit'],
  pending_approval: ['manager', 'approve'],
};
const BY_STAGE: Record<string, Step> = {
  hplc_failed: ['qa_manager', 'retest'],
  hplc_passed: ['bottler', 'start_bottling'],
};
/** About one order in three is of stamped goods, when the plant makes any. */
const STAMPED_SHARE = 1 / 3;

export function orderFloor(ctx: OrderFloorContext) {
  const { as, rng, chance, pick, settle, stats } = ctx;
  const orders = new Map<number, Tracked>();
  /** Completed orders linger until closed; never more than this many followed. */
  const trackCap = ctx.openTarget * 3;

  async function read(t: Tracked): Promise<boolean> {
    const answer = await as('planning').get<OrderRow>(`${ORDERS}/${t.id}`);
    if (answer.httpStatus === 404) orders.delete(t.id);
    t.row = answer.ok ? answer.data : null;
    return t.row !== null;
  }

  /** Sends an event with the version last read; a refusal reads the order again. */
  async function send(
    t: Tracked,
    who: string,
    event: string,
    extra: Record<string, unknown> = {},
  ): Promise<OrderRow | null> {
    const row = t.row;
    if (!row) return null;
    const answer = await as(who).send<OrderRow>('POST', `${ORDERS}/${t.id}/events/${event}`, {
      version: row.version,
      ...extra,
    });
    if (settle(answer, event)) {
      t.row = answer.data;
      return answer.data;
    }
    await read(t);
    return null;
  }

  async function planOrder(plant: Plant): Promise<void> {
    const stamped = plant.products.filter((p) => p.stamped);
    const product =
      stamped.length > 0 && chance(STAMPED_SHARE)
        ? pick(stamped)
        : pick(plant.products.filter((p) => !p.stamped));
    const due = new Date(Date.now() + (1 + Math.floor(rng() * 14)) * 86_400_000);
    const answer = await as('planning').send<OrderRow>('POST', ORDERS, {
      product_id: product.id,
      flow_id: product.stamped ? plant.flows.stamped : plant.flows.unstamped,
      planned_units: pick(UNITS),
      due_date: due.toISOString().slice(0, 10),
    });
    if (!settle(answer, 'plan an order')) return;
    stats.ordersPlanned += 1;
    orders.set(answer.data.id, { id: answer.data.id, row: answer.data, picked: false, stuck: 0 });
  }

  async function advance(t: Tracked): Promise<void> {
    if (!t.row && !(await read(t))) return;
    const o = t.row as OrderRow;
    const step = BY_STATUS[o.status];
    if (step) {
      await send(t, ...step);
      return;
    }
    switch (o.status) {
      case 'approved':
        // Picks are suggestions, not reservations: one order at a time between release and
        // batching, so two orders never count on the same litre.
        if (!inPickWindow(t)) await send(t, 'planning', 'release');
        return;
      case 'released':
        if (await maybeHold(t)) return;
        if (o.picks_complete) {
          await send(t, 'batcher', 'start_batching');
        } else if (!t.picked) {
          await recordPicks(t);
        } else {
          // Short of stock: the warehouse refills, and as nothing was consumed yet planning
          // cancels and plans another.
          await restock(o.ingredients ?? [], true);
          if (await send(t, 'planning', 'cancel', { reason: 'Short of ingredients' })) {
            stats.ordersCancelled += 1;
          }
        }
        return;
      case 'in_progress':
        if (await maybeHold(t)) return;
        await advanceStage(t, o);
        return;
      case 'on_hold':
        // Its own holds only: an order a person held waits for a person.
        if (o.hold_reason?.endsWith(SIM_MARK) && chance(0.5)) {
          await send(t, 'supervisor_production', 'resume');
        }
        return;
      case 'completed':
        if (!chance(0.4)) return;
        if (await send(t, 'supervisor_production', 'close')) stats.ordersClosed += 1;
        else if (t.row?.status === 'completed') orders.delete(t.id);
        return;
      default:
        // closed, cancelled, scrapped: off the floor.
        orders.delete(t.id);
    }
  }

  async function maybeHold(t: Tracked): Promise<boolean> {
    if (!chance(0.03)) return false;
    if (
      await send(t, 'supervisor_production', 'hold', {
        reason: `${pick(HOLD_REASONS)} ${SIM_MARK}`,
      })
    ) {
      stats.holds += 1;
    }
    return true;
  }

  async function recordPicks(t: Tracked): Promise<void> {
    const row = t.row as OrderRow;
    // Every suggested pick taken as suggested, as the batcher's "all picked" does.
    const answer = await as('batcher').send<OrderRow>('POST', `${ORDERS}/${t.id}/picks`, {
      version: row.version,
    });
    if (settle(answer, 'picks')) {
      t.row = answer.data;
      t.picked = true;
      // The warehouse refills what runs low, so the plant keeps moving for hours.
      await restock(answer.data.ingredients ?? [], false);
    } else {
      await read(t);
    }
  }

  async function advanceStage(t: Tracked, o: OrderRow): Promise<void> {
    const step = BY_STAGE[o.stage ?? ''];
    if (step) {
      await send(t, ...step);
      return;
    }
    switch (o.stage) {
      case 'batching': {
        const actual = Math.round(Number(o.planned_ml) * (0.985 + 0.015 * rng()) * 10) / 10;
        if (await send(t, 'batcher', 'finish_batching', { actual_batch_ml: actual })) return;
        // Someone else took a picked lot: refill and try again; a batch that cannot finish
        // after a few tries is left to the people.
        t.stuck += 1;
        if (t.stuck > 5) orders.delete(t.id);
        else await restock(o.ingredients ?? [], true);
        return;
      }
      case 'hplc_pending':
        await enterHplcResult(ctx, o);
        // The result moved the order (or someone else did): its version is not ours any more.
        await read(t);
        return;
      case 'bottling': {
        const fits = Math.floor(Number(o.actual_batch_ml ?? 0) / Number(o.volume_ml));
        const waste = Math.min(fits, Math.floor(rng() * 4));
        const bottled = Math.max(0, Math.min(Number(o.planned_units), fits - waste));
        await send(t, 'bottler', 'finish_bottling', {
          bottled_units: bottled,
          bottling_waste_units: waste,
        });
        return;
      }
      case 'labeling':
        if (o.last_label_check !== 'pass') await labelCheck(t, o);
        else await finishLabeling(t, o);
        return;
      default:
        // stamping and transfer_pending: the stamping and transfer crews move it on.
        await read(t);
    }
  }

  /**
   * The labeler scans a label as the label check form takes it: the UPC and the batch lot
   * printed on it (the batch lot's number, or the order's number that names it). Now and then
   * the first label of an order is a wrong one: another product's, or another batch's.
   */
  async function labelCheck(t: Tracked, o: OrderRow): Promise<void> {
    const product = ctx.plant()?.products.find((p) => p.id === o.product_id);
    const upc = product?.upc ?? (await productUpc(o.product_id));
    const lot = o.batch_lot_no ?? o.number;
    const wrong = o.last_label_check === null && chance(0.1);
    // Which half of the label is wrong follows the order, not the dice, so a seed's run
    // stays what it was.
    const wrongLot = wrong && o.id % 2 === 0;
    const answer = await as('labeler').send<{ result: string }>(
      'POST',
      '/api/production/label-checks',
      {
        production_order_id: o.id,
        scanned_code: (wrong && !wrongLot) || !upc ? WRONG_LABEL : upc,
        lot_no_scanned: wrongLot ? `${lot}-X` : lot,
      },
    );
    if (settle(answer, 'label check') && answer.data.result === 'fail') {
      stats.labelChecksFailed += 1;
    }
    await read(t);
  }

  async function finishLabeling(t: Tracked, o: OrderRow): Promise<void> {
    const bottled = Number(o.bottled_units ?? 0);
    const waste = Math.min(bottled, Math.floor(rng() * 3));
    const done = await send(t, 'labeler', 'finish_labeling', {
      labeled_units: bottled - waste,
      label_waste_units: waste,
    });
    if (done?.status === 'completed') stats.ordersCompleted += 1;
  }

  const inPickWindow = (self: Tracked) =>
    [...orders.values()].some(
      (t) =>
        t !== self &&
        (t.row?.status === 'released' ||
          (t.row?.status === 'in_progress' && t.row.stage === 'batching') ||
          (t.row?.status === 'on_hold' && (t.row.stage ?? 'batching') === 'batching')),
    );

  /**
   * Ingredients that run low (or, forced, every one of them) are bought and received where
   * the stock already is (stock-refill.ts).
   */
  const sources: RefillContext['sources'] = { known: null };
  const restock = (ingredients: readonly Ingredient[], force: boolean) =>
    refillStock({ crew: ctx, stats, sources, chemicals: ctx.chemicals }, ingredients, force);

  async function productUpc(id: number): Promise<string | null> {
    const answer = await as('admin').get<{ upc: string | null }>(`/api/inventory/products/${id}`);
    return answer.ok ? answer.data.upc : null;
  }

  const openCount = () =>
    [...orders.values()].filter((t) => t.row === null || OPEN.includes(t.row.status)).length;

  return {
    /** Orders a previous run left on the simulator's flows are carried on, not abandoned. */
    async adopt(plant: Plant): Promise<void> {
      const flows = [plant.flows.unstamped, plant.flows.stamped].filter((id) => id !== null);
      const open = await as('planning').get<ListData<OrderRow>>(ORDERS, {
        per_page: ctx.openTarget,
        sort: { field: 'id', direction: 'asc' },
        filter: [where('flow_id', 'number', 'in', flows), where('status', 'enum', 'in', OPEN)],
      });
      for (const row of open.ok ? open.data.rows : []) {
        orders.set(row.id, { id: row.id, row: null, picked: false, stuck: 0 });
      }
    },
    /** Every order followed moves one step; a new one is planned while fewer are open. */
    async step(plant: Plant): Promise<void> {
      for (const t of [...orders.values()]) await advance(t);
      if (openCount() < ctx.openTarget && orders.size < trackCap) await planOrder(plant);
    },
    openCount,
    tracked: () => orders.size,
  };
}
