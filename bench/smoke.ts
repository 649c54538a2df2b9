import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { SMOKE_TEMPLATE_VARIABLE, writeDemoTemplate } from './bench-server.ts';
import { envInt, isSmoke } from './sample-stats.ts';

// `npm run bench -- --smoke [names]`: every bench (or those named) at its smoke size, two at a
// time (BENCH_SMOKE_JOBS), so a change that breaks a bench shows now rather than at its next
// measurement. At smoke size no bench keeps both cores busy, and one after another they were
// a sixth of CI's time. Each bench runs in a process of its own (run.ts with BENCH_SMOKE=1),
// so a crash, a hang or something left open in one cannot take the next down with it: a bench
// that outlives its time limit is killed with everything it started, and whatever it left
// running once it has exited is killed too and counted against it. Nothing here looks at speed. A bench fails
// when it throws, hangs, leaves processes behind, or measures nothing (a latency summary of
// no samples, a grid that applied no update, …).

const RUN = fileURLToPath(new URL('./run.ts', import.meta.url));
/** The variable every process a smoke bench starts inherits, so leftovers can be found. */
const MARK_VARIABLE = 'BENCH_SMOKE_MARK';
/** Where the bench's process writes how it ended (SmokeReport as JSON). */
const REPORT_VARIABLE = 'BENCH_SMOKE_REPORT';
/** A bench's process ends itself this long after its run if something holds it open. */
const CHILD_EXIT_GRACE_MS = 5_000;
/** After writing its report a bench gets this long to exit before it counts as hung. */
const EXIT_GRACE_MS = CHILD_EXIT_GRACE_MS + 10_000;
/** After SIGTERM (which lets Playwright close its browsers), the rest get SIGKILL. */
const TERM_GRACE_MS = 5_000;

export type SmokeStatus = 'ok' | 'skipped' | 'failed';

/** What a bench's process says about its own run. */
export interface SmokeReport {
  status: SmokeStatus;
  /** The reason of a skip, a part that was skipped, or the error. */
  detail?: string;
}

interface SmokeOutcome extends SmokeReport {
  bench: string;
  seconds: number;
}

// The side of a bench's own process (run.ts with BENCH_SMOKE=1).

/** Writes how this process's smoke run ended, for the parent's summary. */
export function writeSmokeReport(report: SmokeReport): void {
  const file = process.env[REPORT_VARIABLE];
  if (file && isSmoke()) writeFileSync(file, JSON.stringify(report));
}

/**
 * Ends this process if something still holds it open `graceMs` after a finished smoke run,
 * saying what held it: the run itself went well, and waiting for a pool's idle timer (the
 * server's PDF workers keep a process for a minute) would only make the smoke run slow.
 */
export function exitIfHeldOpen(report: SmokeReport, graceMs = CHILD_EXIT_GRACE_MS): void {
  setTimeout(() => {
    const held = process.getActiveResourcesInfo().join(', ');
    const note = `still open ${graceMs / 1000} s after its run (${held}), ended by the smoke run`;
    console.log(`(${note})`);
    writeSmokeReport({ ...report, detail: report.detail ? `${report.detail}; ${note}` : note });
    process.exit();
  }, graceMs).unref();
}

type Probe = { path: string; value: unknown };

function isLatencySummary(value: unknown): value is { count: number } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.count === 'number' && typeof v.p50Ms === 'number' && 'p99Ms' in v;
}

/** Every latency summary in `value`, with where it sits (`runs.http.latency`). */
function latencySummaries(value: unknown, path = ''): Probe[] {
  if (isLatencySummary(value)) return [{ path, value }];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    latencySummaries(inner, path ? `${path}.${key}` : key),
  );
}

