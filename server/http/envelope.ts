import type { Envelope } from '../../src/domain/api-messages.ts';

// Every answer is `{status, message, data}`; booleans inside `data` travel as 1/0
// (docs/product.md §7) and dates as ISO strings. The top-level `status` stays a real boolean.

export function envelope<T>(data: T, message = 'ok', status = true): Envelope<unknown> {
  return { status, message, data: toWire(data) };
}

// Arrays already in wire form (a list page's rows, converted as they were decoded), which
// toWire hands on as they are instead of copying them again.
const wired = new WeakSet<readonly unknown[]>();

export function alreadyWire<T extends readonly unknown[]>(values: T): T {
  wired.add(values);
  return values;
}

// Indexed loops and for…in rather than map and Object.entries: a list page is thousands of
// cells, and the intermediate arrays were most of this copy's cost.
export function toWire(value: unknown): unknown {
  if (value === null || typeof value !== 'object')
    return typeof value === 'boolean' ? (value ? 1 : 0) : value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    if (wired.has(value)) return value;
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i += 1) out[i] = toWire(value[i]);
    return out;
  }
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in record) if (Object.hasOwn(record, key)) out[key] = toWire(record[key]);
  return out;
}
