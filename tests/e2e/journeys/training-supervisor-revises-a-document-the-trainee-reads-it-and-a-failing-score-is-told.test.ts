import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_DOCUMENTS } from '../../../modules/training/shared/entities/training-documents.entity.ts';
import {
  TRAINING_PROJECT_DOCUMENTS,
  TRAINING_PROJECTS,
} from '../../../modules/training/shared/entities/training-projects.entity.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import { tokenFor } from '../../support/api-client.ts';
import { uploaded } from '../../support/attachment-client.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveFailureScreenshot, saveScreenshot } from '../../support/e2e-shell.ts';
import { entityClient, type Row } from '../../support/entity-crud.ts';

// docs/journeys.md, the training seam (training_supervisor → trainee → trainer → qa_manager): the
// supervisor writes revision 2 of a procedure the bottlers train on, with its new file, and
// makes it effective, which retires the bottler's open training on revision 1; the bottler, on
// a phone, opens revision 2's file from her training before she may sign (a wrong name is told
// in the signing dialog, without the name it expected); the trainer's score of 55 against the
// pass mark of 80 is told as a failure, in the notice and in the drawer; after a second
// attempt passes, QA verifies it from the approval inbox. Everyone signs in through the login.

const CODE = 'SOP-SEAL-004';
const TITLE = 'Seal check at the capping bench';
const REV2 = `${CODE} rev 2 · ${TITLE}`;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

const seam = journey('journey-training-seam', 180_000);
const url = (path: string) => `${seam.suite.server.url}${path}`;
let supervisor: Page;
let bottler: Page;
let trainer: Page;
let qa: Page;

type Held = { id: number; status: string; cancel_reason: string | null; revision: number };

/** The bottler's trainings of the procedure, by revision. */
async function bottlerTrainings(): Promise<Held[]> {
  return queryRows<Held>(
    seam.suite.server.server.database.db,
    sql`select t.id::int, t.status, t.cancel_reason, d.revision
          from trainings t
          join training_documents d on d.id = t.training_document_id
          join users u on u.id = t.trainee_id
         where u.username = 'bottler' and d.code = ${CODE} order by d.revision`,
  );
}

const statusOf = async (revision: number) =>
  (await bottlerTrainings()).find((t) => t.revision === revision)?.status;

const bar = (page: Page) => page.getByRole('group', { name: 'Document actions' });
const drawer = (page: Page) => page.getByRole('dialog').first();

