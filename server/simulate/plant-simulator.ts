import {
  SIMULATOR_FLOW,
  SIMULATOR_FLOW_NAME,
  SIMULATOR_FLOW_PHASES,
} from '../db/demo/demo-production.ts';
import { maintenanceCrew } from './maintenance-crew.ts';
import { stampingCrew } from './stamping-crew.ts';
import { transferCrew } from './transfer-crew.ts';
import { refillStock, type Ingredient } from './stock-refill.ts';
import { PlantPerson, SIM_MARK, where, type Answer, type ListData } from './plant-api.ts';

// The plant simulator (issue item "a moving plant"): with demo data on, the demo people work
// the floor through the public API, as their browsers would. Planning plans and releases
// orders of finished goods without stamps; the batcher picks and batches; the lab enters HPLC
// results (about one in ten fails and QA asks for a retest); the bottler bottles; the labeler
// scans a label (now and then the wrong one) and labels; the transfer crew ships the finished
// units to a distribution centre, whose receipt completes the order; a supervisor now and then
// holds and resumes an order and closes completed ones; machines break down and maintenance
// fixes them.
// Each tick moves every order it follows by one step. Refusals (409 stale, 422 rule) are
// normal when people share a plant: the order is read again and the next tick goes on.
// Deterministic for a seed, with bounded state; the same simulator drives the benchmarks.

export type SimulatorLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

export type PlantSimulatorOptions = {
  /** Where the API answers, e.g. http://127.0.0.1:8080. */
  baseUrl: string;
  /** Time between the end of one tick and the start of the next. */
  paceMs: number;
  /** Random numbers in [0, 1). Default: a small PRNG seeded with `seed`. */
  rng?: () => number;
  seed?: number;
  /** Orders kept open (planned to labeled); default 4. */
  openOrders?: number;
  /** false: no timer; whoever started it calls tick() (tests, self-paced benchmarks). */
  autoTick?: boolean;
  log?: SimulatorLog;
};

export type SimulatorStats = {
  ticks: number;
  /** Requests that changed something (events, picks, results, checks, work orders). */
  actions: number;
  ordersPlanned: number;
  ordersCompleted: number;
  ordersClosed: number;
  ordersCancelled: number;
  hplcPassed: number;
  hplcFailed: number;
  labelChecksFailed: number;
  holds: number;
  workOrdersRaised: number;
  workOrdersCompleted: number;
  /** Stock adjustments the warehouse posted to refill what the floor used. */
  restocks: number;
  /** Production transfers the warehouse received (each completes the orders it carried). */
  transfersReceived: number;
  refused: { stale: number; rule: number; forbidden: number; other: number };
  /** Orders followed now, and of them those not completed. */
  tracked: number;
  open: number;
  /** A timer is set for the next tick. */
  scheduled: boolean;
};

export type PlantSimulator = {
  /** One step of the plant; never throws, and waits for a tick already running. */
  tick(): Promise<void>;
  /** Clears the timer and waits for the running tick: nothing of it is left behind. */
  stop(): Promise<void>;
  stats(): SimulatorStats;
};

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
  hold_reason: string | null;
  ingredients?: Ingredient[];
  warnings?: string[];
};

type Product = { id: number; sku: string; upc: string };
type Tracked = { id: number; row: OrderRow | null; picked: boolean; stuck: number };

const ORDERS = '/api/production/production-orders';
const HPLC = '/api/production/hplc-requests';
/** Where an order still needs the floor; completed ones wait for a supervisor to close them. */
const OPEN = ['draft', 'pending_approval', 'approved', 'released', 'in_progress', 'on_hold'];
const UNITS = [24, 36, 48, 60, 72, 96, 120];
const WRONG_LABEL = '000000000000';
const HOLD_REASONS = ['Line check', 'Waiting for QA sign-off', 'Cleaning between flavours'];

