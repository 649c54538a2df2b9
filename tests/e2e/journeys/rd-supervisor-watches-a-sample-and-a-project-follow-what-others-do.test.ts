import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { RD_PROJECTS } from '../../../modules/rd/shared/entities/rd-projects.entity.ts';
import { RD_SAMPLES } from '../../../modules/rd/shared/entities/rd-samples.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient, type EntityApiClient, type Row } from '../../support/entity-crud.ts';
import { DESK, journey } from '../../support/e2e-journey.ts';
import { rdPeople, sentSample as sentSampleOf } from '../../support/e2e-rd-people.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';

// Journey (R&D, docs/journeys.md): the supervisor keeps a sample's page open while quality
// control evaluates it on their own desk; the page follows without a reload (its status, its
// evaluations, its timeline), and the supervisor approves it from there with no "Record
// changed". When quality control moves a sample on while the supervisor is in the middle of
// cancelling it, the page says what changed instead of a bare refusal, and the cancel goes
// through once read again. A project page follows the requester's submission the same way,
// and the supervisor approves it with the keyboard. Set-up by the roles that would do it,
// through the API.

const j = journey('journey-rd-live', 180_000);
const people = rdPeople(() => j.suite.server.url);
const api: Record<string, EntityApiClient> = {};
let supervisor: Page;

/**
 * Broadcasts reach an open page in well under a second; this bound sits far below the pages'
 * 30 s safety poll, so a page that shows the change within it was told by the broadcast.
 */
const BROADCAST_BOUND_MS = 5_000;

const PROJECTS = RD_PROJECTS.api;
const SAMPLES = RD_SAMPLES.api;

async function send(user: string, method: string, path: string, body?: object): Promise<Row> {
  const reply = await api[user]!.send<Row>(method, path, body);
  expect(reply.httpStatus, `${user} ${method} ${path}: ${JSON.stringify(reply.data)}`).toBeLessThan(
    300,
  );
  return reply.data;
}

const event = (user: string, base: string, doc: Row, name: string) =>
  send(user, 'POST', `${base}/${doc.id}/events/${name}`, { version: doc.version });

beforeAll(async () => {
  const url = j.suite.server.url;
  for (const user of ['rd_requester', 'rd_supervisor', 'rd_flavorist', 'rd_quality_control']) {
    api[user] = entityClient(url, await tokenFor(url, user));
  }
  supervisor = await j.loggedIn('rd_supervisor', DESK);
});

/** A project the requester submitted, as a draft or submitted for approval. */
async function project(title: string, submit: boolean): Promise<Row> {
  const draft = await send('rd_requester', 'POST', PROJECTS, {
    title,
    priority: 'normal',
    target_nicotine_mg: 3,
    target_vg_pct: 70,
  });
  return submit ? event('rd_requester', PROJECTS, draft, 'submit') : draft;
}

/** A sample developed, specified and sent by quality control: it waits for its evaluation. */
const sentSample = async (title: string): Promise<Row> =>
  (await sentSampleOf(people, j.suite.server.server.database.db, title, 8)).sample;

/** The record's own view (the shell keeps views of other addresses alive). */
async function openRecord(page: Page, path: string): Promise<Locator> {
  await page.goto(`${j.suite.server.url}${path}`);
  const view = page.locator(`[data-view-path="${path}"]`);
  await view.getByRole('group', { name: 'Document actions' }).waitFor();
  return view;
}

const bar = (view: Locator) => view.getByRole('group', { name: 'Document actions' });
const statusTag = (view: Locator, status: string) =>
  bar(view).getByText(new RegExp(`^${status}$`, 'i'));
const timeline = (view: Locator) => view.getByRole('region', { name: 'Timeline' });

/** The timeline's newest entry of `event` ('approve'), once it shows. */
async function entry(view: Locator, event: string): Promise<string> {
  const item = timeline(view).locator(`[data-event="${event}"]`).last();
  await item.waitFor({ timeout: BROADCAST_BOUND_MS });
  return item.innerText();
}

