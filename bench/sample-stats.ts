// Summaries of latency samples. Percentiles use the nearest-rank method on a sorted copy, so
// p99 of 100 samples is the 99th smallest: no interpolation that could invent a value.

export interface LatencySummary {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function summarize(samplesMs: readonly number[]): LatencySummary {
  if (samplesMs.length === 0)
    return { count: 0, p50Ms: Number.NaN, p99Ms: Number.NaN, maxMs: Number.NaN };
  const sorted = Float64Array.from(samplesMs).sort();
  return {
    count: sorted.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

function percentile(sorted: Float64Array, p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

/** `a / b`, or NaN when the baseline is missing, so a broken run never prints a fake ratio. */
export function ratio(a: number, b: number): number {
  return b > 0 && Number.isFinite(a) && Number.isFinite(b) ? a / b : Number.NaN;
}

/**
 * True in a smoke run (BENCH_SMOKE=1): every bench at a size that finishes in seconds, so a
 * change that breaks a bench shows at once instead of at its next real measurement.
 */
export function isSmoke(): boolean {
  return process.env.BENCH_SMOKE === '1';
}

/**
 * Reads a positive integer from the environment, falling back when unset or invalid. `smoke`,
 * when given, replaces the fallback in a smoke run; a value set in the environment wins still.
 */
export function envInt(name: string, fallback: number, smoke?: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? Number.NaN : Number(raw);
  if (Number.isInteger(value) && value > 0) return value;
  return smoke !== undefined && isSmoke() ? smoke : fallback;
}

/** A text setting (a list, say) from the environment, with a smoke value beside its default. */
export function envText(name: string, fallback: string, smoke?: string): string {
  const raw = process.env[name];
  if (raw !== undefined) return raw;
  return smoke !== undefined && isSmoke() ? smoke : fallback;
}
