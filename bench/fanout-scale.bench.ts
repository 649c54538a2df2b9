import { type LatencySummary, envInt, ratio, summarize } from './sample-stats.ts';
import {
  type SocketMemory,
  type Target,
  closeTarget,
  counts,
  openTarget,
  publish,
  reports,
  reset,
} from './fanout-scale/targets.ts';
import { CHANNELS } from './fanout-scale/wire.ts';

// Fan-out at plant scale: a thousand pusher-js clients in child processes
// (so clients and server do not share one event loop), each on a private and a presence
// channel authorised through the real /api/broadcasting/auth with a real session, and
// `perSecond` events a second published on each channel by the server. Latency is publish →
// client callback on one clock (performance.timeOrigin + now() in every process); loss is
// expected − delivered. The baseline is a bare `ws` broadcast loop with the same client
// processes (raw `ws` clients). Stage 1 compares one Plantline process with it; stage 2 a
// cluster of Plantline processes (two unless BENCH_SCALE_SERVERS says) sharing Redis, the
// clients split between them, events published on the first. Targets of a stage take turns
// over rounds, as in fanout.bench.ts. Each Plantline target also reports what its servers grew
// by per idle client once every client is subscribed (memory per socket).

const DRAIN_TIMEOUT_MS = 5_000;
const DRAIN_POLL_MS = 100;

export interface FanoutScaleOptions {
  clients: number;
  processes: number;
  /** Events a second on each of the two channels. */
  perSecond: number;
  /** Measured seconds of publishing per target, split over the rounds. */
  seconds: number;
  rounds: number;
  warmupSeconds: number;
  /** Distinct users per server among the sessions (a presence channel holds 100 at most). */
  users: number;
  /** Plantline processes sharing Redis in stage 2. */
  clusterServers: number;
  redisUrl: string | undefined;
}

export interface FanoutScaleRun {
  label: string;
  stage: 1 | 2;
  clients: number;
  events: number;
  expected: number;
  delivered: number;
  lost: number;
  seconds: number;
  deliveriesPerSecond: number;
  latency: LatencySummary;
  openMs: number;
  memoryPerSocket?: SocketMemory;
}

export interface FanoutScaleResult {
  options: FanoutScaleOptions;
  runs: FanoutScaleRun[];
  /** Set when stage 2 did not run (no REDIS_URL). */
  skipped?: string;
}

export function fanoutScaleOptionsFromEnv(): FanoutScaleOptions {
  return {
    clients: envInt('BENCH_SCALE_CLIENTS', 1000, 20),
    processes: envInt('BENCH_SCALE_PROCESSES', 4, 2),
    perSecond: envInt('BENCH_SCALE_RATE', 20, 5),
    seconds: envInt('BENCH_SCALE_SECONDS', 10, 1),
    rounds: envInt('BENCH_SCALE_ROUNDS', 2, 1),
    warmupSeconds: envInt('BENCH_SCALE_WARMUP_SECONDS', 1),
    users: envInt('BENCH_SCALE_USERS', 100, 10),
    clusterServers: envInt('BENCH_SCALE_SERVERS', 2),
    redisUrl: process.env.REDIS_URL || undefined,
  };
}

interface Tally {
  target: Target;
  events: number;
  seconds: number;
  nextSeq: number;
}

/** Publishes for `seconds`, then waits until every client has every event (or a timeout). */
async function segment(tally: Tally, options: FanoutScaleOptions, seconds: number) {
  const before = await counts(tally.target);
  const started = performance.timeOrigin + performance.now();
  const { events } = await publish(tally.target, options.perSecond, seconds, tally.nextSeq);
  tally.nextSeq += events;
  const expected = before.delivered + events * CHANNELS.length * options.clients;
  const deadline = performance.now() + DRAIN_TIMEOUT_MS;
  let now = await counts(tally.target);
  while (now.delivered < expected && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, DRAIN_POLL_MS));
    now = await counts(tally.target);
  }
  return { events, seconds: (now.lastAt - started) / 1000 };
}

