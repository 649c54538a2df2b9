import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// The route lets through everyone the order workflow may allow (docs/domain/production.md §3.2);
// the machine then decides per event. A missing order or input proves the route let the caller in.

const WORKFLOW_ROLES: Record<string, readonly string[]> = {
  start_batching: ['batcher', 'head_batcher', 'supervisor_batcher'],
  finish_batching: ['batcher', 'head_batcher', 'supervisor_batcher'],
  hold: ['supervisor_batcher', 'supervisor_production', 'manager', 'qa_manager'],
  start_bottling: ['bottler'],
  finish_labeling: ['labeler'],
  release: ['planning'],
};

describe('production order events at the route', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer();
  }, 120_000);
  afterAll(async () => t.close());

  it.each(Object.entries(WORKFLOW_ROLES))(
    'lets every role the workflow allows send %s',
    async (event, roles) => {
      for (const role of roles) {
        const token = await tokenFor(t.url, role);
        const reply = await call(t.url, 'POST', `${PRODUCTION_ORDERS.api}/999999/events/${event}`, {
          token,
          body: { version: 1 },
        });
        // Past the route: the order is missing (404) or the event's input is (422), never 403.
        expect([404, 422], `${role}: ${reply.httpStatus}`).toContain(reply.httpStatus);
      }
    },
  );

  it('lets head_batcher record picks and read the order it batches', async () => {
    const token = await tokenFor(t.url, 'head_batcher');
    const picks = await call(t.url, 'POST', `${PRODUCTION_ORDERS.api}/999999/picks`, {
      token,
      body: {},
    });
    expect(picks.httpStatus).not.toBe(403);
    expect((await call(t.url, 'GET', PRODUCTION_ORDERS.api, { token })).httpStatus).toBe(200);
  });
});
