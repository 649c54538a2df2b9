import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { assemblyCrew } from '../../server/assembly-crew.ts';
import type { Answer } from '../../../../server/simulate/plant-api.ts';
import { testCrew } from '../../../../tests/support/test-crew.ts';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server.ts';

// The simulator's assembly crew runs kit orders down the line through the
// API, each step sent by the demo person whose stage it is: nothing it asks for is refused,
// orders reach shipped, and who sent each step is on the order's transitions.

describe('simulator assembly crew', () => {
  let t: TestServer;
  let refused: Answer[] = [];
  let crew: ReturnType<typeof assemblyCrew>;

  beforeAll(async () => {
    t = await startTestServer();
    const test = testCrew(t.url, 11);
    refused = test.refused;
    crew = assemblyCrew(test.crew);
  }, 300_000);
  afterAll(async () => t.close());

  it('moves orders through every stage by the crews that own them, into stock', async () => {
    // The demo's open orders go first; the crew plans its own once fewer than two are open.
    for (let tick = 0; tick < 16; tick += 1) await crew.step();
    expect(refused.map((r) => `${r.httpStatus} ${JSON.stringify(r.data)}`)).toEqual([]);
    expect(crew.stats().finished).toBeGreaterThan(0);
    const steps = await queryRows<{ event: string; username: string }>(
      t.server.database.db,
      sql`select distinct e.event, u.username from status_transitions e
            join users u on u.id = e.created_by
            join assembly_orders o on o.id = e.entity_id
           where e.entity_type = 'assembly_orders' and o.note = '(plant simulator)'`,
    );
    const by = Object.fromEntries(steps.map((s) => [s.event, s.username]));
    expect(by).toMatchObject({
      release: 'admin',
      start_sealing: 'sealer',
      finish_sealing: 'sealer',
      finish_stamping: 'stamper',
      finish_cartoning: 'cartoner',
    });
  });
});
