import type { FastifyInstance } from 'fastify';
import { validationError } from '../errors/api-error.ts';

// Input no route can store or answer, refused for every route before its own validation:
// a lone UTF-16 surrogate (JSON may escape one, "\ud800"; PostgreSQL cannot encode it, so it
// failed deep inside a write as a 500), and JSON nested deeper than any form sends (a config
// nested thousands deep overflowed the stack that copies it). Either answers 422 under the
// top-level field it came in, as a NUL byte does.

/** Deeper than any form or table filter (those stay under 8); far below a stack overflow. */
export const MAX_INPUT_DEPTH = 32;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

type Finding = { field: string; code: 'in' | 'max' };

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found = findHostile(request.body, 'body') ?? findHostile(request.query, 'query');
    if (found) throw validationError({ [found.field]: found.code });
  });
}

/** The first unstorable string or over-deep value, walked without recursion. */
export function findHostile(input: unknown, where: 'body' | 'query'): Finding | null {
  const stack: { value: unknown; field: string | null; depth: number }[] = [
    { value: input, field: null, depth: 0 },
  ];
  while (stack.length > 0) {
    const { value, field, depth } = stack.pop()!;
    const name = field ?? where;
    if (typeof value === 'string') {
      if (!isWellFormed(value)) return { field: name, code: 'in' };
      continue;
    }
    // An uploaded file's bytes (an import's raw body) are data for their reader, not JSON: walked
    // as an object, a 4 MB Buffer was four million entries on the event loop.
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) return { field: name, code: 'max' };
    for (const [key, item] of Object.entries(value)) {
      const top = field ?? (where === 'query' ? `query.${key}` : key);
      if (!isWellFormed(key)) return { field: top, code: 'in' };
      stack.push({ value: item, field: top, depth: depth + 1 });
    }
  }
  return null;
}
