import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ReelRequest } from '../../src/domain/entities/production/stamp-cover.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { coverWorld, type CoverWorld } from '../support/stamp-cover-world.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// Reel requests drafted at once from the stamp cover (docs/domain/production.md "Stamp
// cover"): two people (or a wall left open beside a desk) pressing "Draft reel request" for
// the same jurisdiction at the same moment make one pending request, and both are answered
// with it. Only the PostgreSQL run can show a race (PGlite runs one transaction at a time).

const ROUNDS = 5;

describe.each(backends())('reel requests drafted at once on %s', (backend) => {
  let t: TestServer;
  const worlds: CoverWorld[] = [];
  beforeAll(async () => {
    t = await startTestServer({ backend });
    for (let i = 0; i < ROUNDS; i++) worlds.push(await coverWorld(t, `Z${i}`));
  }, 240_000);
  afterAll(async () => t?.close());

  it('makes one pending request per jurisdiction however many drafts arrive together', async () => {
    for (const w of worlds) {
      const senders = await Promise.all(
        ['stamp_inventory', 'manager', 'admin', 'stamp_inventory'].map((u) => w.as(u)),
      );
      const answers = await Promise.all(
        senders.map((api) =>
          api.send<ReelRequest>(
            'POST',
            `/api/production/stamp-cover/${w.jurisdictionId}/reel-request`,
          ),
        ),
      );
      const statuses = answers.map((a) => a.httpStatus).sort();
      expect(statuses, JSON.stringify(answers.map((a) => a.data))).toEqual([200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
      const [count] = await queryRows<{ n: number }>(
        t.server.database.db,
        sql`select count(*)::int as n from stamp_reel_requests
             where stamp_jurisdiction_id = ${w.jurisdictionId}`,
      );
      expect(count!.n).toBe(1);
    }
  });
});