async function measureStage(
  stage: 1 | 2,
  targets: Target[],
  options: FanoutScaleOptions,
): Promise<FanoutScaleRun[]> {
  const tallies: Tally[] = targets.map((target) => ({ target, events: 0, seconds: 0, nextSeq: 0 }));
  for (const tally of tallies) await segment(tally, options, options.warmupSeconds);
  for (const tally of tallies) await reset(tally.target);
  const perRound = options.seconds / options.rounds;
  for (let round = 0; round < options.rounds; round += 1) {
    for (let k = 0; k < tallies.length; k += 1) {
      const tally = tallies[(round + k) % tallies.length];
      if (!tally) continue;
      const done = await segment(tally, options, perRound);
      tally.events += done.events;
      tally.seconds += done.seconds;
    }
  }
  const runs: FanoutScaleRun[] = [];
  for (const { target, events, seconds } of tallies) {
    const all = await reports(target);
    const delivered = all.reduce((sum, r) => sum + r.delivered, 0);
    const expected = events * CHANNELS.length * options.clients;
    runs.push({
      label: target.label,
      stage,
      clients: options.clients,
      events,
      expected,
      delivered,
      lost: Math.max(0, expected - delivered),
      seconds,
      deliveriesPerSecond: delivered / seconds,
      latency: summarize(all.flatMap((r) => r.latencies)),
      openMs: target.openMs,
      ...(target.memoryPerSocket ? { memoryPerSocket: target.memoryPerSocket } : {}),
    });
  }
  return runs;
}

export async function runFanoutScaleBench(options: FanoutScaleOptions): Promise<FanoutScaleResult> {
  const setup = { clients: options.clients, processes: options.processes, users: options.users };
  const open: Target[] = [];
  const track = async (promise: Promise<Target>) => {
    const t0 = performance.now();
    const target = await promise;
    open.push(target);
    // Where a long run's time goes: starting processes, sessions and subscriptions.
    console.log(`  ${target.label}: ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return target;
  };
  try {
    const raw = await track(openTarget({ ...setup, kind: 'raw' }));
    const single = await track(openTarget({ ...setup, kind: 'plantline' }));
    const runs = await measureStage(1, [raw, single], options);
    await closeTarget(single);
    open.splice(open.indexOf(single), 1);
    if (!options.redisUrl)
      return {
        options,
        runs,
        skipped: `stage 2 (${options.clusterServers} processes + Redis) skipped: REDIS_URL is not set`,
      };
    const cluster = await track(
      openTarget({
        ...setup,
        kind: 'cluster',
        clusterServers: options.clusterServers,
        redisUrl: options.redisUrl,
      }),
    );
    runs.push(...(await measureStage(2, [raw, cluster], options)));
    return { options, runs };
  } finally {
    for (const target of open) await closeTarget(target);
  }
}

export interface FanoutScaleGoal {
  label: string;
  /** 50 ms up to 1,000 clients, 100 ms beyond. */
  p99GoalMs: number;
  p99Met: boolean;
  /** The p99 against the raw loop's of the same stage; the goal is 1.5× at most. */
  p99Ratio: number;
  p99RatioMet: boolean;
  lossMet: boolean;
  rateRatio: number;
  rateMet: boolean;
}

/**
 * The goals: p99 ≤ 50 ms up to 1,000 clients (≤ 100 ms at ten times that), within 1.5× the raw
 * loop's p99 of the same stage, no loss, a rate ≥ 0.8× the raw loop's.
 */
export function fanoutScaleGoals(result: FanoutScaleResult): FanoutScaleGoal[] {
  return result.runs
    .filter((run) => !run.label.startsWith('raw'))
    .map((run) => {
      const baseline = result.runs.find((r) => r.stage === run.stage && r.label.startsWith('raw'));
      const rateRatio = ratio(run.deliveriesPerSecond, baseline?.deliveriesPerSecond ?? NaN);
      const p99Ratio = ratio(run.latency.p99Ms, baseline?.latency.p99Ms ?? NaN);
      const p99GoalMs = run.clients > 1000 ? 100 : 50;
      return {
        label: run.label,
        p99GoalMs,
        p99Met: run.latency.p99Ms <= p99GoalMs,
        p99Ratio,
        p99RatioMet: p99Ratio <= 1.5,
        lossMet: run.lost === 0,
        rateRatio,
        rateMet: rateRatio >= 0.8,
      };
    });
}
