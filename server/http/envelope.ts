import type { Envelope } from '../../src/domain/api-messages.ts';

// Every answer is `{status, message, data}`; booleans inside `data` travel as 1/0 (spec §7)
// and dates as ISO strings. The top-level `status` stays a real boolean.

export function envelope<T>(data: T, message = 'ok', status = true): Envelope<unknown> {
  return { status, message, data: toWire(data) };
}

export function toWire(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toWire);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = toWire(item);
  return out;
}