/** What some benches must have seen besides latency samples; an empty list when all is there. */
const MUST_HAVE: Record<string, (result: never) => string[]> = {
  grid: (result: {
    targets: { label: string; steps: { frames: number; published: number }[] }[];
  }) =>
    result.targets.length === 0
      ? ['no grid target ran']
      : result.targets.flatMap((t) =>
          t.steps.some((s) => s.frames > 0 && s.published > 0)
            ? []
            : [`${t.label}: no step drew frames while updates were published`],
        ),
  soak: (result: { samples: unknown[]; framesReceived: number }) => [
    ...(result.samples.length < 2 ? ['fewer than two heap samples'] : []),
    ...(result.framesReceived === 0 ? ['the wall received no broadcast'] : []),
  ],
  trace: (result: { nodes: number }) => (result.nodes === 0 ? ['the trace found no lot'] : []),
};

/**
 * How a bench's result reads in a smoke run: skipped when it says so and measured nothing,
 * ok otherwise (with what it skipped, if anything); throws when it measured nothing.
 */
export function smokeVerdict(bench: string, result: unknown): SmokeReport {
  const skipped =
    typeof result === 'object' && result !== null && 'skipped' in result
      ? String(result.skipped)
      : undefined;
  const summaries = latencySummaries(result);
  const special = MUST_HAVE[bench];
  if (summaries.length === 0 && !special && skipped) return { status: 'skipped', detail: skipped };
  const empty = summaries.filter((s) => (s.value as { count: number }).count === 0);
  const missing = [
    ...(summaries.length === 0 && !special ? ['no latency sample at all'] : []),
    ...empty.map((s) => `no samples in ${s.path}`),
    ...(special ? special(result as never) : []),
  ];
  if (missing.length > 0) throw new Error(`${bench} measured nothing: ${missing.join('; ')}`);
  return skipped ? { status: 'ok', detail: skipped } : { status: 'ok' };
}

// The parent's side: one process per bench, a time limit, leftovers, the summary.

/**
 * Runs `benches` at smoke size, BENCH_SMOKE_JOBS (2) at a time, each bench's lines prefixed
 * with its name; answers the exit code (1 if any failed).
 */
export async function runSmoke(benches: readonly string[]): Promise<number> {
  const limitSeconds = envInt('BENCH_SMOKE_TIMEOUT_SECONDS', 120);
  const jobs = envInt('BENCH_SMOKE_JOBS', 2);
  killRunningOnInterrupt();
  const started = performance.now();
  const template = await demoTemplate(benches);
  const outcomes: (SmokeOutcome | undefined)[] = benches.map(() => undefined);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < benches.length; i = next++) {
      const bench = benches[i]!;
      console.log(`\n=== smoke ${i + 1}/${benches.length}: ${bench} ===`);
      outcomes[i] = await smokeOne(bench, limitSeconds * 1000, template);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(jobs, benches.length) }, worker));
  } finally {
    removeOwnFiles();
  }
  const ended = outcomes.filter((o): o is SmokeOutcome => o !== undefined);
  printSummary(ended, (performance.now() - started) / 1000);
  return ended.some((o) => o.status === 'failed') ? 1 : 0;
}

/** The benches whose servers start on PGlite with the demo data (bench-server.ts). */
const ON_DEMO_SERVERS = new Set([
  'http',
  'soak',
  'commit-visible',
  'list',
  'purchase-list',
  'imports',
  'import-bomb',
  'trace',
  'forecast',
  'approvals',
  'pdf',
  'potency',
  'stamp-reconciliation',
]);

/**
 * The demo database made once for the benches' servers (bench-server.ts), when two or more
 * of them run; its file, or undefined (each server then seeds its own, as outside a smoke run).
 */
async function demoTemplate(benches: readonly string[]): Promise<string | undefined> {
  if (benches.filter((b) => ON_DEMO_SERVERS.has(b)).length < 2) return undefined;
  const file = ownFile('demo.tar');
  const t0 = performance.now();
  try {
    await writeDemoTemplate(file);
    console.log(`demo database for the benches' servers made in ${seconds(t0)} s`);
    return file;
  } catch (error) {
    // Each bench's server then seeds its own, and a broken seed fails the benches themselves.
    console.log(
      `the demo database could not be made once (${String(error)}); each bench seeds its own`,
    );
    rmSync(file, { force: true });
    return undefined;
  }
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}

