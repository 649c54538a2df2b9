import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_CATEGORIES } from '../../shared/entities/training-categories.entity.ts';
import { TRAINING_DOCUMENTS } from '../../shared/entities/training-documents.entity.ts';
import { MY_TRAININGS, TRAININGS } from '../../shared/entities/trainings.entity.ts';
import { runNightlyTraining } from '../../server/db/nightly-training.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import type { List, Row } from '../../../../tests/support/entity-crud.ts';
import { backends, type TestServer } from '../../../../tests/support/test-server.ts';
import { startTrainingPlant, uniqueCode, type TrainingPlant } from '../training-plant.ts';

// Training (docs/domain/training.md §8) through HTTP on the demo plant: a document revision made
// effective and assigned through a role's curriculum; the trainee signs with their typed name and
// sees only their own; a trainer scores against the pass mark; QA verifies, never the scorer; a new
// revision supersedes the old and re-assigns its completers; the nightly pass with a given day.

describe.each(backends())('training on %s', (backend) => {
  let plant: TrainingPlant;
  let t: TestServer;
  const ids = { bottler: 0, labeler: 0, bottlerRole: 0, category: 0 };
  const api = (user: string) => plant.api(user);
  const event = (...args: Parameters<TrainingPlant['event']>) => plant.event(...args);

  beforeAll(async () => {
    plant = await startTrainingPlant(backend);
    t = plant.t;
    Object.assign(ids, plant.ids);
    const category = await (
      await api('training_supervisor')
    ).create(TRAINING_CATEGORIES, { code: uniqueCode('CAT'), name: 'Floor safety' });
    ids.category = category.id;
  }, 240_000);
  afterAll(async () => t.close());

  /** A document revision taken to effective by the training supervisor. */
  async function effectiveDocument(docCode: string, revision = 1): Promise<Row> {
    const sup = await api('training_supervisor');
    const draft = await sup.create(TRAINING_DOCUMENTS, {
      code: docCode,
      revision,
      title: `Bottling line SOP rev ${revision}`,
      category_id: ids.category,
    });
    return plant.madeEffective(draft);
  }

  /** A bottler curriculum holding `doc`, assigned: the bottler's training of it. */
  async function bottlerTraining(doc: Row): Promise<Row> {
    const { assigned } = await plant.curriculumOf(doc);
    expect(assigned).toBeGreaterThanOrEqual(1);
    const mine = await (await api('bottler')).get<List>(MY_TRAININGS.api);
    const training = mine.data.rows.find((r) => r.training_document_id === doc.id);
    expect(training).toBeDefined();
    return training!;
  }

  async function signed(training: Row): Promise<Row> {
    const reply = await event('bottler', TRAININGS.api, training, 'sign', {
      signature: 'luca bianchi',
    });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
    return reply.data;
  }

  it('seeds a demo that shows the supervisor due, overdue and verified trainings, and QA trainings to verify', async () => {
    const sup = await api('training_supervisor');
    const list = await sup.get<List>(TRAININGS.api, { per_page: 200 });
    const statuses = new Set(list.data.rows.map((r) => r.status));
    for (const status of ['assigned', 'in_progress', 'overdue', 'completed', 'verified']) {
      expect(statuses, status).toContain(status);
    }
    const documents = await sup.get<List>(TRAINING_DOCUMENTS.api);
    expect(documents.data.rows.map((r) => r.status)).toContain('superseded');
    const qa = await api('qa_manager');
    const inbox = await qa.get<{ items: Row[] }>('/api/approvals', { module: 'training' });
    expect(inbox.data.items.length).toBeGreaterThanOrEqual(2);
    const bottler = await api('bottler');
    const mine = await bottler.get<List>(MY_TRAININGS.api);
    expect(mine.data.rows.every((r) => r.trainee_name === 'Luca Bianchi')).toBe(true);
  });

  it('lets the supervisor upload a draft revision’s file, the trainer page read it and no trainee', async () => {
    const sup = await api('training_supervisor');
    const uploaded = await fetch(`${t.url}/api/attachments?file_name=sop.txt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sup.token}`, 'content-type': 'text/plain' },
      body: new TextEncoder().encode('Walk the line before start-up.'),
    });
    expect(uploaded.status).toBe(201);
    const file = ((await uploaded.json()) as { data: { id: number; token: string } }).data;
    const doc = await sup.create(TRAINING_DOCUMENTS, {
      code: uniqueCode('SOP'),
      revision: 1,
      title: 'With its file',
      attachment_id: file.id,
    });
    expect(doc.file_name).toBe('sop.txt');
    expect(doc.file_token).toBe(file.token);
    const download = async (user: string) =>
      fetch(`${t.url}/api/attachments/${file.token}/download`, {
        headers: { authorization: `Bearer ${(await api(user)).token}` },
      });
    const read = await download('trainer');
    expect(read.status).toBe(200);
    expect(await read.text()).toBe('Walk the line before start-up.');
    // A draft is not trained on yet: a trainee does not read it (attachments-access.test.ts).
    expect((await download('bottler')).status).toBe(403);
    const refused = await fetch(`${t.url}/api/attachments?file_name=x.txt`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${(await api('trainer')).token}`,
        'content-type': 'text/plain',
      },
      body: new TextEncoder().encode('no'),
    });
    expect(refused.status).toBe(403);
  });

  it('refuses document changes outside the change roles', async () => {
    const bottler = await api('bottler');
    const refused = await bottler.send('POST', TRAINING_DOCUMENTS.api, {
      code: uniqueCode('DOC'),
      revision: 1,
      title: 'Not mine to write',
    });
    expect(refused.httpStatus).toBe(403);
    const draft = await (
      await api('training_supervisor')
    ).create(TRAINING_DOCUMENTS, { code: uniqueCode('DOC'), revision: 1, title: 'Draft' });
    const byTrainer = await event('trainer', TRAINING_DOCUMENTS.api, draft, 'approve');
    expect(byTrainer.httpStatus).toBe(403);
    const duplicate = await (
      await api('training_supervisor')
    ).send('POST', TRAINING_DOCUMENTS.api, { code: draft.code, revision: 1, title: 'Again' });
    expect(duplicate.httpStatus).toBe(422);
  });

  it('assigns a curriculum to its role and shows each trainee only their own', async () => {
    const doc = await effectiveDocument(uniqueCode('SOP'));
    const training = await bottlerTraining(doc);
    expect(training).toMatchObject({ status: 'assigned', document_revision: 1 });
    const work = await (
      await api('bottler')
    ).get<{ queues: { key: string; count: number }[] }>('/api/my-work');
    expect(work.data.queues.find((q) => q.key === 'trainings_due')?.count).toBeGreaterThanOrEqual(
      1,
    );
    const labeler = await api('labeler');
    const theirs = await labeler.get<List>(MY_TRAININGS.api);
    expect(theirs.data.rows.some((r) => r.id === training.id)).toBe(false);
    expect((await labeler.get(`${MY_TRAININGS.api}/${training.id}`)).httpStatus).toBe(404);
    expect((await labeler.get(TRAININGS.api)).httpStatus).toBe(403);
    const exported = await fetch(`${t.url}${MY_TRAININGS.api}/export?format=csv`, {
      headers: { authorization: `Bearer ${(await api('bottler')).token}` },
    });
    expect(exported.status).toBe(200);
    const csv = await exported.text();
    expect(csv).toContain(String(training.document_label));
    expect(csv).not.toContain('Hannah Kowalski');
    const signing = await event('labeler', TRAININGS.api, training, 'sign', {
      signature: 'Hannah Kowalski',
    });
    expect(signing.httpStatus).toBe(404);
    const all = await (await api('trainer')).get<List>(TRAININGS.api);
    expect(all.httpStatus).toBe(200);
  });

  it('signs only with the typed full name, and refuses a stale version', async () => {
    const training = await bottlerTraining(await effectiveDocument(uniqueCode('SOP')));
    const wrong = await event('bottler', TRAININGS.api, training, 'sign', { signature: 'Luca' });
    expect(wrong.httpStatus).toBe(422);
    expect(wrong.data).toHaveProperty('signature');
    const ok = await signed(training);
    expect(ok.status).toBe('in_progress');
    const stale = await event('bottler', TRAININGS.api, training, 'sign', {
      signature: 'Luca Bianchi',
    });
    expect(stale.httpStatus).toBe(409);
  });

  it("moves a signed training off the trainee's due list to waiting, and onto the trainers' list to score", async () => {
    const training = await bottlerTraining(await effectiveDocument(uniqueCode('SOP')));
    type Work = { queues: { key: string; group: string; count: number }[] };
    const counts = async () => {
      const of = async (who: string) => (await (await api(who)).get<Work>('/api/my-work')).data;
      const [bottler, trainer] = await Promise.all([of('bottler'), of('trainer')]);
      const count = (work: Work, key: string) => work.queues.find((q) => q.key === key)?.count ?? 0;
      return {
        due: count(bottler, 'trainings_due'),
        waiting: count(bottler, 'trainings_signed'),
        toScore: count(trainer, 'trainings_to_score'),
        // Where the trainer reads it: apart from the trainings due to the trainer.
        scoreGroup: trainer.queues.find((q) => q.key === 'trainings_to_score')?.group,
      };
    };
    const before = await counts();
    expect(before.due).toBeGreaterThanOrEqual(1);
    await signed(training);
    expect(await counts()).toEqual({
      due: before.due - 1,
      waiting: before.waiting + 1,
      toScore: before.toScore + 1,
      scoreGroup: 'scoring',
    });
  });

  it('fails below the pass mark, reassigns, completes at it, and QA verifies (not the scorer)', async () => {
    const training = await signed(
      await bottlerTraining(await effectiveDocument(uniqueCode('SOP'))),
    );
    const unsigned = await event('trainer', TRAININGS.api, training, 'complete', {});
    expect(unsigned.httpStatus).toBe(422);
    const failed = await event('trainer', TRAININGS.api, training, 'complete', { score: 50 });
    expect(failed.data).toMatchObject({ status: 'failed', score: 50, pass_mark: 80 });
    const again = await event('trainer', TRAININGS.api, failed.data, 'reassign');
    expect(again.data).toMatchObject({ status: 'assigned', score: null });
    const resigned = await signed(again.data);
    const byTrainee = await event('bottler', TRAININGS.api, resigned, 'complete', { score: 99 });
    expect(byTrainee.httpStatus).toBe(403);
    const done = await event('training_supervisor', TRAININGS.api, resigned, 'complete', {
      score: 80,
    });
    expect(done.data).toMatchObject({ status: 'completed', score: 80 });
    const inbox = await (
      await api('qa_manager')
    ).get<{ items: Row[] }>('/api/approvals', { limit: 200 });
    expect(
      inbox.data.items.some((r) => r.source === 'training_verifications' && r.id === training.id),
    ).toBe(true);
    const scorerInbox = await (
      await api('training_supervisor')
    ).get<{ items: Row[] }>('/api/approvals', { limit: 200 });
    expect(
      scorerInbox.data.items.some(
        (r) => r.id === training.id && r.source === 'training_verifications',
      ),
    ).toBe(false);
    const ownVerify = await event('training_supervisor', TRAININGS.api, done.data, 'verify');
    expect(ownVerify.httpStatus).toBe(422);
    const byTrainer = await event('trainer', TRAININGS.api, done.data, 'verify');
    expect(byTrainer.httpStatus).toBe(403);
    const verified = await event('qa_manager', TRAININGS.api, done.data, 'verify');
    expect(verified.data).toMatchObject({
      status: 'verified',
      verified_by_name: 'Dr. Amara Nwosu',
    });
    const logs = await queryRows<{ event: string; signature: string | null }>(
      t.server.database.db,
      sql`select event, signature from training_logs where training_id = ${training.id} order by id`,
    );
    expect(logs.map((l) => l.event)).toEqual([
      'assigned',
      'signed',
      'failed',
      'reassigned',
      'signed',
      'completed',
      'verified',
    ]);
    expect(logs[1]!.signature).toBe('luca bianchi');
  });

  it('cancels only with a reason, by the change roles', async () => {
    const training = await bottlerTraining(await effectiveDocument(uniqueCode('SOP')));
    expect(
      (await event('trainer', TRAININGS.api, training, 'cancel', { reason: 'x' })).httpStatus,
    ).toBe(403);
    const bare = await event('qa_manager', TRAININGS.api, training, 'cancel');
    expect(bare.httpStatus).toBe(422);
    const cancelled = await event('qa_manager', TRAININGS.api, training, 'cancel', {
      reason: 'Moved to shipping',
    });
    expect(cancelled.data).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Moved to shipping',
    });
  });

  it('supersedes the old revision and re-assigns the people who completed it', async () => {
    const docCode = uniqueCode('SOP');
    const first = await effectiveDocument(docCode);
    const training = await signed(await bottlerTraining(first));
    await event('trainer', TRAININGS.api, training, 'complete', { score: 95 });
    const second = await effectiveDocument(docCode, 2);
    expect(second.superseded).toEqual([first.id]);
    const old = await (await api('trainer')).get<Row>(`${TRAINING_DOCUMENTS.api}/${first.id}`);
    expect(old.data.status).toBe('superseded');
    const mine = await (await api('bottler')).get<List>(MY_TRAININGS.api);
    const renewed = mine.data.rows.find((r) => r.training_document_id === second.id);
    expect(renewed).toMatchObject({ status: 'assigned', document_revision: 2 });
    const links = await queryRows<{ n: number }>(
      t.server.database.db,
      sql`select count(*)::int as n from training_project_documents where training_document_id = ${first.id}`,
    );
    expect(links[0]!.n).toBe(0);
  });

  it('marks open trainings overdue and re-assigns old verified ones on the night it is run', async () => {
    const open = await bottlerTraining(await effectiveDocument(uniqueCode('SOP')));
    const done = await signed(await bottlerTraining(await effectiveDocument(uniqueCode('SOP'))));
    const completed = await event('trainer', TRAININGS.api, done, 'complete', { score: 90 });
    const verified = await event('qa_manager', TRAININGS.api, completed.data, 'verify');
    expect(verified.data.status).toBe('verified');
    const db = t.server.database.db;
    const dueDay = new Date(`${String(open.due_date)}T12:00:00Z`);
    const before = await runNightlyTraining(db, dueDay);
    expect(before.overdue).not.toContain(open.id);
    const later = new Date(dueDay.getTime() + 2 * 86_400_000);
    const after = await runNightlyTraining(db, later);
    expect(after.overdue).toContain(open.id);
    expect(after.retraining).not.toContain(done.id);
    const trainer = await api('training_supervisor');
    const overdue = await trainer.get<Row>(`${TRAININGS.api}/${open.id}`);
    expect(overdue.data).toMatchObject({ status: 'overdue', is_overdue: 1 });
    const nextYear = new Date(Date.now() + 400 * 86_400_000);
    const retrain = await runNightlyTraining(db, nextYear);
    expect(retrain.retraining).toContain(done.id);
    const again = await trainer.get<Row>(`${TRAININGS.api}/${done.id}`);
    expect(again.data).toMatchObject({ status: 'assigned', score: null, verified_by_name: null });
  });
});
