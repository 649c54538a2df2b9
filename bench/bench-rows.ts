import type { ApprovalsResult } from './approvals.bench.ts';
import { type Row, fmt, fmtRatio } from './bench-table.ts';
import type { CommitVisibleResult } from './commit-visible.bench.ts';
import type { FanoutResult } from './fanout.bench.ts';
import type { FanoutScaleResult } from './fanout-scale.bench.ts';
import type { ForecastResult } from './forecast.bench.ts';
import type { HttpResult } from './http.bench.ts';
import type { ImportsResult } from './imports.bench.ts';
import type { ListResult } from './list.bench.ts';
import type { PurchaseListResult } from './purchase-list.bench.ts';
import type { LatencySummary } from './sample-stats.ts';
import type { TraceResult } from './trace.bench.ts';

// Each table benchmark's result as the rows of its table (bench-table.ts), baseline first.

export function fanoutRows(result: FanoutResult): Row[] {
  const { raw, plantline, plantlineRawClients } = result.runs;
  const r = result.ratios;
  const note = (lost: number, bytes: number) =>
    `${bytes} B frames${lost > 0 ? `, ${lost} LOST` : ''}`;
  return [
    {
      target: raw.label,
      rate: raw.deliveriesPerSecond,
      unit: 'deliveries/s',
      latency: raw.latency,
      rateRatio: NaN,
      p50Ratio: NaN,
      p99Ratio: NaN,
      note: note(raw.lost, raw.frameBytes),
    },
    {
      target: plantline.label,
      rate: plantline.deliveriesPerSecond,
      unit: 'deliveries/s',
      latency: plantline.latency,
      rateRatio: r.deliveriesPerSecond,
      p50Ratio: r.latencyP50,
      p99Ratio: r.latencyP99,
      note: note(plantline.lost, plantline.frameBytes),
    },
    {
      target: plantlineRawClients.label,
      rate: plantlineRawClients.deliveriesPerSecond,
      unit: 'deliveries/s',
      latency: plantlineRawClients.latency,
      rateRatio: r.rawClientsDeliveriesPerSecond,
      p50Ratio: r.rawClientsLatencyP50,
      p99Ratio: r.rawClientsLatencyP99,
      note: note(plantlineRawClients.lost, plantlineRawClients.frameBytes),
    },
  ];
}

export function traceRows(result: TraceResult): Row[] {
  const row = (target: string, latency: LatencySummary, p50Ratio: number, p99Ratio: number) => ({
    target,
    rate: 1000 / latency.p50Ms,
    unit: 'traces/s',
    latency,
    rateRatio: NaN,
    p50Ratio,
    p99Ratio,
    note: `${latency.count} runs`,
  });
  const { walk, service, http } = result.runs;
  return [
    row('recursive walk through the driver (baseline)', walk, NaN, NaN),
    row(
      'trace service (walk + records + labels + people)',
      service,
      result.ratios.serviceP50,
      service.p99Ms / walk.p99Ms,
    ),
    row(
      `GET ${'/api/inventory/trace'} (JSON)`,
      http,
      result.ratios.httpP50,
      http.p99Ms / walk.p99Ms,
    ),
  ];
}

export function httpRows(result: HttpResult): Row[] {
  const { helloWorld, me, login, argon2 } = result.runs;
  const r = result.ratios;
  const note = (failures: number, requests: number) =>
    `${requests} req${failures > 0 ? `, ${failures} FAILED` : ''}`;
  return [
    {
      target: 'Fastify hello-world (baseline)',
      rate: helloWorld.requestsPerSecond,
      unit: 'req/s',
      latency: helloWorld.latency,
      rateRatio: NaN,
      p50Ratio: NaN,
      p99Ratio: NaN,
      note: note(helloWorld.failures, helloWorld.requests),
    },
    {
      target: 'GET /api/me',
      rate: me.requestsPerSecond,
      unit: 'req/s',
      latency: me.latency,
      rateRatio: r.meRequestsPerSecond,
      p50Ratio: r.meLatencyP50,
      p99Ratio: r.meLatencyP99,
      note: note(me.failures, me.requests),
    },
    ...(result.runs.mePostgres
      ? [
          {
            target: 'GET /api/me on PostgreSQL',
            rate: result.runs.mePostgres.requestsPerSecond,
            unit: 'req/s',
            latency: result.runs.mePostgres.latency,
            rateRatio: r.mePostgresRequestsPerSecond ?? NaN,
            p50Ratio: r.mePostgresLatencyP50 ?? NaN,
            p99Ratio: r.mePostgresLatencyP99 ?? NaN,
            note: note(result.runs.mePostgres.failures, result.runs.mePostgres.requests),
          },
        ]
      : []),
    {
      target: 'POST /api/login',
      rate: login.requestsPerSecond,
      unit: 'req/s',
      latency: login.latency,
      rateRatio: r.loginRequestsPerSecond,
      p50Ratio: r.loginLatencyP50,
      p99Ratio: r.loginLatencyP99,
      note: note(login.failures, login.requests),
    },
    {
      target: 'argon2id verify alone',
      rate: argon2.requestsPerSecond,
      unit: 'verify/s',
      latency: argon2.latency,
      rateRatio: NaN,
      p50Ratio: NaN,
      p99Ratio: NaN,
      note: `login ÷ argon2: ${fmtRatio(r.loginVsArgon2RequestsPerSecond)} rate, ${fmtRatio(r.loginVsArgon2LatencyP50)} p50`,
    },
  ];
}