/** The children whose groups an interrupt (Ctrl-C) must take down before this process goes. */
const running = new Set<{ child: ChildProcess; mark: string }>();

/** This run's files in the temporary folder: the demo template and the benches' reports. */
function ownFile(name: string): string {
  return join(tmpdir(), `plantline-smoke-${process.pid}-${name}`);
}

function removeOwnFiles(): void {
  const prefix = `plantline-smoke-${process.pid}-`;
  for (const name of readdirSync(tmpdir()))
    if (name.startsWith(prefix)) rmSync(join(tmpdir(), name), { force: true });
}

/** The bench's group is detached from the terminal's, so Ctrl-C reaches it only through here. */
function killRunningOnInterrupt(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      for (const { child, mark } of running) killEverything(child, mark, 'SIGKILL');
      removeOwnFiles();
      process.exit(130);
    });
  }
}

async function smokeOne(
  bench: string,
  limitMs: number,
  template: string | undefined,
): Promise<SmokeOutcome> {
  const mark = randomUUID();
  const reportFile = ownFile(`${bench}.json`);
  rmSync(reportFile, { force: true });
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', RUN, bench], {
    env: {
      ...process.env,
      BENCH_SMOKE: '1',
      [REPORT_VARIABLE]: reportFile,
      [MARK_VARIABLE]: mark,
      ...(template ? { [SMOKE_TEMPLATE_VARIABLE]: template } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own: on a hang the whole group goes, servers and page processes included.
    detached: true,
  });
  prefixLines(child.stdout, process.stdout, bench);
  prefixLines(child.stderr, process.stderr, bench);
  const run = { child, mark };
  running.add(run);
  const ended = await waitForEnd(child, reportFile, limitMs);
  const report = readReport(reportFile);
  const outcome = judge(bench, ended, report, limitMs);
  if (ended.kind !== 'exited') await stopGroup(child, mark);
  const left = await leftovers(child, mark);
  running.delete(run);
  rmSync(reportFile, { force: true });
  if (left.length > 0 && outcome.status !== 'failed') {
    outcome.status = 'failed';
    outcome.detail = `left ${left.length} process(es) running after it exited (${left.join(', ')}); killed`;
  }
  return { bench, seconds: (performance.now() - t0) / 1000, ...outcome };
}

/** Copies `from` to `to` line by line, each line led by `[name]`: two benches share the log. */
function prefixLines(from: Readable | null, to: Writable, name: string): void {
  if (!from) return;
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) =>
    to.write(`[${name}] ${line}\n`),
  );
}

type Ended =
  | { kind: 'exited'; code: number | null; signal: NodeJS.Signals | null }
  | { kind: 'timeout' }
  | { kind: 'lingered' };

/**
 * Resolves when the child exits, when the time limit passes, or when it has written its
 * report but not exited within EXIT_GRACE_MS (an open handle keeps it alive).
 */
function waitForEnd(child: ChildProcess, reportFile: string, limitMs: number): Promise<Ended> {
  return new Promise((resolve) => {
    let reportedAt: number | undefined;
    const finish = (ended: Ended) => {
      clearTimeout(limit);
      clearInterval(watch);
      resolve(ended);
    };
    const limit = setTimeout(() => finish({ kind: 'timeout' }), limitMs);
    const watch = setInterval(() => {
      if (reportedAt === undefined && existsSync(reportFile)) reportedAt = performance.now();
      if (reportedAt !== undefined && performance.now() - reportedAt > EXIT_GRACE_MS)
        finish({ kind: 'lingered' });
    }, 500);
    child.once('exit', (code, signal) => finish({ kind: 'exited', code, signal }));
  });
}

function readReport(file: string): SmokeReport | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SmokeReport;
  } catch {
    return undefined;
  }
}

