import { expect } from 'vitest';
import type { MyWork, MyWorkQueue } from '../../src/domain/my-work.ts';
import { call, tokenFor } from './api-client.ts';

// GET /api/my-work as a person's home page reads it, and what the suites look at in it.

export async function myWorkOf(baseUrl: string, user: string, password?: string): Promise<MyWork> {
  const reply = await call<MyWork>(baseUrl, 'GET', '/api/my-work', {
    token: await tokenFor(baseUrl, user, password),
  });
  expect(reply.httpStatus, reply.message).toBe(200);
  return reply.data;
}

export const queueOf = (work: MyWork, key: string): MyWorkQueue | undefined =>
  work.queues.find((q) => q.key === key);

/** The labels a queue lists, in its order. */
export const labelsOf = (work: MyWork, key: string): string[] =>
  queueOf(work, key)?.items.map((i) => i.label) ?? [];

export const keysOf = (work: MyWork): string[] => work.queues.map((q) => q.key);
