import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { type LatencySummary, summarize } from './sample-stats.ts';

// A small closed-loop load generator: `concurrency` workers each send one request, read the
// whole answer, and send the next, over keep-alive sockets. It stops at `maxRequests` or
// `maxSeconds`, whichever comes first, so a slow target shortens the run instead of
// stretching it. Every target in a run goes through this same code, so its own cost cancels
// out of the ratios.

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  concurrency: number;
  maxRequests: number;
  maxSeconds: number;
  /** Sent (same concurrency) and discarded before measuring. */
  warmupRequests: number;
}

/** One stretch of load; a target measured in several rounds adds its segments up. */
export interface LoadSegment {
  samples: number[];
  /** Answers outside 2xx plus transport errors. */
  failures: number;
  seconds: number;
}

export interface LoadResult {
  requests: number;
  /** A non-zero count makes the figure suspect: errors are often fast. */
  failures: number;
  seconds: number;
  requestsPerSecond: number;
  latency: LatencySummary;
}

export async function runLoad(options: LoadOptions): Promise<LoadSegment> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  try {
    return await measure(sender(options, agent), options);
  } finally {
    agent.destroy();
  }
}

/** Warms up, then measures `send` in a closed loop under the options' bounds. */
export async function measure(
  send: () => Promise<boolean>,
  options: Pick<LoadOptions, 'concurrency' | 'maxRequests' | 'maxSeconds' | 'warmupRequests'>,
): Promise<LoadSegment> {
  await closedLoop(send, options.concurrency, options.warmupRequests, Number.POSITIVE_INFINITY);
  const started = performance.now();
  const { samples, failures } = await closedLoop(
    send,
    options.concurrency,
    options.maxRequests,
    started + options.maxSeconds * 1000,
  );
  return { samples, failures, seconds: (performance.now() - started) / 1000 };
}

export function combine(segments: readonly LoadSegment[]): LoadResult {
  const samples = segments.flatMap((s) => s.samples);
  const seconds = segments.reduce((sum, s) => sum + s.seconds, 0);
  return {
    requests: samples.length,
    failures: segments.reduce((sum, s) => sum + s.failures, 0),
    seconds,
    requestsPerSecond: samples.length / seconds,
    latency: summarize(samples),
  };
}

/**
 * Runs `send` from `concurrency` workers until `count` calls have started or `deadline`
 * (performance.now() time) has passed. Also serves targets that are not HTTP (argon2 alone).
 */
export async function closedLoop(
  send: () => Promise<boolean>,
  concurrency: number,
  count: number,
  deadline: number,
): Promise<{ samples: number[]; failures: number }> {
  const samples: number[] = [];
  let started = 0;
  let failures = 0;
  const worker = async (): Promise<void> => {
    while (started < count && performance.now() < deadline) {
      started += 1;
      const t0 = performance.now();
      const ok = await send().catch(() => false);
      samples.push(performance.now() - t0);
      if (!ok) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { samples, failures };
}

function sender(options: LoadOptions, agent: Agent): () => Promise<boolean> {
  const url = new URL(options.url);
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers: Record<string, string | number> = { ...options.headers };
  if (body) headers['content-length'] = body.length;
  return () =>
    new Promise<boolean>((resolve, reject) => {
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: options.method ?? 'GET',
          headers,
        },
        (res) => {
          // The body must be read to the end or the socket never returns to the pool.
          res.resume();
          res.once('end', () =>
            resolve((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300),
          );
          res.once('error', reject);
        },
      );
      req.once('error', reject);
      req.end(body);
    });
}
