import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/query-rows.ts';
import { LEFT_FOR_PEOPLE_MS, type CrewContext } from '../../server/simulate/crew-context.ts';
import type { Answer } from '../../server/simulate/plant-api.ts';
import { rdCrew } from '../../modules/rd/server/rd-crew.ts';
import { trainingCrew } from '../../modules/training/server/training-crew.ts';
import { RD_OPEN_SAMPLE_STATUSES } from '../../modules/rd/shared/entities/rd-values.ts';
import { testCrew } from '../support/test-crew.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// The simulator's R&D and training people work the demo's samples and trainings through the
// API, each step sent by the person whose step it is: nothing they ask for is refused, and the
// counts per status move; every third record waits ten minutes for a person first.

describe('simulator R&D and training crews', () => {
  let t: TestServer;
  let refused: Answer[] = [];
  let ctx: CrewContext;

  beforeAll(async () => {
    t = await startTestServer();
    // As on a freshly seeded plant, every record has just changed (the shared seeded database
    // may be older than the ten minutes a record is left to people).
    for (const table of ['trainings', 'rd_samples']) {
      await queryRows(t.server.database.db, sql`update ${sql.raw(table)} set updated_at = now()`);
    }
    const test = testCrew(t.url, 18, { picks: 'random' });
    ctx = test.crew;
    refused = test.refused;
  }, 300_000);
  afterAll(async () => t.close());

  const countsOf = async (table: 'rd_samples' | 'trainings') =>
    Object.fromEntries(
      (
        await queryRows<{ status: string; n: number }>(
          t.server.database.db,
          sql`select status, count(*)::int as n from ${sql.raw(table)} group by status`,
        )
      ).map((r) => [r.status, Number(r.n)]),
    );
  /** Who sent each event on the entity's rows, as the transitions log has it. */
  const sendersOf = async (entityType: string) => {
    // The demo logs its rows' statuses as the event `demo`: every other one is a crew's.
    const steps = await queryRows<{ event: string; username: string }>(
      t.server.database.db,
      sql`select distinct e.event, u.username from status_transitions e
            join users u on u.id = e.created_by
           where e.entity_type = ${entityType} and e.event <> 'demo'
           order by u.username`,
    );
    return (event: string) => steps.filter((s) => s.event === event).map((s) => s.username);
  };
  const refusals = () => refused.map((r) => `${r.httpStatus} ${JSON.stringify(r.data)}`);

  it('moves samples from request to decision by the R&D people who own each step', async () => {
    const before = await countsOf('rd_samples');
    const crew = rdCrew(ctx);
    for (let turn = 0; turn < 12; turn += 1) await crew.step();
    expect(refusals()).toEqual([]);
    const after = await countsOf('rd_samples');
    expect(after).not.toEqual(before);
    expect((after.approved ?? 0) + (after.revision_requested ?? 0)).toBeGreaterThan(
      (before.approved ?? 0) + (before.revision_requested ?? 0),
    );
    expect(crew.stats().requested).toBeGreaterThan(0);
    // Bounded: the supervisor requests no more once six are open.
    expect(RD_OPEN_SAMPLE_STATUSES.reduce((n, s) => n + (after[s] ?? 0), 0)).toBeLessThanOrEqual(6);
    const who = await sendersOf('rd_samples');
    expect(who('start_develop')).toEqual(['rd_flavorist']);
    expect(who('prepare')).toEqual(['rd_flavorist']);
    expect(who('send')).toEqual(['rd_quality_control']);
    expect(who('start_evaluation')).toEqual(['rd_supervisor']);
    expect(who('evaluate')).toEqual(['rd_supervisor']);
    expect([...who('approve'), ...who('request_revision')]).toContain('rd_supervisor');
  });

  it('has trainees sign, the trainer score and QA verify, each their own step', async () => {
    const before = await countsOf('trainings');
    const crew = trainingCrew(ctx);
    for (let turn = 0; turn < 8; turn += 1) await crew.step();
    expect(refusals()).toEqual([]);
    const after = await countsOf('trainings');
    expect(after.verified ?? 0).toBeGreaterThan(before.verified ?? 0);
    expect(after.assigned ?? 0).toBeLessThan(before.assigned ?? 0);
    expect(crew.stats().signed).toBeGreaterThan(0);
    expect(crew.stats().scored).toBeGreaterThan(0);
    const who = await sendersOf('trainings');
    expect(who('sign').length).toBeGreaterThan(0);
    expect(who('sign')).not.toContain('trainer');
    expect(who('complete')).toEqual(['trainer']);
    expect(who('verify')).toEqual(['qa_manager']);
  });

  it('leaves every third record to people until it has waited ten minutes', async () => {
    const db = t.server.database.db;
    /** The crews' own steps (the demo's are logged as `demo`) on rows whose id is a multiple of three. */
    const crewStepsOnThirds = async (table: string) =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from status_transitions
               where entity_type = ${table} and event <> 'demo' and entity_id % 3 = 0`,
        )
      )[0]!.n;
    // The earlier tests ran both crews on the demo's freshly seeded rows.
    expect(await crewStepsOnThirds('trainings')).toBe(0);
    expect(await crewStepsOnThirds('rd_samples')).toBe(0);

    // Ten minutes and more later, the crew takes their steps too.
    vi.setSystemTime(Date.now() + LEFT_FOR_PEOPLE_MS + 60_000);
    try {
      const crew = trainingCrew(ctx);
      for (let turn = 0; turn < 4; turn += 1) await crew.step();
    } finally {
      vi.useRealTimers();
    }
    expect(refusals()).toEqual([]);
    expect(await crewStepsOnThirds('trainings')).toBeGreaterThan(0);
  });
});