function judge(bench: string, ended: Ended, report: SmokeReport | undefined, limitMs: number) {
  if (ended.kind !== 'exited') {
    // A bench that failed and then hung: its error says more than the hang.
    if (report?.status === 'failed') return report;
    return failed(
      ended.kind === 'timeout'
        ? `timed out after ${limitMs / 1000} s`
        : `finished its run but did not exit within ${EXIT_GRACE_MS / 1000} s`,
    );
  }
  if (ended.code !== 0) {
    const how = ended.signal ? `was killed by ${ended.signal}` : `exited with code ${ended.code}`;
    return failed(report?.detail ?? `${bench} ${how}`);
  }
  return report ?? failed(`${bench} exited without saying how its run went`);
}

function failed(detail: string): SmokeReport {
  return { status: 'failed', detail };
}

/** SIGTERM to the bench's group and its marked processes, then SIGKILL to what is left. */
async function stopGroup(child: ChildProcess, mark: string): Promise<void> {
  killEverything(child, mark, 'SIGTERM');
  const deadline = performance.now() + TERM_GRACE_MS;
  while (performance.now() < deadline && marked(child, mark).length > 0) await sleep(200);
  killEverything(child, mark, 'SIGKILL');
}

function killEverything(child: ChildProcess, mark: string, signal: NodeJS.Signals): void {
  if (child.pid !== undefined) tryKill(-child.pid, signal);
  for (const { pid } of marked(child, mark)) tryKill(pid, signal);
}

/**
 * Processes still running a moment after the bench's process ended (a server stopping takes
 * a little while), killed; answers their names.
 */
async function leftovers(child: ChildProcess, mark: string): Promise<string[]> {
  let left = marked(child, mark);
  for (let i = 0; i < 15 && left.length > 0; i += 1) {
    await sleep(200);
    left = marked(child, mark);
  }
  for (const { pid } of left) tryKill(pid, 'SIGKILL');
  return left.map((p) => `${p.name} ${p.pid}`);
}

type Found = { pid: number; name: string };

/**
 * The bench's processes, from /proc: those in its process group (servers it spawned with an
 * environment of their own) and those carrying its mark (Chromium, which Playwright starts in
 * a group of its own). Zombies and processes of other users are passed over. Only Linux has
 * /proc; elsewhere this finds nothing and the group kill alone cleans up.
 */
function marked(child: ChildProcess, mark: string): Found[] {
  if (!existsSync('/proc')) return [];
  const needle = `${MARK_VARIABLE}=${mark}`;
  const found: Found[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const stat = readProc(pid, 'stat');
    if (!stat) continue;
    // `pid (name) state ppid pgrp …`; the name may hold spaces and parentheses.
    const close = stat.lastIndexOf(')');
    const name = stat.slice(stat.indexOf('(') + 1, close);
    const [state, , pgrp] = stat.slice(close + 2).split(' ');
    if (state === 'Z') continue;
    const inGroup = child.pid !== undefined && Number(pgrp) === child.pid;
    if (inGroup || readProc(pid, 'environ')?.split('\0').includes(needle))
      found.push({ pid, name });
  }
  return found;
}

function readProc(pid: number, file: 'stat' | 'environ'): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

function tryKill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function printSummary(outcomes: readonly SmokeOutcome[], totalSeconds: number): void {
  const failures = outcomes.filter((o) => o.status === 'failed').length;
  console.log(
    `\nSmoke run: ${outcomes.length} benches in ${totalSeconds.toFixed(1)} s, ${failures === 0 ? 'none failed' : `${failures} FAILED`}`,
  );
  const width = Math.max(...outcomes.map((o) => o.bench.length));
  for (const o of outcomes) {
    const status = o.status === 'failed' ? 'FAILED' : o.status;
    // The first line of an error is what says what went wrong; the rest is in the log above.
    const detail = o.detail?.split('\n')[0];
    console.log(
      `  ${o.bench.padEnd(width)}  ${status.padEnd(7)} ${o.seconds.toFixed(1).padStart(6)} s${detail ? `  ${detail}` : ''}`,
    );
  }
}
