import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventNotice } from '../../../../src/api/result-notice.ts';
import { TRAINING_CATEGORIES } from '../../shared/entities/training-categories.entity.ts';
import { TRAINING_DOCUMENTS } from '../../shared/entities/training-documents.entity.ts';
import { TRAINING_PROJECT_DOCUMENTS } from '../../shared/entities/training-projects.entity.ts';
import { MY_TRAININGS, TRAININGS } from '../../shared/entities/trainings.entity.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { downloadAttachment, uploaded } from '../../../../tests/support/attachment-client.ts';
import type { List, Row } from '../../../../tests/support/entity-crud.ts';
import { backends, type TestServer } from '../../../../tests/support/test-server.ts';
import { startTrainingPlant, uniqueCode, type TrainingPlant } from '../training-plant.ts';

// Training revisions and what trainees are told, through HTTP on the demo plant: a revision
// made effective retires the trainings still open on the old one (curriculum and direct) and
// moves their trainees onto the new one; "New revision" starts the next draft; a trainee reads
// the revision's file from her training and signs only once she has opened it; a failing
// score answers a failed training, and the notice made from that answer says so.

describe.each(backends())('training revisions on %s', (backend) => {
  let plant: TrainingPlant;
  let t: TestServer;
  let ids: TrainingPlant['ids'];
  const api = (user: string) => plant.api(user);
  const event = (...args: Parameters<TrainingPlant['event']>) => plant.event(...args);
  const madeEffective = (draft: Row) => plant.madeEffective(draft);
  /** A bottler curriculum holding `doc`, assigned to the role. */
  const curriculumOf = async (doc: Row) => (await plant.curriculumOf(doc)).project;

  beforeAll(async () => {
    plant = await startTrainingPlant(backend);
    ({ t, ids } = plant);
  }, 240_000);
  afterAll(async () => t.close());

  async function read(user: string, path: string, id: number): Promise<Row> {
    const reply = await (await api(user)).get<Row>(`${path}/${id}`);
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
    return reply.data;
  }

  async function revisionOne(docCode: string, file?: number): Promise<Row> {
    const draft = await (
      await api('training_supervisor')
    ).create(TRAINING_DOCUMENTS, {
      code: docCode,
      revision: 1,
      title: 'Label check',
      ...(file ? { attachment_id: file } : {}),
    });
    return madeEffective(draft);
  }

  async function trainingOf(user: string, documentId: number): Promise<Row | undefined> {
    const mine = await (await api(user)).get<List>(MY_TRAININGS.api, { per_page: 200 });
    return mine.data.rows.find((r) => r.training_document_id === documentId);
  }

  async function newRevision(user: string, doc: Row) {
    return (await api(user)).send<Row>('POST', `${TRAINING_DOCUMENTS.api}/${doc.id}/new-revision`, {
      version: doc.version,
    });
  }

  it('retires the open curriculum training on the old revision and assigns the new one in the same curriculum', async () => {
    const first = await revisionOne(uniqueCode('SOP'));
    const project = await curriculumOf(first);
    const old = (await trainingOf('bottler', first.id))!;
    expect(old.status).toBe('assigned');

    const next = await newRevision('training_supervisor', first);
    expect(next.httpStatus, JSON.stringify(next.data)).toBe(201);
    const second = await madeEffective(next.data);
    expect(second).toMatchObject({ superseded: [first.id] });
    expect(second.retired).toContain(old.id);

    const retired = await read('bottler', MY_TRAININGS.api, old.id);
    expect(retired).toMatchObject({ status: 'cancelled', cancel_reason: 'Superseded by rev 2' });
    const renewed = await trainingOf('bottler', second.id);
    expect(renewed).toMatchObject({
      status: 'assigned',
      document_revision: 2,
      training_project_id: project.id,
    });
    // Nothing of the old revision is left on the trainee's home.
    const due = await queryRows<{ n: number }>(
      t.server.database.db,
      sql`select count(*)::int as n from trainings where training_document_id = ${first.id}
           and trainee_id = ${ids.bottler} and status in ('assigned', 'in_progress', 'overdue')`,
    );
    expect(due[0]!.n).toBe(0);
    const logs = await queryRows<{ event: string; note: string | null }>(
      t.server.database.db,
      sql`select event, note from training_logs where training_id = ${old.id} order by id`,
    );
    expect(logs.at(-1)).toEqual({ event: 'cancelled', note: 'Superseded by rev 2' });
  });

  it('moves a directly assigned person, overdue or done, onto the new revision without a curriculum', async () => {
    const first = await revisionOne(uniqueCode('SOP'));
    const sup = await api('training_supervisor');
    const direct = await sup.create(TRAININGS, {
      trainee_id: ids.labeler,
      training_document_id: first.id,
      due_date: '2020-01-31',
    });
    const done = await sup.create(TRAININGS, {
      trainee_id: ids.bottler,
      training_document_id: first.id,
      due_date: '2099-01-31',
    });
    const signed = await event('bottler', MY_TRAININGS.api, done, 'sign', {
      signature: 'Luca Bianchi',
    });
    const completed = await event('trainer', TRAININGS.api, signed.data, 'complete', { score: 90 });
    expect(completed.data.status).toBe('completed');

    const next = await newRevision('training_supervisor', first);
    const second = await madeEffective(next.data);

    expect(await read('trainer', TRAININGS.api, direct.id)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Superseded by rev 2',
    });
    // A result already recorded stays the record of what was trained on rev 1.
    expect((await read('trainer', TRAININGS.api, done.id)).status).toBe('completed');
    for (const [user, holder] of [
      ['labeler', ids.labeler],
      ['bottler', ids.bottler],
    ] as const) {
      const moved = await trainingOf(user, second.id);
      expect(moved, user).toMatchObject({
        trainee_id: holder,
        status: 'assigned',
        document_revision: 2,
        training_project_id: null,
      });
    }
  });

  it('starts the next revision as a draft with the code, title, category and curricula, one at a time', async () => {
    const sup = await api('training_supervisor');
    const category = await sup.create(TRAINING_CATEGORIES, {
      code: uniqueCode('CAT'),
      name: 'Labelling',
    });
    const draft = await sup.create(TRAINING_DOCUMENTS, {
      code: uniqueCode('SOP'),
      revision: 1,
      title: 'Label check',
      category_id: category.id,
    });
    const first = await madeEffective(draft);
    const project = await curriculumOf(first);

    expect((await newRevision('trainer', first)).httpStatus).toBe(403);
    const next = await newRevision('training_supervisor', first);
    expect(next.httpStatus).toBe(201);
    expect(next.data).toMatchObject({
      code: first.code,
      revision: 2,
      title: 'Label check',
      category_id: category.id,
      status: 'draft',
      attachment_id: null,
    });
    const links = await sup.get<List>(TRAINING_PROJECT_DOCUMENTS.api, { per_page: 200 });
    const ofProject = links.data.rows.filter((r) => r.training_project_id === project.id);
    expect(ofProject.map((r) => r.training_document_id).sort()).toEqual(
      [first.id, next.data.id].sort(),
    );
    // The draft is not trained on: the curriculum's trainees still hold rev 1 only.
    expect(await trainingOf('bottler', next.data.id)).toBeUndefined();

    const again = await newRevision('training_supervisor', first);
    expect(again.httpStatus).toBe(422);
    expect(String(again.data.status)).toContain('rev 2 is already being written');
    const stale = await sup.send('POST', `${TRAINING_DOCUMENTS.api}/${first.id}/new-revision`, {
      version: first.version - 1,
    });
    expect(stale.httpStatus).toBe(409);
  });

  it('lets the trainee read her training’s file, sign only once she opened it, and never learn the expected name', async () => {
    const sup = await api('training_supervisor');
    const file = await uploaded(t.url, sup.token, Buffer.from('Check every label.'), 'sop.txt');
    const first = await revisionOne(uniqueCode('SOP'), file.id);
    await curriculumOf(first);
    const training = (await trainingOf('bottler', first.id))!;
    expect(training).toMatchObject({ document_file_name: 'sop.txt', document_opened_at: null });
    const fileToken = String(training.document_file_token);
    expect(fileToken).toBe(file.token);

    const bottler = await api('bottler');
    const download = await downloadAttachment(t.url, bottler.token, fileToken);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('Check every label.');
    // A person without a training of it reads nothing of it.
    const labeler = await api('labeler');
    expect((await downloadAttachment(t.url, labeler.token, fileToken)).status).toBe(403);

    const unread = await event('bottler', MY_TRAININGS.api, training, 'sign', {
      signature: 'Luca Bianchi',
    });
    expect(unread.httpStatus).toBe(422);
    expect(unread.data).toEqual({ status: 'Open the document before you sign' });
    expect((await event('labeler', MY_TRAININGS.api, training, 'open')).httpStatus).toBe(404);

    const opened = await event('bottler', MY_TRAININGS.api, training, 'open');
    expect(opened.httpStatus, JSON.stringify(opened.data)).toBe(200);
    expect(opened.data.status).toBe('assigned');
    expect(opened.data.document_opened_at).not.toBeNull();

    const wrongName = await event('bottler', MY_TRAININGS.api, opened.data, 'sign', {
      signature: 'Luca',
    });
    expect(wrongName.httpStatus).toBe(422);
    expect(JSON.stringify(wrongName.data)).not.toContain('Bianchi');
    const signed = await event('bottler', MY_TRAININGS.api, opened.data, 'sign', {
      signature: 'Luca Bianchi',
    });
    expect(signed.httpStatus, JSON.stringify(signed.data)).toBe(200);
    expect(signed.data.status).toBe('in_progress');
    const logs = await queryRows<{ event: string }>(
      t.server.database.db,
      sql`select event from training_logs where training_id = ${training.id} order by id`,
    );
    expect(logs.map((l) => l.event)).toEqual(['assigned', 'opened', 'signed']);
  });

  it('answers a failing score with the failed training, and the notice made from it tells a failure', async () => {
    const first = await revisionOne(uniqueCode('SOP'));
    await curriculumOf(first);
    const training = (await trainingOf('bottler', first.id))!;
    const signed = await event('bottler', MY_TRAININGS.api, training, 'sign', {
      signature: 'Luca Bianchi',
    });
    const scored = await event('trainer', TRAININGS.api, signed.data, 'complete', { score: 55 });
    expect(scored.data).toMatchObject({ status: 'failed', score: 55, pass_mark: 80 });

    const notice = eventNotice(TRAININGS.label, signed.data, 'complete', {
      after: scored.data,
      nameField: TRAININGS.labelField,
    });
    expect(notice.tone).toBe('failure');
    expect(notice.message).toBe(`Training ${String(scored.data.document_label)}: Failed`);
    expect(notice.message).not.toMatch(/completed/i);
  });

  it('finds and offers the revision in force by its code, not the superseded one', async () => {
    const docCode = uniqueCode('SRCH');
    const first = await revisionOne(docCode);
    const second = await madeEffective((await newRevision('training_supervisor', first)).data);
    const found = await (
      await api('training_supervisor')
    ).get<{ hits: { entity: string; id: number; label: string }[] }>('/api/search', { q: docCode });
    expect(found.httpStatus, JSON.stringify(found.data)).toBe(200);
    const documents = found.data.hits.filter((h) => h.entity === TRAINING_DOCUMENTS.name);
    expect(documents.map((h) => h.id)).toEqual([second.id]);
    expect(documents[0]!.label).toBe(`${docCode} rev 2 · Label check`);
    // The picker of a training's document offers it alone, and the server holds to it.
    const sup = await api('training_supervisor');
    const offered = await sup.get<{ value: number }[]>(`${TRAINING_DOCUMENTS.api}/options`, {
      search: docCode,
      parameter_type: 'effective',
    });
    expect(offered.httpStatus).toBe(200);
    expect(offered.data.map((o) => o.value)).toEqual([second.id]);
    const old = await sup.send('POST', TRAININGS.api, {
      trainee_id: ids.labeler,
      training_document_id: first.id,
      due_date: '2099-01-31',
    });
    expect(old.httpStatus).toBe(422);
    expect(old.data).toEqual({ training_document_id: 'exists' });
  });
});
