import { seededRandom, withOwnDice, type CrewContext } from './crew-context.ts';
import { LAB_STATS, labReceipts, type LabStats } from './lab-receipts.ts';
import { maintenanceCrew } from './maintenance-crew.ts';
import { orderFloor, type FloorStats } from './order-floor.ts';
import { PlantPerson, type Answer } from './plant-api.ts';
import { plantPlaces } from './plant-places.ts';
import { findPlant, type Plant } from './plant-setup.ts';
import { SALES_STATS, salesDesk, type SalesStats } from './sales-desk.ts';
import { stampingCrew } from './stamping-crew.ts';
import { transferCrew } from './transfer-crew.ts';
import { serverModules, type SimulatorCrew } from '../server-modules.ts';

// The plant simulator (issue item "a moving plant"): with demo data on, the demo people work
// the floor through the public API, as their browsers would. Each tick the order floor moves
// every order it follows by one step (order-floor.ts: planning to labeling, the lab of
// hplc-lab.ts), then the crews take their turn: maintenance (machine faults and repairs), the
// stamper with stamp inventory (stamping-crew.ts, reel-refill.ts) and the transfer crew, whose
// receipt at a distribution centre completes an order. Chemicals arrive through lab receiving
// (lab-receipts.ts) and the sales desk sells what reached the distribution centres
// (sales-desk.ts), each with dice of its own; the crews of the modules built as slices (their
// server module's `crew`: Assembly's line, R&D's people, Training's trainers) work their own
// documents.
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

/** The crews' own counters (lab-receipts.ts, sales-desk.ts). */
type CrewStats = LabStats & SalesStats;

/** The order floor's counters (order-floor.ts) and the crews'. */
export type SimulatorStats = FloorStats &
  CrewStats & {
    ticks: number;
    /** Requests that changed something (events, picks, results, checks, work orders). */
    actions: number;
    workOrdersRaised: number;
    workOrdersCompleted: number;
    /** Stamping orders finished, and reels stamp inventory received for them. */
    ordersStamped: number;
    reelsReceived: number;
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

/** A 32-bit salt from a module's name (FNV-1a), for the seed of its crew's dice. */
function saltOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

const silent: SimulatorLog = { info: () => undefined, warn: () => undefined };

export function startPlantSimulator(options: PlantSimulatorOptions): PlantSimulator {
  const seed = options.seed ?? Date.now();
  const rng = options.rng ?? seededRandom(seed);
  const log = options.log ?? silent;
  const people = new Map<string, PlantPerson>();
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
    purchaseOrders: 0,
    transfersReceived: 0,
    ordersStamped: 0,
    reelsReceived: 0,
    ...LAB_STATS,
    ...SALES_STATS,
    refused: { stale: 0, rule: 0, forbidden: 0, other: 0 },
  };
  /** Problems already logged, so a server that is down does not flood the log. */
  const warned = new Set<string>();
  let plant: Plant | null = null;

  const ctx: CrewContext = {
    as(username) {
      let person = people.get(username);
      if (!person) {
        person = new PlantPerson(options.baseUrl, username);
        people.set(username, person);
      }
      return person;
    },
    rng,
    chance: (p) => rng() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T,
    settle,
    warnOnce(key, details, message) {
      if (warned.has(key) || warned.size > 50) return;
      warned.add(key);
      log.warn(details, message);
    },
  };

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
      ctx.warnOnce(
        `${what}:${answer.httpStatus}`,
        { status: answer.httpStatus, message: answer.message },
        `simulator: ${what} failed`,
      );
    }
    return false;
  }

  const own = (salt: number) => (options.rng ? ctx : withOwnDice(ctx, seededRandom(seed ^ salt)));
  const places = plantPlaces(ctx);
  const chemicals = labReceipts({ ...own(0x1ab), stats, places });
  const floor = orderFloor({
    ...ctx,
    stats,
    plant: () => plant,
    openTarget: Math.max(1, options.openOrders ?? 4),
    chemicals,
  });
  const maintenance = maintenanceCrew({ ...ctx, stats, issues: () => plant?.issues ?? [] });
  const stampers = stampingCrew({ ...ctx, stats });
  const transfers = transferCrew({ ...ctx, stats });
  const goods = () => plant?.products.map((p) => p.id) ?? [];
  const sales = salesDesk({ ...own(0x5a1e), stats, places, goods });
  // A slice's crew rolls dice of its own, seeded from its name, so adding one moves no other.
  let moduleCrews: readonly SimulatorCrew[] | undefined;
  const crewsOfModules = async () =>
    (moduleCrews ??= (await serverModules()).flatMap((module) =>
      module.crew ? [module.crew(own(saltOf(module.name)))] : [],
    ));

  async function setUp(): Promise<Plant | null> {
    const found = await findPlant(ctx);
    if (!found) return null;
    await floor.adopt(found);
    await maintenance.resume();
    log.info(
      { flows: found.flows, products: found.products.length, adopted: floor.tracked() },
      'simulator: plant ready',
    );
    return found;
  }

  // ---- the clock ---------------------------------------------------------------------------

  async function step(): Promise<void> {
    stats.ticks += 1;
    plant ??= await setUp();
    if (!plant) return;
    await floor.step(plant);
    await maintenance.step();
    await stampers.step();
    await transfers.step();
    await chemicals.step();
    await sales.step();
    for (const crew of await crewsOfModules()) await crew.step();
  }

  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  function tick(): Promise<void> {
    running ??= step()
      .catch((error: unknown) => {
        // A bug of the simulator must not take the server down with it.
        ctx.warnOnce(`tick:${String(error)}`, { err: error }, 'simulator: a tick failed');
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
      tracked: floor.tracked(),
      open: floor.openCount(),
      scheduled: timer !== null,
    }),
  };
}
