import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_DOCUMENTS } from '../../../modules/training/shared/entities/training-documents.entity.ts';
import { TRAININGS } from '../../../modules/training/shared/entities/trainings.entity.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import { tokenFor } from '../../support/api-client.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { entityClient, type EntityApiClient, type Row } from '../../support/entity-crud.ts';

// docs/journeys.md, the training seam (training_supervisor → trainee): a procedure's revision 1
// is assigned to the labeler directly, in no curriculum. The supervisor makes revision 2
// effective with the keyboard: the labeler's open training on revision 1 is retired
// ("Superseded by rev 2") and she is assigned revision 2, so only revision 2 waits on her
// home, and she opens it with the mouse. Assigning the procedure again, the document picker
// offers revision 2 alone, and Ctrl+K finds revision 2, never revision 1.

const CODE = 'SOP-FILL-007';
const TITLE = 'Fill height check at the filler';
const REV1 = `${CODE} rev 1`;
const REV2 = `${CODE} rev 2`;

const j = journey('journey-training-direct-revision', 180_000);
const url = (path: string) => `${j.suite.server.url}${path}`;
let sup: EntityApiClient;
let supervisor: Page;
let labeler: Page;
let revision2: Row;

type Held = {
  id: number;
  status: string;
  cancel_reason: string | null;
  revision: number;
  training_project_id: number | null;
};

/** The labeler's trainings of the procedure, by revision. */
async function labelerTrainings(): Promise<Held[]> {
  return queryRows<Held>(
    j.suite.server.server.database.db,
    sql`select t.id::int, t.status, t.cancel_reason, d.revision, t.training_project_id
          from trainings t
          join training_documents d on d.id = t.training_document_id
          join users u on u.id = t.trainee_id
         where u.username = 'labeler' and d.code = ${CODE} order by d.revision`,
  );
}

async function event(doc: Row, name: string): Promise<Row> {
  const reply = await sup.send<Row>('POST', `${TRAINING_DOCUMENTS.api}/${doc.id}/events/${name}`, {
    version: doc.version,
  });
  expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
  return reply.data;
}

const bar = (page: Page) => page.getByRole('group', { name: 'Document actions' });

beforeAll(async () => {
  sup = entityClient(j.suite.server.url, await tokenFor(j.suite.server.url, 'training_supervisor'));
  // Revision 1 in force, assigned to the labeler by hand; revision 2 written and approved.
  const draft = await sup.create(TRAINING_DOCUMENTS, { code: CODE, revision: 1, title: TITLE });
  const first = await event(await event(draft, 'approve'), 'make_effective');
  const [labelerUser] = await queryRows<{ id: number }>(
    j.suite.server.server.database.db,
    sql`select id::int from users where username = 'labeler'`,
  );
  await sup.create(TRAININGS, {
    trainee_id: labelerUser!.id,
    training_document_id: first.id,
    due_date: '2099-03-31',
  });
  const next = await sup.send<Row>('POST', `${TRAINING_DOCUMENTS.api}/${first.id}/new-revision`, {
    version: first.version,
  });
  expect(next.httpStatus, JSON.stringify(next.data)).toBe(201);
  revision2 = await event(next.data, 'approve');
  expect(
    (await labelerTrainings()).map((t) => [t.revision, t.status, t.training_project_id]),
  ).toEqual([[1, 'assigned', null]]);

  supervisor = await j.loggedIn('training_supervisor');
  labeler = await j.loggedIn('labeler');
}, 120_000);

describe('a revision made effective moves a direct training, and pickers offer it', () => {
  it('retires the direct training on rev 1 and assigns rev 2, which the labeler opens', async () => {
    // The labeler's home shows revision 1 due, before.
    await labeler.goto(url('/dashboard'));
    await labeler.getByRole('link', { name: REV1, exact: true }).waitFor();

    // The supervisor opens revision 2 and makes it effective, with the keyboard.
    await supervisor.goto(url('/training/training-documents'));
    // Revision 2's row: its code, and 2 in its Revision cell.
    await supervisor
      .getByRole('row')
      .filter({ hasText: CODE })
      .filter({ has: supervisor.getByRole('gridcell', { name: '2', exact: true }) })
      .getByRole('gridcell', { name: CODE, exact: true })
      .dblclick();
    const makeEffective = bar(supervisor).getByRole('button', {
      name: 'Make effective',
      exact: true,
    });
    await makeEffective.focus();
    await supervisor.keyboard.press('Enter');
    const confirm = supervisor.getByRole('dialog', { name: /^Make effective/ });
    await confirm.getByRole('button', { name: 'Make effective', exact: true }).focus();
    await supervisor.keyboard.press('Enter');
    await bar(supervisor)
      .getByText(/^effective$/i)
      .waitFor();
    await saveScreenshot(supervisor, 'journey-training-direct-revision-effective');

    const held = await labelerTrainings();
    expect(held.map((t) => [t.revision, t.status, t.cancel_reason, t.training_project_id])).toEqual(
      [
        [1, 'cancelled', 'Superseded by rev 2', null],
        [2, 'assigned', null, null],
      ],
    );

    // Her home follows: revision 2 waits, revision 1 is gone; she opens it with the mouse.
    await labeler.getByRole('link', { name: REV2, exact: true }).waitFor();
    await expect.poll(() => labeler.getByRole('link', { name: REV1, exact: true }).count()).toBe(0);
    await saveScreenshot(labeler, 'journey-training-direct-revision-home');
    await labeler.getByRole('link', { name: REV2, exact: true }).click();
    await labeler.waitForURL(new RegExp(`/training/trainings\\?open=${held[1]!.id}$`));
    await labeler.getByRole('dialog').getByText(`${REV2} · ${TITLE}`).first().waitFor();
  });

  it('offers the revision in force in the document picker and in search, never the old one', async () => {
    // Assigning the procedure to someone else: the picker offers rev 2 alone.
    await supervisor.goto(url('/training/trainings'));
    await supervisor.getByRole('button', { name: /^New/ }).first().click();
    const drawer = supervisor.getByRole('dialog');
    const picker = drawer.getByRole('combobox', { name: 'Document', exact: true });
    await picker.click();
    await supervisor.keyboard.type(CODE);
    const options = supervisor.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.allInnerTexts()).toEqual([`${REV2} · ${TITLE}`]);
    await saveScreenshot(supervisor, 'journey-training-direct-revision-picker');
    await supervisor.keyboard.press('ArrowDown');
    await supervisor.keyboard.press('Enter');
    await expect.poll(() => picker.inputValue()).toContain(REV2);
    await supervisor.keyboard.press('Escape');

    // Ctrl+K finds the code's revision in force, and Enter opens it.
    await supervisor.goto(url('/dashboard'));
    await supervisor.getByRole('region', { name: 'My work' }).waitFor();
    await supervisor.keyboard.press('Control+k');
    await supervisor
      .getByPlaceholder('Search pages, or records by number, code or name…')
      .waitFor();
    await supervisor.keyboard.type(CODE);
    const hits = supervisor.locator('.mantine-Spotlight-action').filter({ hasText: CODE });
    await hits.first().waitFor();
    await expect.poll(() => hits.allInnerTexts()).toEqual([expect.stringContaining(REV2)]);
    expect((await hits.allInnerTexts()).join('\n')).not.toContain(REV1);
    await saveScreenshot(supervisor, 'journey-training-direct-revision-search');
    await hits.first().click();
    await bar(supervisor)
      .getByText(/^effective$/i)
      .waitFor();
    expect(revision2.revision).toBe(2);
  });
});
