import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/query-rows.ts';
import { RD_PROJECTS } from '../../../modules/rd/shared/entities/rd-projects.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { typeAndChoose } from '../../support/e2e-stock.ts';
import { entityClient, type Row } from '../../support/entity-crud.ts';

// What the R&D and project screens say to the people reading them (docs/product.md §9): the
// supervisor requests a sample for a flavorist with its batch and due date, by keyboard, and
// the project, the sample and its header name her; a button a role may not press says which
// roles may, by their names; the project's dates read MM/DD/YYYY; a new time record's drawer
// opens with no calendar over it, Escape closes only an open calendar, and a file chosen
// before the first save goes on the record with it.

const people = journey('journey-people-screens', 180_000);
const db = () => people.suite.server.server.database.db;
const ISO_DAY = /\d{4}-\d{2}-\d{2}/;

async function rowOf<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db(), query);
  return row!;
}

const nameOf = async (username: string) =>
  (await rowOf<{ name: string }>(sql`select name from users where username = ${username}`)).name;

/** A project of its own, submitted by the requester, approved when `approved`. */
async function rdProject(title: string, approved: boolean): Promise<Row> {
  const as = async (user: string) =>
    entityClient(people.suite.server.url, await tokenFor(people.suite.server.url, user));
  const requester = await as('rd_requester');
  const draft = await requester.create(RD_PROJECTS, { title, target_vg_pct: 70 });
  const event = async (user: string, doc: Row, name: string) =>
    (
      await (
        await as(user)
      ).send<Row>('POST', `${RD_PROJECTS.api}/${doc.id}/events/${name}`, {
        version: doc.version,
      })
    ).data;
  const submitted = await event('rd_requester', draft, 'submit');
  return approved ? event('rd_supervisor', submitted, 'approve') : submitted;
}