/** mulberry32: a small PRNG, enough to make a run repeatable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const silent: SimulatorLog = { info: () => undefined, warn: () => undefined };

export function startPlantSimulator(options: PlantSimulatorOptions): PlantSimulator {
  const rng = options.rng ?? seededRandom(options.seed ?? Date.now());
  const log = options.log ?? silent;
  const openTarget = Math.max(1, options.openOrders ?? 4);
  /** Completed orders linger until closed; never more than this many followed. */
  const trackCap = openTarget * 3;
  const people = new Map<string, PlantPerson>();
  const as = (username: string) => {
    let person = people.get(username);
    if (!person) {
      person = new PlantPerson(options.baseUrl, username);
      people.set(username, person);
    }
    return person;
  };
  const chance = (p: number) => rng() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

  const stats: Omit<SimulatorStats, 'tracked' | 'open' | 'scheduled'> = {
    ticks: 0,
    actions: 0,
    ordersPlanned: 0,
    ordersCompleted: 0,
    ordersClosed: 0,
    ordersCancelled: 0,
    hplcPassed: 0,
    hplcFailed: 0,
    labelChecksFailed: 0,
    holds: 0,
    workOrdersRaised: 0,
    workOrdersCompleted: 0,
    restocks: 0,
    transfersReceived: 0,
    refused: { stale: 0, rule: 0, forbidden: 0, other: 0 },
  };
  const orders = new Map<number, Tracked>();
  let plant: { flowId: number; products: Product[]; issues: number[] } | null = null;
  /** Problems already logged, so a server that is down does not flood the log. */
  const warned = new Set<string>();

  const warnOnce = (key: string, details: object, message: string) => {
    if (warned.has(key) || warned.size > 50) return;
    warned.add(key);
    log.warn(details, message);
  };

  /** Counts a refusal; true when the request went through. */
  function settle(answer: Answer, what: string): boolean {
    if (answer.ok) {
      stats.actions += 1;
      return true;
    }
    if (answer.httpStatus === 409) stats.refused.stale += 1;
    else if (answer.httpStatus === 422) stats.refused.rule += 1;
    else if (answer.httpStatus === 403) stats.refused.forbidden += 1;
    else {
      stats.refused.other += 1;
      warnOnce(
        `${what}:${answer.httpStatus}`,
        { status: answer.httpStatus, message: answer.message },
        `simulator: ${what} failed`,
      );
    }
    return false;
  }

  const crew = maintenanceCrew({
    as,
    chance,
    pick,
    settle,
    stats,
    issues: () => plant?.issues ?? [],
  });

  const transfers = transferCrew({ as, chance, pick, settle, stats });
  const stampers = stampingCrew({ as, chance, settle });

  // ---- the plant the simulator works in ----------------------------------------------------

  async function setUp(): Promise<boolean> {
    const admin = as('admin');
    const flows = await admin.get<ListData<{ id: number }>>('/api/production/flows', {
      filter: [where('code', 'text', 'equals', SIMULATOR_FLOW)],
    });
    if (!flows.ok) {
      warnOnce(
        'setup',
        { status: flows.httpStatus, message: flows.message },
        'simulator: cannot read the plant (are the demo users there?)',
      );
      return false;
    }
    const flowId = flows.data.rows[0]?.id ?? (await createFlow());
    if (flowId === null) return false;
    const goods = await admin.get<
      ListData<{
        id: number;
        sku: string;
        upc: string | null;
        recipe_id: number | null;
        nicotine_mg: number | null;
        hplc_category_id: number | null;
        volume_ml: number | null;
      }>
    >('/api/inventory/products', {
      per_page: 500,
      sort: { field: 'sku', direction: 'asc' },
      filter: [
        where('type', 'enum', 'equals', 'finished_good'),
        where('status', 'enum', 'equals', 'active'),
        where('requires_stamp', 'boolean', 'equals', false),
      ],
    });
    if (!goods.ok) return false;
    const products = goods.data.rows
      .filter(
        (p) =>
          p.recipe_id !== null &&
          p.upc &&
          Number(p.volume_ml) > 0 &&
          (Number(p.nicotine_mg ?? 0) === 0 || p.hplc_category_id !== null),
      )
      .map((p) => ({ id: p.id, sku: p.sku, upc: String(p.upc) }));
    if (products.length === 0) {
      warnOnce('products', {}, 'simulator: no unstamped finished good with a recipe to plan');
      return false;
    }
    const issues = await as('supervisor_production').get<ListData<{ id: number }>>(
      '/api/production/issue-details',
      { per_page: 100 },
    );
    plant = { flowId, products, issues: issues.ok ? issues.data.rows.map((r) => r.id) : [] };
    await adopt(flowId);
    log.info({ flowId, products: products.length, adopted: orders.size }, 'simulator: plant ready');
    return true;
  }

  /** A database seeded before the simulator existed lacks its flow: planning's admin adds it. */
  async function createFlow(): Promise<number | null> {
    const admin = as('admin');
    const phases = await admin.get<ListData<{ id: number; code: string }>>(
      '/api/production/phases',
      {
        per_page: 50,
      },
    );
    const phase = (code: string) => phases.data.rows.find((p) => p.code === code)?.id;
    const steps = SIMULATOR_FLOW_PHASES.map(phase);
    if (!phases.ok || steps.some((id) => id === undefined)) return null;
    const created = await admin.send<{ id: number }>('POST', '/api/production/flows', {
      code: SIMULATOR_FLOW,
      name: SIMULATOR_FLOW_NAME,
      actions: steps.map((id) => ({ phase_id: id })),
    });
    return settle(created, 'create the flow') ? created.data.id : null;
  }

  /** Orders and work orders a previous run left on the floor are carried on, not abandoned. */
  async function adopt(flowId: number): Promise<void> {
    const open = await as('planning').get<ListData<OrderRow>>(ORDERS, {
      per_page: openTarget,
      sort: { field: 'id', direction: 'asc' },
      filter: [where('flow_id', 'number', 'equals', flowId), where('status', 'enum', 'in', OPEN)],
    });
    for (const row of open.ok ? open.data.rows : []) {
      orders.set(row.id, { id: row.id, row: null, picked: false, stuck: 0 });
    }
    await crew.resume();
  }

  // ---- production orders -------------------------------------------------------------------

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

  async function planOrder(): Promise<void> {
    if (!plant) return;
    const product = pick(plant.products);
    const due = new Date(Date.now() + (1 + Math.floor(rng() * 14)) * 86_400_000);
    const answer = await as('planning').send<OrderRow>('POST', ORDERS, {
      product_id: product.id,
      flow_id: plant.flowId,
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
    switch (o.status) {
      case 'draft':
        await send(t, 'planning', 'submit');
        return;
      case 'pending_approval':
        await send(t, 'manager', 'approve');
        return;
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
        await enterHplcResult(t, o);
        return;
      case 'hplc_failed':
        await send(t, 'qa_manager', 'retest');
        return;
      case 'hplc_passed':
        await send(t, 'bottler', 'start_bottling');
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
        if (o.last_label_check !== 'pass') {
          await labelCheck(t, o);
          return;
        }
        {
          const bottled = Number(o.bottled_units ?? 0);
          const waste = Math.min(bottled, Math.floor(rng() * 3));
          const done = await send(t, 'labeler', 'finish_labeling', {
            labeled_units: bottled - waste,
            label_waste_units: waste,
          });
          if (done?.status === 'completed') stats.ordersCompleted += 1;
        }
        return;
      case 'transfer_pending':
        // The transfer crew (transfer-crew.ts) ships it; its receipt completes the order.
        await read(t);
        return;
      default:
        // stamping is not simulated; this flow has none.
        return;
    }
  }

  async function enterHplcResult(t: Tracked, o: OrderRow): Promise<void> {
    const lab = as('hplc_tech');
    const queue = await lab.get<ListData<{ id: number }>>(HPLC, {
      filter: [
        where('production_order_id', 'number', 'equals', o.id),
        where('status', 'enum', 'in', ['requested', 'sampled', 'in_analysis']),
      ],
      sort: { field: 'sample_no', direction: 'desc' },
      per_page: 1,
    });
    const request = queue.ok ? queue.data.rows[0] : undefined;
    if (!request) {
      // Someone else entered it: the order moved on.
      await read(t);
      return;
    }
    const nominal = Number(o.nicotine_mg ?? 0);
    const fail = chance(0.1);
    const measured =
      nominal > 0
        ? nominal * (fail ? 0.78 + 0.05 * rng() : 0.98 + 0.04 * rng())
        : fail
          ? 0.4
          : 0.02;
    const answer = await lab.send<{ passed: number | boolean }>(
      'POST',
      `${HPLC}/${request.id}/result`,
      {
        measured_mg: Math.round(measured * 1000) / 1000,
      },
    );
    if (settle(answer, 'hplc result')) {
      if (answer.data.passed) stats.hplcPassed += 1;
      else stats.hplcFailed += 1;
    }
    // The result moved the order (or someone else did): its version is not ours any more.
    await read(t);
  }

  async function labelCheck(t: Tracked, o: OrderRow): Promise<void> {
    const product = plant?.products.find((p) => p.id === o.product_id);
    const upc = product?.upc ?? (await productUpc(o.product_id));
    const wrong = o.last_label_check === null && chance(0.1);
    const answer = await as('labeler').send<{ result: string }>(
      'POST',
      '/api/production/label-checks',
      {
        production_order_id: o.id,
        scanned_code: wrong || !upc ? WRONG_LABEL : upc,
      },
    );
    if (settle(answer, 'label check') && answer.data.result === 'fail')
      stats.labelChecksFailed += 1;
    await read(t);
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
   * The warehouse tops up ingredients that run low (or, forced, every one of them) with a
   * posted stock adjustment where the stock already is, first expiring first, as picks go.
   */
  const restock = (ingredients: readonly Ingredient[], force: boolean) =>
    refillStock({ clerk: as('inventory'), settle, stats }, ingredients, force);

  async function productUpc(id: number): Promise<string | null> {
    const answer = await as('admin').get<{ upc: string | null }>(`/api/inventory/products/${id}`);
    return answer.ok ? answer.data.upc : null;
  }

  // ---- the clock ---------------------------------------------------------------------------

  const openCount = () =>
    [...orders.values()].filter((t) => t.row === null || OPEN.includes(t.row.status)).length;

  async function step(): Promise<void> {
    stats.ticks += 1;
    if (!plant && !(await setUp())) return;
    for (const t of [...orders.values()]) await advance(t);
    if (openCount() < openTarget && orders.size < trackCap) await planOrder();
    await crew.step();
    await stampers.step();
    await transfers.step();
  }

  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  function tick(): Promise<void> {
    running ??= step()
      .catch((error: unknown) => {
        // A bug of the simulator must not take the server down with it.
        warnOnce(`tick:${String(error)}`, { err: error }, 'simulator: a tick failed');
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  function schedule(): void {
    if (stopped || options.autoTick === false) return;
    timer = setTimeout(() => {
      timer = null;
      void tick().then(schedule);
    }, options.paceMs);
    // The server keeps the process alive; the simulator never does on its own.
    timer.unref();
  }
  schedule();

  return {
    tick: () => (stopped ? Promise.resolve() : tick()),
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    stats: () => ({
      ...stats,
      refused: { ...stats.refused },
      tracked: orders.size,
      open: openCount(),
      scheduled: timer !== null,
    }),
  };
}