export function listRows(
  result: ListResult | PurchaseListResult | ApprovalsResult,
  endpoint = 'inventory-movements-details',
): Row[] {
  const { driver, http } = result.runs;
  const note = (failures: number, requests: number) =>
    `${requests} req${failures > 0 ? `, ${failures} FAILED` : ''}`;
  return [
    {
      target: 'same SQL through the driver (baseline)',
      rate: driver.requestsPerSecond,
      unit: 'pages/s',
      latency: driver.latency,
      rateRatio: NaN,
      p50Ratio: NaN,
      p99Ratio: NaN,
      note: note(driver.failures, driver.requests),
    },
    {
      target: `GET …/${endpoint}`,
      rate: http.requestsPerSecond,
      unit: 'pages/s',
      latency: http.latency,
      rateRatio: result.ratios.requestsPerSecond,
      p50Ratio: result.ratios.latencyP50,
      p99Ratio: result.ratios.latencyP99,
      note: note(http.failures, http.requests),
    },
  ];
}

export function commitVisibleRows(result: CommitVisibleResult): Row[] {
  const { broadcast, visible, reply, browserExtra } = result.runs;
  const lost = (n: number) => (n > 0 ? `, ${n} LOST` : '');
  const base = { rate: NaN, unit: '', rateRatio: NaN, p50Ratio: NaN, p99Ratio: NaN };
  return [
    {
      ...base,
      target: broadcast.label,
      latency: broadcast.latency,
      note: `send → callback${lost(broadcast.lost)}`,
    },
    {
      ...base,
      target: visible.label,
      latency: visible.latency,
      p50Ratio: result.ratios.latencyP50,
      p99Ratio: result.ratios.latencyP99,
      note: `send → data-held changed${lost(visible.lost)}`,
    },
    { ...base, target: reply.label, latency: reply.latency, note: 'send → HTTP reply read' },
    { ...base, target: browserExtra.label, latency: browserExtra.latency, note: 'per event' },
  ];
}

export function importsRows(result: ImportsResult): Row[] {
  return result.runs.flatMap((run) => [
    {
      target: `GET /api/me idle (baseline, ${run.rows} run)`,
      rate: NaN,
      unit: '',
      latency: run.idle,
      rateRatio: NaN,
      p50Ratio: NaN,
      p99Ratio: NaN,
      note: `${run.idle.count} req`,
    },
    {
      target: `import ${run.rows} rows; /api/me meanwhile`,
      rate: run.rowsPerSecond,
      unit: 'rows/s',
      latency: run.during,
      rateRatio: NaN,
      p50Ratio: run.ratios.latencyP50,
      p99Ratio: run.ratios.latencyP99,
      note: `${run.status}; ${(run.csvBytes / 1024).toFixed(0)} KB; 202 in ${fmt(run.acceptMs, 0)} ms; validate ${fmt(run.validateSeconds)} s (${fmt(run.validateRowsPerSecond, 0)} rows/s), apply ${fmt(run.applySeconds)} s (${fmt(run.applyRowsPerSecond, 0)} rows/s); /api/me max ${fmt(run.during.maxMs, 0)} ms over ${run.during.count} req; goals ${run.goals.rowsPerSecond ? 'met' : 'MISSED'} (rows/s), ${run.goals.otherUserP99 ? 'met' : 'MISSED'} (p99)`,
    },
  ]);
}

export function forecastRows(result: ForecastResult): Row[] {
  const { query, generate } = result.runs;
  const note = (failures: number, runs: number) =>
    `${runs} runs${failures > 0 ? `, ${failures} FAILED` : ''}`;
  return [
    {
      target: 'history aggregate through the driver (baseline)',
      rate: query.requestsPerSecond,
      unit: 'queries/s',
      latency: query.latency,
      rateRatio: NaN,
      p50Ratio: NaN,
      p99Ratio: NaN,
      note: `${note(query.failures, query.requests)}; ${result.historyRows} product × centre rows`,
    },
    {
      target: 'generate (history, allocations, plan; rolled back)',
      rate: generate.requestsPerSecond,
      unit: 'periods/s',
      latency: generate.latency,
      rateRatio: result.ratios.requestsPerSecond,
      p50Ratio: result.ratios.latencyP50,
      p99Ratio: result.ratios.latencyP99,
      note: `${note(generate.failures, generate.requests)}; ${result.allocations} allocations, ${result.plans} plan rows`,
    },
  ];
}

export function fanoutScaleRows(result: FanoutScaleResult): Row[] {
  return result.runs.map((run) => {
    const base = result.runs.find((r) => r.stage === run.stage && r.label.startsWith('raw'));
    const isBase = run === base;
    return {
      target: `${run.stage}. ${run.label}`,
      rate: run.deliveriesPerSecond,
      unit: 'deliveries/s',
      latency: run.latency,
      rateRatio: isBase || !base ? NaN : run.deliveriesPerSecond / base.deliveriesPerSecond,
      p50Ratio: isBase || !base ? NaN : run.latency.p50Ms / base.latency.p50Ms,
      p99Ratio: isBase || !base ? NaN : run.latency.p99Ms / base.latency.p99Ms,
      note: `${run.delivered.toLocaleString('en-US')} of ${run.expected.toLocaleString('en-US')}${run.lost > 0 ? `, ${run.lost.toLocaleString('en-US')} LOST` : ''}; max ${fmt(run.latency.maxMs, 0)} ms; all subscribed in ${fmt(run.openMs / 1000, 1)} s`,
    };
  });
}