describe('people screens say dates, names and roles', () => {
  it('the supervisor requests a sample for a flavorist by keyboard, and its screens name her', async () => {
    const project = await rdProject(`Keyboard peach ${Date.now() % 100000}`, true);
    const flavorist = await nameOf('rd_flavorist');
    const due = dayjs().add(12, 'day');
    const supervisor = await people.signedIn('rd_supervisor', `/rd/project/${project.id}`);
    await supervisor.getByRole('button', { name: 'Request sample' }).press('Enter');
    const dialog = supervisor.getByRole('dialog', { name: /^Request a sample of RD-/ });
    const picker = dialog.getByRole('combobox', { name: 'Flavorist', exact: true });
    await expect.poll(() => picker.evaluate((el) => el === document.activeElement)).toBe(true);
    await typeAndChoose(supervisor, flavorist.split(' ')[0]!, flavorist);
    await supervisor.keyboard.press('Tab');
    await supervisor.keyboard.press('Control+A');
    await supervisor.keyboard.type('250');
    await supervisor.keyboard.press('Tab');
    await supervisor.keyboard.type(due.format('MM/DD/YYYY'));
    // Escape closes the calendar the typing opened, not the dialog.
    await supervisor.locator('[data-dates-dropdown]').waitFor();
    await supervisor.keyboard.press('Escape');
    await supervisor.locator('[data-dates-dropdown]').waitFor({ state: 'detached' });
    await dialog.waitFor();
    await saveScreenshot(supervisor, 'journey-people-request-sample');
    await supervisor.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    const sample = await rowOf<{ id: number; number: string; batch: number; due: string }>(
      sql`select s.id::int, s.number, s.batch_size_ml::float8 as batch,
                 to_char(s.due_date, 'YYYY-MM-DD') as due
            from rd_samples s join users u on u.id = s.flavorist_id
           where s.rd_project_id = ${project.id} and u.username = 'rd_flavorist'`,
    );
    expect(sample).toMatchObject({ batch: 250, due: due.format('YYYY-MM-DD') });
    const row = supervisor
      .getByRole('table', { name: 'Samples of the project' })
      .getByRole('row', { name: new RegExp(sample.number) });
    await row.getByRole('cell', { name: flavorist, exact: true }).waitFor();
    await saveScreenshot(supervisor, 'journey-people-project-samples');

    // The sample's header names its flavorist and says its due date as people read it.
    await row.getByRole('link', { name: sample.number }).press('Enter');
    await supervisor.waitForURL((u) => u.pathname === `/rd/sample/develop/${sample.id}`);
    await supervisor.getByText(flavorist, { exact: true }).first().waitFor();
    await supervisor.getByText(due.format('MM/DD/YYYY'), { exact: true }).first().waitFor();
    await saveScreenshot(supervisor, 'journey-people-sample-header');
  });

  it('a button the requester may not press names the roles that may, by their names', async () => {
    const project = await rdProject(`Waiting peach ${Date.now() % 100000}`, false);
    const requester = await people.signedIn('rd_requester', `/rd/project/${project.id}`);
    const approve = requester
      .getByRole('group', { name: 'Document actions' })
      .getByRole('button', { name: 'Approve', exact: true });
    expect(await approve.getAttribute('aria-disabled')).toBe('true');
    await approve.hover();
    await requester
      .getByRole('tooltip')
      .getByText('Only Admin or R&D Supervisor may do this', { exact: true })
      .waitFor();
    await saveScreenshot(requester, 'journey-people-role-tooltip');
  });

  it("the project's header says its dates as MM/DD/YYYY", async () => {
    const project = await rowOf<{ id: number; start: string; due: string }>(
      sql`select id::int, to_char(start_date, 'YYYY-MM-DD') as start,
                 to_char(due_date, 'YYYY-MM-DD') as due
            from pm_projects order by id limit 1`,
    );
    const manager = await people.signedIn('manager', `/projects/tasks/${project.id}`);
    const span = `${dayjs(project.start).format('MM/DD/YYYY')} → ${dayjs(project.due).format('MM/DD/YYYY')}`;
    await manager.getByText(span).waitFor();
    expect(await manager.getByText(`${project.start} → ${project.due}`).count()).toBe(0);
    await saveScreenshot(manager, 'journey-people-project-header');
  });

  it('a new time record opens with no calendar, Escape closes only the calendar, and a file goes with the first save', async () => {
    const item = await rowOf<{ id: number }>(
      sql`select i.id::int from pm_task_items i join pm_tasks t on t.id = i.task_id
            join pm_projects p on p.id = t.project_id
           where p.status in ('planned', 'active') order by i.id limit 1`,
    );
    const manager: Page = await people.signedIn('manager', `/task_items/record/${item.id}`);
    await manager.getByRole('button', { name: 'New time record' }).click();
    const drawer = manager.getByRole('dialog');
    const date = drawer.getByRole('textbox', { name: 'Date', exact: true });
    await expect.poll(() => date.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await manager.locator('[data-dates-dropdown]').count()).toBe(0);
    await date.click();
    await manager.locator('[data-dates-dropdown]').waitFor();
    await manager.keyboard.press('Escape');
    await manager.locator('[data-dates-dropdown]').waitFor({ state: 'detached' });
    await drawer.waitFor();

    await drawer.getByRole('textbox', { name: 'Hours', exact: true }).fill('1.25');
    const note = `Receipt held ${Date.now() % 100000}`;
    await drawer.getByRole('textbox', { name: 'Note', exact: true }).fill(note);
    const files = drawer.getByRole('region', { name: 'Files' });
    const chooser = manager.waitForEvent('filechooser');
    await files.getByRole('button', { name: 'Attach file' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'receipt.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Taxi 14.50\n'),
    });
    await files
      .getByTestId('record-file-name')
      .getByText(/^receipt\.txt/)
      .waitFor();
    await saveScreenshot(manager, 'journey-people-time-record-held-file');
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await drawer.waitFor({ state: 'detached' });
    await expect
      .poll(async () =>
        (
          await queryRows<{ file_name: string }>(
            db(),
            sql`select a.file_name from pm_task_item_records r
                join pm_task_item_record_attachments l on l.pm_task_item_record_id = r.id
                join attachments a on a.id = l.attachment_id where r.note = ${note}`,
          )
        ).map((r) => r.file_name),
      )
      .toEqual(['receipt.txt']);
    await manager
      .getByRole('row', { name: new RegExp(note) })
      .getByRole('gridcell', { name: '1', exact: true })
      .waitFor();
    await saveScreenshot(manager, 'journey-people-time-record-saved');
    expect(await manager.locator('body').innerText()).not.toMatch(ISO_DAY);
  });
});