/** A timeline reads as a person reads: names and dates, no wire ids or ISO moments. */
async function expectReadable(view: Locator): Promise<void> {
  const text = await timeline(view).innerText();
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  expect(text).not.toMatch(/#\d+/);
  expect(text).not.toMatch(/\b\w+_id\b/i);
  expect(text).not.toContain('System ·');
  // A write's changes read field by field, never as the JSON they were stored as.
  expect(text).not.toMatch(/[{}"]/);
}

describe('the supervisor watches R&D records follow what others do', () => {
  it('a sample evaluated by quality control shows on the open page, which approves it', async () => {
    const sample = await sentSample(`Live peach ${Date.now() % 100000}`);
    const path = `/rd/sample/develop/${sample.id}`;
    const watched = await openRecord(supervisor, path);
    await statusTag(watched, 'sent').waitFor();
    await entry(watched, 'send');

    // Quality control takes the evaluation on their desk.
    const started = await event('rd_quality_control', SAMPLES, sample, 'start_evaluation');
    await statusTag(watched, 'in evaluation').waitFor({ timeout: BROADCAST_BOUND_MS });
    expect(await entry(watched, 'start_evaluation')).toContain('Mei Wong');
    const evaluated = await send(
      'rd_quality_control',
      'POST',
      `${SAMPLES}/${sample.id}/evaluations`,
      {
        version: started.version,
        score: 8,
        verdict: 'approve',
        comments: 'Ripe peach, clean finish',
      },
    );
    await event('rd_quality_control', SAMPLES, evaluated, 'evaluate');
    await statusTag(watched, 'feedback received').waitFor({ timeout: BROADCAST_BOUND_MS });
    await watched
      .getByRole('table', { name: 'Evaluations' })
      .getByText('Ripe peach, clean finish')
      .waitFor();
    await entry(watched, 'evaluate');
    // The work on it reads as its people wrote it: the formula, the specifications, the score.
    const story = await timeline(watched).innerText();
    expect(story).toMatch(/Formula:\s*\S+ 8 %, \S+ fill/);
    expect(story).toMatch(/VG %:\s*70/);
    expect(story).toMatch(/Score:\s*8/);
    expect(story).toMatch(/Verdict:\s*Approve/);
    await expectReadable(watched);
    await saveScreenshot(supervisor, 'journey-rd-live-sample-followed');

    // The supervisor decides on the version the page now holds: no "Record changed".
    await bar(watched).getByRole('button', { name: 'Approve', exact: true }).click();
    const confirm = supervisor.getByRole('dialog');
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    await statusTag(watched, 'approved').waitFor();
    expect(await supervisor.getByRole('dialog', { name: 'Record changed' }).count()).toBe(0);
    expect(await entry(watched, 'approve')).toContain('Dr. Claire Dubois');
    await expectReadable(watched);
    await saveScreenshot(supervisor, 'journey-rd-live-sample-approved');
  });

  it('an evaluation being typed stays typed while quality control saves theirs, then saves', async () => {
    const sample = await sentSample(`Live lime ${Date.now() % 100000}`);
    const started = await event('rd_quality_control', SAMPLES, sample, 'start_evaluation');
    const watched = await openRecord(supervisor, `/rd/sample/develop/${sample.id}`);
    await statusTag(watched, 'in evaluation').waitFor();
    const comments = watched.getByRole('textbox', { name: 'Comments' });
    await watched.getByRole('textbox', { name: 'Score (1–10)' }).fill('6');
    await comments.fill('Lime too sharp on the exhale');

    // Quality control saves their own evaluation meanwhile: the page shows it…
    await send('rd_quality_control', 'POST', `${SAMPLES}/${sample.id}/evaluations`, {
      version: started.version,
      score: 8,
      verdict: 'approve',
      comments: 'Bright lime',
    });
    await watched
      .getByRole('table', { name: 'Evaluations' })
      .getByText('Bright lime')
      .waitFor({ timeout: BROADCAST_BOUND_MS });
    // …and what the supervisor typed is still there, saved on the version the page now holds.
    await expect(comments.inputValue()).resolves.toBe('Lime too sharp on the exhale');
    await watched.getByRole('combobox', { name: 'Verdict' }).click();
    await supervisor.getByRole('option', { name: 'Revise' }).click();
    await watched.getByRole('button', { name: 'Save evaluation' }).click();
    await watched
      .getByRole('table', { name: 'Evaluations' })
      .getByText('Lime too sharp on the exhale')
      .waitFor();
    expect(await supervisor.getByRole('dialog').count()).toBe(0);
  });

  it('a cancel sent on a version moved meanwhile says what moved, then goes through', async () => {
    const sample = await sentSample(`Live lime ${Date.now() % 100000}`);
    const path = `/rd/sample/develop/${sample.id}`;
    const watched = await openRecord(supervisor, path);
    await statusTag(watched, 'sent').waitFor();

    // The supervisor starts to cancel it, with the keyboard.
    await bar(watched).getByRole('button', { name: 'Cancel sample', exact: true }).focus();
    await supervisor.keyboard.press('Enter');
    const asked = supervisor.getByRole('dialog');
    await asked.getByRole('textbox', { name: 'Reason' }).waitFor();
    await supervisor.keyboard.type('The project changed course');
    // Meanwhile quality control starts its evaluation; the page behind the dialog follows.
    await event('rd_quality_control', SAMPLES, sample, 'start_evaluation');
    await expect
      .poll(() => statusTag(watched, 'in evaluation').count(), { timeout: BROADCAST_BOUND_MS })
      .toBe(1);
    await asked.getByRole('button', { name: 'Yes', exact: true }).click();

    const stale = supervisor.getByRole('dialog', { name: 'Record changed' });
    await stale.getByRole('list', { name: 'What changed' }).waitFor();
    expect(await stale.innerText()).toContain('Status: Sent → In evaluation');
    await saveScreenshot(supervisor, 'journey-rd-live-sample-stale-cancel');
    await stale.getByRole('button', { name: 'Reload', exact: true }).focus();
    await supervisor.keyboard.press('Enter');
    await stale.waitFor({ state: 'hidden' });

    // Read again, the cancel goes through.
    await bar(watched).getByRole('button', { name: 'Cancel sample', exact: true }).focus();
    await supervisor.keyboard.press('Enter');
    await supervisor.getByRole('dialog').getByRole('textbox', { name: 'Reason' }).waitFor();
    await supervisor.keyboard.type('The project changed course');
    await supervisor.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true }).focus();
    await supervisor.keyboard.press('Enter');
    await statusTag(watched, 'cancelled').waitFor();
    expect(await entry(watched, 'cancel')).toContain('Reason: The project changed course');
    await expectReadable(watched);
  });

  it("a project page follows the requester's submission, and the supervisor approves it by keyboard", async () => {
    const draft = await project(`Live plum ${Date.now() % 100000}`, false);
    const path = `/rd/project/${draft.id}`;
    const watched = await openRecord(supervisor, path);
    await statusTag(watched, 'draft').waitFor();

    await event('rd_requester', PROJECTS, draft, 'submit');
    await statusTag(watched, 'submitted').waitFor({ timeout: BROADCAST_BOUND_MS });
    expect(await entry(watched, 'submit')).toContain('Arjun Mehta');
    await saveScreenshot(supervisor, 'journey-rd-live-project-followed');

    await bar(watched).getByRole('button', { name: 'Approve', exact: true }).focus();
    await supervisor.keyboard.press('Enter');
    await statusTag(watched, 'approved').waitFor();
    expect(await supervisor.getByRole('dialog', { name: 'Record changed' }).count()).toBe(0);
    expect(await entry(watched, 'approve')).toContain('Dr. Claire Dubois');
    await expectReadable(watched);
    await saveScreenshot(supervisor, 'journey-rd-live-project-approved');
  });
});
