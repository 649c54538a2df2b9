import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyWork } from '../../src/domain/my-work.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { rowIn } from '../../server/http/routes/my-work/row-in.ts';
import { keysOf, labelsOf, myWorkOf, queueOf } from '../support/my-work-reader.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// GET /api/my-work for the R&D and training people on the demo, whose samples sit at every
// step and whose trainings include overdue ones: each role's home lists the rows at its own
// step, linked to the page where it takes them, and none of another role's.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const myWork = (user: string) => myWorkOf(t.url, user);
const sortedLabels = (work: MyWork, key: string) => labelsOf(work, key).sort();

/** The demo's sample numbers at `statuses`, read straight from the table. */
const samplesAt = async (...statuses: string[]) =>
  (
    await queryRows<{ number: string }>(
      t.server.database.db,
      sql`select number from rd_samples r where ${rowIn('status', statuses)} order by number`,
    )
  ).map((r) => r.number);

describe('R&D people find their samples at home', () => {
  it('gives the flavorist the requested and in-preparation samples, opening the develop page', async () => {
    const work = await myWork('rd_flavorist');
    const expected = await samplesAt('requested', 'in_preparation');
    expect(expected.length).toBeGreaterThan(0);
    expect(sortedLabels(work, 'samples_to_develop')).toEqual(expected);
    const queue = queueOf(work, 'samples_to_develop');
    expect(queue?.group).toBe('samples');
    expect(queue?.items[0]?.href).toMatch(/^\/rd\/sample\/develop\/\d+$/);
    expect(keysOf(work)).not.toContain('samples_to_specify');
  });

  it('gives quality control the prepared samples to specify, and the sent ones to evaluate', async () => {
    const work = await myWork('rd_quality_control');
    expect(sortedLabels(work, 'samples_to_specify')).toEqual(await samplesAt('prepared'));
    expect(queueOf(work, 'samples_to_specify')?.items[0]?.href).toMatch(
      /^\/rd\/sample\/specifications\/\d+$/,
    );
    expect(sortedLabels(work, 'samples_to_evaluate')).toEqual(await samplesAt('sent', 'in_evaluation'));
    expect(keysOf(work)).not.toContain('samples_to_develop');
  });

  it('gives the supervisor the samples to evaluate besides the decisions', async () => {
    const work = await myWork('rd_supervisor');
    expect(sortedLabels(work, 'samples_to_evaluate')).toEqual(await samplesAt('sent', 'in_evaluation'));
    expect(sortedLabels(work, 'rd_samples')).toEqual(await samplesAt('feedback_received'));
    expect(keysOf(work)).not.toContain('samples_to_develop');
  });

  it('gives recipes the approved samples not promoted yet', async () => {
    const promoted = (
      await queryRows<{ number: string }>(
        t.server.database.db,
        sql`select s.number from rd_samples s where s.status = 'approved'
             and exists (select 1 from recipes r where r.rd_sample_id = s.id)`,
      )
    ).map((r) => r.number);
    const approved = await samplesAt('approved');
    const waiting = approved.filter((n) => !promoted.includes(n));
    expect(waiting.length).toBeGreaterThan(0);
    const work = await myWork('recipes');
    expect(sortedLabels(work, 'samples_to_promote')).toEqual(waiting);
    expect(queueOf(work, 'samples_to_promote')?.href).toBe('/rd/recipes');
  });
});

describe('the training supervisor', () => {
  it('sees every overdue training to chase, named by trainee', async () => {
    const overdue = await queryRows<{ id: number; trainee: string }>(
      t.server.database.db,
      sql`select r.id::int as id, u.name as trainee from trainings r join users u on u.id = r.trainee_id
           where r.status = 'overdue'`,
    );
    expect(overdue.length).toBeGreaterThan(0);
    const work = await myWork('training_supervisor');
    const queue = queueOf(work, 'trainings_overdue');
    expect(queue?.group).toBe('follow_up');
    expect(queue?.count).toBe(overdue.length);
    expect(queue?.items.map((i) => i.id).sort()).toEqual(overdue.map((o) => o.id).sort());
    expect(queue?.items[0]?.detail).toMatch(new RegExp(`^(${overdue.map((o) => o.trainee).join('|')}) · due \\d{2}/\\d{2}/\\d{4}$`));
    expect(keysOf(await myWork('trainer'))).not.toContain('trainings_overdue');
  });
});
