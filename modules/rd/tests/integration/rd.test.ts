import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { USERS } from '../../../general/shared/entities/users.entity.ts';
import { RD_PROJECTS } from '../../shared/entities/rd-projects.entity.ts';
import { RD_SAMPLES } from '../../shared/entities/rd-samples.entity.ts';
import { RD_PROMOTABLE_SAMPLES } from '../../shared/entities/rd-promotion.entity.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import type { RdProjectsReport, RdSamplesReport } from '../../shared/entities/rd-report-rows.ts';
import type { Row } from '../../../../tests/support/entity-crud.ts';
import { startRdWorld, type RdWorld } from '../rd-fixtures.ts';

// R&D (docs/domain/rd.md §7) through the real HTTP stack: each project and sample transition as its
// role sends it and refused to the other roles (403), for a stale version (409) and by its
// guard (422); ingredients over 100 % refused with `more100%` and nothing written; a revision
// requesting the next iteration; completion needing an approved sample; promotion making the
// draft recipe with the sample's formula.

const PROJECTS = RD_PROJECTS.api;
const SAMPLES = RD_SAMPLES.api;
const PROMOTABLE = RD_PROMOTABLE_SAMPLES.api;
const USERS_OPTIONS = `${USERS.api}/options`;

describe('rd', () => {
  let w: RdWorld;
  const send = async (user: string, method: string, url: string, body?: object) =>
    (await w.api(user)).send<Row>(method, url, body);
  const read = async (api: string, id: number) =>
    (await (await w.api('admin')).get<Row>(`${api}/${id}`)).data;
  const rawEvent = (user: string, api: string, doc: Row, name: string, extra: object = {}) =>
    send(user, 'POST', `${api}/${doc.id}/events/${name}`, { version: doc.version, ...extra });

  beforeAll(async () => {
    w = await startRdWorld('pglite');
  });
  afterAll(async () => {
    await w?.t.close();
  });

  it('numbers a project RD-, names its requester and moves it by role, version and guard', async () => {
    const created = await send('rd_requester', 'POST', PROJECTS, { title: 'Mango ice' });
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    const draft = created.data;
    expect(String(draft.number)).toMatch(/^RD-\d{5}$/);
    expect(draft.requester_name).toBe('Arjun Mehta');
    expect(draft.status).toBe('draft');

    // The supervisor does not submit; a flavorist never reaches the projects at all.
    expect((await rawEvent('rd_supervisor', PROJECTS, draft, 'submit')).httpStatus).toBe(403);
    expect((await rawEvent('rd_flavorist', PROJECTS, draft, 'submit')).httpStatus).toBe(403);
    const submitted = await w.event('rd_requester', PROJECTS, draft, 'submit');
    expect(submitted.status).toBe('submitted');
    // The draft's version is stale now.
    const stale = await rawEvent('rd_supervisor', PROJECTS, draft, 'approve');
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
    // A submitted project is not edited.
    const edit = await send('rd_requester', 'PUT', `${PROJECTS}/${submitted.id}`, {
      version: submitted.version,
      title: 'Changed',
    });
    expect(edit.httpStatus).toBe(422);
    expect((await rawEvent('rd_requester', PROJECTS, submitted, 'approve')).httpStatus).toBe(403);
    const rejectNoReason = await rawEvent('rd_supervisor', PROJECTS, submitted, 'reject');
    expect(rejectNoReason.httpStatus).toBe(422);
    expect(rejectNoReason.data).toEqual({ reason: 'required' });
    const approved = await w.event('rd_supervisor', PROJECTS, submitted, 'approve');
    expect(approved.status).toBe('approved');
    // Completing waits for an approved sample; an approved project takes no complete at all.
    const early = await rawEvent('rd_supervisor', PROJECTS, approved, 'complete');
    expect(early.httpStatus).toBe(422);
    const transitions = await queryRows<{ event: string }>(
      w.db,
      sql`select event from status_transitions where entity_type = 'rd_projects'
           and entity_id = ${draft.id} order by id`,
    );
    expect(transitions.map((t) => t.event)).toEqual(['submit', 'approve']);
  });

  it('requests samples only on an approved project; the first puts it in development', async () => {
    const draft = (await send('rd_requester', 'POST', PROJECTS, { title: 'Not yet' })).data;
    const refused = await send('rd_supervisor', 'POST', SAMPLES, { rd_project_id: draft.id });
    expect(refused.httpStatus).toBe(422);
    expect(Object.keys(refused.data as object)).toEqual(['rd_project_id']);
    const project = await w.approvedProject('Blue razz');
    expect(
      (await send('rd_flavorist', 'POST', SAMPLES, { rd_project_id: project.id })).httpStatus,
    ).toBe(403);
    const sample = await w.requestSample(project.id);
    expect(String(sample.number)).toMatch(/^SM-\d{5}$/);
    expect(sample).toMatchObject({
      status: 'requested',
      iteration: 1,
      project_status: 'in_development',
    });
    expect((await read(PROJECTS, project.id)).status).toBe('in_development');
    const second = await w.requestSample(project.id);
    expect(second.iteration).toBe(2);
  });

  it("requests a sample for a chosen flavorist, batch and due date; the project's samples name the flavorist", async () => {
    const project = await w.approvedProject('Peach tea');
    const people = await queryRows<{ id: number; username: string; name: string }>(
      w.db,
      sql`select id, username, name from users where username in ('rd_flavorist', 'rd_supervisor')`,
    );
    const person = (username: string) => people.find((p) => p.username === username);
    const flavoristName = person('rd_flavorist')?.name;
    const supervisor = await w.api('rd_supervisor');
    // The picker offers the people who hold the flavorist's role, and only them.
    const offered = (
      await supervisor.get<{ value: number; label: string }[]>(
        `${USERS_OPTIONS}?parameter_type=rd_flavorist`,
      )
    ).data;
    const flavorist = offered.find((o) => o.label === flavoristName);
    expect(flavorist, JSON.stringify(offered)).toBeDefined();
    expect(offered.map((o) => o.label)).not.toContain(person('rd_supervisor')?.name);
    const notFlavorist = await send('rd_supervisor', 'POST', SAMPLES, {
      rd_project_id: project.id,
      flavorist_id: person('rd_supervisor')?.id,
    });
    expect(notFlavorist.httpStatus).toBe(422);
    expect(Object.keys(notFlavorist.data as object)).toEqual(['flavorist_id']);
    const asked = await send('rd_supervisor', 'POST', SAMPLES, {
      rd_project_id: project.id,
      flavorist_id: flavorist?.value,
      batch_size_ml: 250,
      due_date: '2026-12-04',
    });
    expect(asked.httpStatus, JSON.stringify(asked.data)).toBe(201);
    expect(asked.data).toMatchObject({
      flavorist_name: flavoristName,
      due_date: '2026-12-04',
    });
    expect(Number(asked.data.batch_size_ml)).toBe(250);
    const samples = (await read(PROJECTS, project.id)).samples as Row[];
    expect(samples).toMatchObject([{ flavorist_name: flavoristName }]);
  });

  it('refuses ingredients over 100 % with more100% and writes nothing; the fill takes the rest', async () => {
    const project = await w.approvedProject('Vanilla custard');
    let sample = await w.requestSample(project.id);
    // Preparing needs the formula; developing needs the flavorist.
    expect(
      (await rawEvent('rd_quality_control', SAMPLES, sample, 'start_develop')).httpStatus,
    ).toBe(403);
    sample = await w.event('rd_flavorist', SAMPLES, sample, 'start_develop');
    const noFormula = await rawEvent('rd_flavorist', SAMPLES, sample, 'prepare');
    expect(noFormula.httpStatus).toBe(422);
    const over = await send('rd_flavorist', 'PUT', `${SAMPLES}/${sample.id}/ingredients`, {
      version: sample.version,
      ingredients: [
        { product_id: w.ingredients.flavorA, pct: 60 },
        { product_id: w.ingredients.flavorB, pct: 40.5 },
        { product_id: w.ingredients.carrier, is_fill: true },
      ],
    });
    expect(over.httpStatus).toBe(422);
    expect(over.data).toEqual({ ingredients: 'more100%' });
    const unchanged = await read(SAMPLES, sample.id);
    expect(unchanged.version).toBe(sample.version);
    expect(unchanged.ingredients).toEqual([]);
    const saved = await send('rd_flavorist', 'PUT', `${SAMPLES}/${sample.id}/ingredients`, {
      version: sample.version,
      ingredients: [
        { product_id: w.ingredients.flavorA, pct: 12.5 },
        { product_id: w.ingredients.carrier, is_fill: true },
      ],
    });
    expect(saved.httpStatus, JSON.stringify(saved.data)).toBe(200);
    expect(saved.data.fill_pct).toBe(87.5);
    expect(saved.data.formula_problem).toBeNull();
    // The old version is stale for the next save.
    const stale = await send('rd_flavorist', 'PUT', `${SAMPLES}/${sample.id}/ingredients`, {
      version: sample.version,
      ingredients: [{ product_id: w.ingredients.carrier, is_fill: true }],
    });
    expect(stale.httpStatus).toBe(409);
  });

  it('sends only with complete specifications; PG + VG over 100 % is more100%', async () => {
    const project = await w.approvedProject('Cool mint');
    let s = await w.requestSample(project.id);
    s = await w.event('rd_flavorist', SAMPLES, s, 'start_develop');
    s = (
      await send('rd_flavorist', 'PUT', `${SAMPLES}/${s.id}/ingredients`, {
        version: s.version,
        ingredients: [
          { product_id: w.ingredients.flavorA, pct: 5 },
          { product_id: w.ingredients.carrier, is_fill: true },
        ],
      })
    ).data;
    s = await w.event('rd_flavorist', SAMPLES, s, 'prepare');
    const unspecified = await rawEvent('rd_quality_control', SAMPLES, s, 'send');
    expect(unspecified.httpStatus).toBe(422);
    expect(String((unspecified.data as unknown as { status: string }).status)).toContain(
      'Specifications missing',
    );
    const over = await send('rd_quality_control', 'PUT', `${SAMPLES}/${s.id}/specifications`, {
      version: s.version,
      vg_pct: 70,
      pg_pct: 40,
    });
    expect(over.httpStatus).toBe(422);
    expect(over.data).toEqual({ pg_pct: 'more100%' });
    s = (
      await send('rd_quality_control', 'PUT', `${SAMPLES}/${s.id}/specifications`, {
        version: s.version,
        vg_pct: 70,
        pg_pct: 30,
        nicotine_mg: 6,
      })
    ).data;
    expect(s.specs_missing).toBe('density, flashpoint, shelf life');
    expect((await rawEvent('rd_flavorist', SAMPLES, s, 'send')).httpStatus).toBe(403);
    s = (
      await send('rd_quality_control', 'PUT', `${SAMPLES}/${s.id}/specifications`, {
        version: s.version,
        density_g_ml: 1.1875,
        flashpoint_c: 99,
        shelf_life_days: 540,
      })
    ).data;
    expect((s.specifications as Record<string, unknown>).density_g_ml).toBe(1.1875);
    s = await w.event('rd_quality_control', SAMPLES, s, 'send');
    expect(s.status).toBe('sent');
    s = await w.event('rd_quality_control', SAMPLES, s, 'start_evaluation');
    // Closing the evaluation needs one saved.
    expect((await rawEvent('rd_supervisor', SAMPLES, s, 'evaluate')).httpStatus).toBe(422);
    const badScore = await send('rd_supervisor', 'POST', `${SAMPLES}/${s.id}/evaluations`, {
      version: s.version,
      score: 11,
      verdict: 'approve',
    });
    expect(badScore.httpStatus).toBe(422);
  });

  it('a revision requests the child sample, next iteration, with its parent formula', async () => {
    const project = await w.approvedProject('Peach tea');
    const first = await w.sampleToFeedback(await w.requestSample(project.id));
    expect(first.status).toBe('feedback_received');
    expect(first.avg_score).toBe(8);
    // Only the supervisor decides, a revision with its reason.
    expect((await rawEvent('rd_quality_control', SAMPLES, first, 'approve')).httpStatus).toBe(403);
    expect((await rawEvent('rd_supervisor', SAMPLES, first, 'request_revision')).httpStatus).toBe(
      422,
    );
    const revised = await w.event('rd_supervisor', SAMPLES, first, 'request_revision', {
      reason: 'Less cream',
    });
    expect(revised.status).toBe('revision_requested');
    const child = await read(SAMPLES, Number(revised.child_sample_id));
    expect(child).toMatchObject({
      status: 'requested',
      iteration: 2,
      parent_number: first.number,
      rd_project_id: project.id,
    });
    expect((child.ingredients as Row[]).map((i) => i.product_id)).toEqual(
      (first.ingredients as Row[]).map((i) => i.product_id),
    );
  });

  it('completes a project once a sample is approved and promotes that sample to a draft recipe', async () => {
    const project = await w.approvedProject('Lemon tart');
    const decided = await w.sampleToFeedback(await w.requestSample(project.id));
    let current = await read(PROJECTS, project.id);
    const early = await rawEvent('rd_supervisor', PROJECTS, current, 'complete');
    expect(early.httpStatus).toBe(422);
    const approved = await w.event('rd_supervisor', SAMPLES, decided, 'approve');
    expect(approved.status).toBe('approved');
    current = await read(PROJECTS, project.id);
    const completed = await w.event('rd_supervisor', PROJECTS, current, 'complete');
    expect(completed.status).toBe('completed');

    // Promotion is the recipe change roles': not the R&D supervisor.
    const body = { version: approved.version, code: 'LEMON-TART', product_id: w.bulkLiquid };
    expect(
      (await send('rd_supervisor', 'POST', `${PROMOTABLE}/${approved.id}/promote`, body))
        .httpStatus,
    ).toBe(403);
    const notBulk = await send('recipes', 'POST', `${PROMOTABLE}/${approved.id}/promote`, {
      ...body,
      product_id: w.ingredients.flavorA,
    });
    expect(notBulk.httpStatus).toBe(422);
    const staleBody = { ...body, version: approved.version - 1 };
    expect(
      (await send('recipes', 'POST', `${PROMOTABLE}/${approved.id}/promote`, staleBody)).httpStatus,
    ).toBe(409);
    const promoted = await send('recipes', 'POST', `${PROMOTABLE}/${approved.id}/promote`, body);
    expect(promoted.httpStatus, JSON.stringify(promoted.data)).toBe(201);
    expect(promoted.data).toMatchObject({ code: 'LEMON-TART', status: 'draft', recipe_version: 1 });
    const [recipe] = await queryRows<{ rd_sample_id: number; target_nicotine_mg: string }>(
      w.db,
      sql`select rd_sample_id, target_nicotine_mg from recipes where id = ${promoted.data.id}`,
    );
    expect(recipe).toMatchObject({ rd_sample_id: approved.id });
    expect(Number(recipe!.target_nicotine_mg)).toBe(3);
    const lines = await queryRows<{ product_id: number; percentage: string; is_fill: boolean }>(
      w.db,
      sql`select product_id, percentage, is_fill from recipe_ingredients
           where recipe_id = ${promoted.data.id} order by sort`,
    );
    expect(lines.map((l) => [l.product_id, Number(l.percentage), l.is_fill])).toEqual([
      [w.ingredients.flavorA, 8, false],
      [w.ingredients.flavorB, 4.5, false],
      // The fill keeps the share it took in R&D: 100 − 12.5.
      [w.ingredients.carrier, 87.5, true],
    ]);
    const again = await read(PROMOTABLE, approved.id);
    expect(again.recipe_code).toBe('LEMON-TART');
    const twice = await send('recipes', 'POST', `${PROMOTABLE}/${approved.id}/promote`, {
      ...body,
      version: again.version,
    });
    expect(twice.httpStatus).toBe(422);
  });

  it('cancels an open sample with a reason, by the supervisor only', async () => {
    const project = await w.approvedProject('Cancelled idea');
    const sample = await w.requestSample(project.id);
    expect(
      (await rawEvent('rd_flavorist', SAMPLES, sample, 'cancel', { reason: 'x' })).httpStatus,
    ).toBe(403);
    expect((await rawEvent('rd_supervisor', SAMPLES, sample, 'cancel')).httpStatus).toBe(422);
    const cancelled = await w.event('rd_supervisor', SAMPLES, sample, 'cancel', {
      reason: 'Customer withdrew',
    });
    expect(cancelled.status).toBe('cancelled');
  });

  it("lists submitted projects and samples with feedback in the supervisor's inbox, decided there", async () => {
    type Item = {
      source: string;
      id: number;
      version: number;
      api: string;
      events: { event: string }[];
    };
    const inbox = async (user: string) =>
      (await (await w.api(user)).get<{ items: Item[] }>('/api/approvals')).data.items;
    const draft = (await send('rd_requester', 'POST', PROJECTS, { title: 'Inbox project' })).data;
    const submitted = await w.event('rd_requester', PROJECTS, draft, 'submit');
    const project = (await inbox('rd_supervisor')).find(
      (i) => i.source === 'rd_projects' && i.id === submitted.id,
    );
    expect(project?.events.map((e) => e.event)).toEqual(['approve', 'reject']);
    const requesterInbox = await (await w.api('rd_requester')).get('/api/approvals');
    expect(requesterInbox.httpStatus).toBe(403);
    await w.event(
      'rd_supervisor',
      PROJECTS,
      { ...submitted, version: project!.version },
      'approve',
    );
    expect(
      (await inbox('rd_supervisor')).some(
        (i) => i.id === submitted.id && i.source === 'rd_projects',
      ),
    ).toBe(false);

    const sample = await w.sampleToFeedback(await w.requestSample(submitted.id));
    const waiting = (await inbox('rd_supervisor')).find(
      (i) => i.source === 'rd_samples' && i.id === sample.id,
    );
    expect(waiting?.version).toBe(sample.version);
    expect(waiting?.events.map((e) => e.event)).toContain('request_revision');
  });

  it('reports samples by flavorist with their lab results, and projects with iterations and cycle time', async () => {
    expect((await (await w.api('rd_flavorist')).get('/api/rd/reports/samples')).httpStatus).toBe(
      403,
    );
    const samples = await (await w.api('manager')).get<RdSamplesReport>('/api/rd/reports/samples');
    expect(samples.httpStatus).toBe(200);
    // The fixtures' samples have no flavorist; the demo's are Rafael Costa's.
    expect(
      samples.data.by_flavorist.some((r) => r.flavorist === 'Unassigned' && r.samples > 0),
    ).toBe(true);
    const specified = samples.data.results.find((r) => r.project_title === 'Lemon tart');
    expect(specified).toMatchObject({ status: 'approved', nicotine_mg: 3, density_g_ml: 1.2345 });
    const projects = await (
      await w.api('qa_manager')
    ).get<RdProjectsReport>('/api/rd/reports/projects');
    expect(projects.httpStatus).toBe(200);
    const lemon = projects.data.rows.find((r) => r.title === 'Lemon tart');
    expect(lemon).toMatchObject({ status: 'completed', samples: 1, iterations_to_approval: 1 });
    expect(lemon!.cycle_days).toBeGreaterThanOrEqual(0);
    const peach = projects.data.rows.find((r) => r.title === 'Peach tea');
    expect(peach).toMatchObject({ samples: 2, iterations_to_approval: null });
  });
});