/** The bottler, in her training's drawer, opens the file (it downloads), then signs it. */
async function openAndSign(page: Page, picture: string) {
  const sign = bar(page).getByRole('button', { name: 'Sign', exact: true });
  await expect.poll(() => sign.getAttribute('aria-disabled')).toBe('true');
  await drawer(page).getByText('Open the document and read it before you sign.').waitFor();
  await saveScreenshot(page, `${picture}-unread`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    drawer(page).getByRole('button', { name: 'Open document' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('sop-seal-004-rev-2.txt');
  await drawer(page)
    .getByText(/^Opened /)
    .waitFor();
  await expect.poll(() => sign.getAttribute('aria-disabled')).toBe('false');
  await sign.click();
  const dialog = page.getByRole('dialog', { name: /^Sign/ });
  const name = dialog.getByRole('textbox', { name: 'Type your full name to sign' });
  await name.fill('Luca');
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  // Told in the dialog, under the name, without the name it expected.
  await dialog.getByText('This is not the full name on your account').waitFor();
  expect(await dialog.getByText(/Bianchi/).count()).toBe(0);
  await saveScreenshot(page, `${picture}-wrong-name`);
  await name.fill('Luca Bianchi');
  await name.press('Enter');
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  // The procedure's revision 1, with its file, in force and in the bottlers' curriculum.
  const sup = entityClient(
    seam.suite.server.url,
    await tokenFor(seam.suite.server.url, 'training_supervisor'),
  );
  const file = await uploaded(
    sup.url,
    sup.token,
    Buffer.from('Rev 1: check the seal.'),
    'sop-seal-004.txt',
  );
  const draft = await sup.create(TRAINING_DOCUMENTS, {
    code: CODE,
    revision: 1,
    title: TITLE,
    attachment_id: file.id,
  });
  let doc: Row = draft;
  for (const event of ['approve', 'make_effective']) {
    const reply = await sup.send<Row>(
      'POST',
      `${TRAINING_DOCUMENTS.api}/${doc.id}/events/${event}`,
      {
        version: doc.version,
      },
    );
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
    doc = reply.data;
  }
  const [bottlerRole] = await queryRows<{ id: number }>(
    seam.suite.server.server.database.db,
    sql`select id::int from roles where code = 'bottler'`,
  );
  const project = await sup.create(TRAINING_PROJECTS, {
    code: 'CUR-SEAL',
    name: 'Capping bench',
    role_id: bottlerRole!.id,
  });
  await sup.create(TRAINING_PROJECT_DOCUMENTS, {
    training_project_id: project.id,
    training_document_id: doc.id,
  });
  const assigned = await sup.send('POST', `${TRAINING_PROJECTS.api}/${project.id}/assign`, {
    version: project.version,
  });
  expect(assigned.httpStatus).toBe(200);
  expect(await statusOf(1)).toBe('assigned');

  supervisor = await seam.loggedIn('training_supervisor');
  bottler = await seam.loggedIn('bottler', PHONE);
  trainer = await seam.loggedIn('trainer');
  qa = await seam.loggedIn('qa_manager');
}, 120_000);

describe('training supervisor revises a document, the trainee reads it, and a failing score is told', () => {
  it('retires the open training on the old revision, signs only after opening, and tells 55 of 80 as a failure', async () => {
    // The supervisor starts revision 2 from revision 1, with its new file, and makes it effective.
    await supervisor.goto(url('/training/training-documents'));
    await supervisor.getByRole('gridcell', { name: 'sop-seal-004.txt', exact: true }).dblclick();
    await bar(supervisor).getByRole('button', { name: 'New revision', exact: true }).click();
    await supervisor.getByText(`Training document ${CODE} rev 2 created`).waitFor();
    await drawer(supervisor).getByRole('textbox', { name: 'Title', exact: true }).waitFor();
    expect(
      await drawer(supervisor).getByRole('textbox', { name: 'Title', exact: true }).inputValue(),
    ).toBe(TITLE);
    await drawer(supervisor)
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'sop-seal-004-rev-2.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Rev 2: check the seal and the torque.'),
      });
    await drawer(supervisor).getByText('sop-seal-004-rev-2.txt').waitFor();
    await saveScreenshot(supervisor, 'journey-training-seam-new-revision');
    await drawer(supervisor).getByRole('button', { name: 'Save', exact: true }).click();
    await drawer(supervisor).waitFor({ state: 'detached' });
    await supervisor
      .getByRole('gridcell', { name: 'sop-seal-004-rev-2.txt', exact: true })
      .dblclick();
    await bar(supervisor).getByRole('button', { name: 'Approve', exact: true }).click();
    await bar(supervisor)
      .getByText(/^approved$/i)
      .waitFor();
    await bar(supervisor).getByRole('button', { name: 'Make effective', exact: true }).click();
    await supervisor
      .getByRole('dialog', { name: /^Make effective/ })
      .getByRole('button', { name: 'Make effective', exact: true })
      .click();
    await bar(supervisor)
      .getByText(/^effective$/i)
      .waitFor();
    // In force, the revision reads as text: its file by name, to download, never its id.
    await drawer(supervisor)
      .getByRole('button', { name: 'Download sop-seal-004-rev-2.txt' })
      .waitFor();
    expect(await drawer(supervisor).getByLabel('Record details').innerText()).not.toMatch(
      /File\n\d+/,
    );
    await saveScreenshot(supervisor, 'journey-training-seam-effective');
    const held = await bottlerTrainings();
    expect(held.map((t) => [t.revision, t.status, t.cancel_reason])).toEqual([
      [1, 'cancelled', 'Superseded by rev 2'],
      [2, 'assigned', null],
    ]);

    // The bottler, on her phone: only revision 2 waits at home; she opens it, then signs.
    await bottler.goto(url('/dashboard'));
    await bottler.getByRole('link', { name: `${CODE} rev 2` }).waitFor();
    expect(await bottler.getByRole('link', { name: `${CODE} rev 1` }).count()).toBe(0);
    await saveScreenshot(bottler, 'journey-training-seam-phone-home');
    await bottler.getByRole('link', { name: `${CODE} rev 2` }).click();
    await bar(bottler).waitFor();
    await openAndSign(bottler, 'journey-training-seam-phone-sign');
    await expect.poll(() => statusOf(2)).toBe('in_progress');
    await saveScreenshot(bottler, 'journey-training-seam-phone-signed');

    // The trainer records 55: the notice and the drawer say it failed, against 80.
    const training = (await bottlerTrainings()).find((t) => t.revision === 2)!;
    await trainer.goto(url(`/training/trainings?open=${training.id}`));
    await bar(trainer).getByRole('button', { name: 'Record result', exact: true }).click();
    await trainer.getByRole('textbox', { name: 'Score (%)' }).fill('55');
    await trainer
      .getByRole('dialog', { name: /^Record result/ })
      .getByRole('button', { name: 'Record result', exact: true })
      .click();
    const notice = trainer.locator('.mantine-Notification-root', { hasText: REV2 });
    await notice.getByText(`Training ${REV2}: Failed`).waitFor();
    expect(await notice.innerText()).not.toMatch(/completed/i);
    const result = trainer.getByRole('region', { name: 'Training result' });
    await result.getByText('55 %').waitFor();
    await result.getByText('80 %').waitFor();
    await result.getByText('Failed: below the pass mark').waitFor();
    await saveFailureScreenshot(trainer, 'journey-training-seam-failed');
    expect(await statusOf(2)).toBe('failed');

    // A second attempt: assigned again, read and signed again, scored 90.
    await bar(trainer).getByRole('button', { name: 'Reassign', exact: true }).click();
    await expect.poll(() => statusOf(2)).toBe('assigned');
    await bottler.goto(url(`/training/trainings?open=${training.id}`));
    await bar(bottler).waitFor();
    await openAndSign(bottler, 'journey-training-seam-phone-resign');
    await expect.poll(() => statusOf(2)).toBe('in_progress');
    await trainer.goto(url(`/training/trainings?open=${training.id}`));
    await bar(trainer).getByRole('button', { name: 'Record result', exact: true }).click();
    await trainer.getByRole('textbox', { name: 'Score (%)' }).fill('90');
    await trainer.getByRole('textbox', { name: 'Score (%)' }).press('Enter');
    await trainer.getByText(`Training ${REV2}: Completed`).waitFor();
    await result.getByText('Passed (Completed)').waitFor();

    // QA verifies it from the approval inbox.
    await qa.goto(url('/approvals'));
    const row = qa.getByRole('row', { name: new RegExp(`${CODE} rev 2`) });
    await row.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => statusOf(2)).toBe('verified');
    await saveScreenshot(qa, 'journey-training-seam-verified');
  });
});
