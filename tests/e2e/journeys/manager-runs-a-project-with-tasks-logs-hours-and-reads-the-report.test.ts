import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/query-rows.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { pick, typeAndChoose } from '../../support/e2e-stock.ts';

// Journey (Project Management, docs/domain/projects.md §9): the manager creates a project and
// starts it, adds a task and starts it, adds its items and ticks them done (the task's progress
// follows live), logs hours against an item and attaches a file to them (the records list counts
// it), finishes the task, completes the project and reads it in the projects report. Once by mouse,
// once by keyboard, each on a project of its own.

const pm = journey('journey-projects', 180_000);
let page: Page;

const db = () => pm.suite.server.server.database.db;
const url = (path: string) => `${pm.suite.server.url}${path}`;
const typed = (d: dayjs.Dayjs) => d.format('MM/DD/YYYY');
const bar = (scope: Page | ReturnType<Page['getByRole']> = page) =>
  scope.getByRole('group', { name: 'Document actions' }).first();

async function projectNamed(name: string) {
  const [row] = await queryRows<{ id: number; number: string; status: string }>(
    db(),
    sql`select id::int, number, status from pm_projects where name = ${name}`,
  );
  return row!;
}

/** The names of the files attached to the time record holding `note` (or `hours`). */
async function recordFiles(where: { note?: string; hours?: number }) {
  const rows = await queryRows<{ file_name: string }>(
    db(),
    sql`select a.file_name from pm_task_item_records r
        join pm_task_item_record_attachments l on l.pm_task_item_record_id = r.id
        join attachments a on a.id = l.attachment_id
        where ${where.note ? sql`r.note = ${where.note}` : sql`r.hours = ${where.hours ?? 0}`}
        order by l.id`,
  );
  return rows.map((r) => r.file_name);
}

const TIMESHEET = {
  name: 'timesheet.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from('Mon 2.5 h laser measure of the mixing room\n'),
};

async function taskTitled(title: string) {
  const [row] = await queryRows<{ id: number; status: string; progress: number }>(
    db(),
    sql`select id::int, status, progress_pct::float8 as progress from pm_tasks where title = ${title}`,
  );
  return row!;
}

beforeAll(async () => {
  page = await pm.signedIn('manager', '/list-projects');
});

describe('manager runs a project with tasks and items, logs hours and reads the report', () => {
  it('by mouse', async () => {
    const name = 'Mixing room layout (mouse)';
    await page.getByRole('button', { name: 'New project' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await pick(page, 'Owner', 'Isabelle Fortin', 'Isabelle');
    const due = drawer.getByRole('textbox', { name: 'Due', exact: true });
    await due.fill(typed(dayjs().add(30, 'day')));
    await due.press('Tab');
    await saveScreenshot(page, 'journey-projects-new-project');
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await drawer.waitFor({ state: 'detached' });
    const project = await projectNamed(name);
    expect(project.number).toMatch(/^PJ-\d{5}$/);
    expect(project.status).toBe('planned');

    await page.getByRole('gridcell', { name, exact: true }).first().dblclick();
    await bar().getByRole('button', { name: 'Start', exact: true }).click();
    await expect.poll(async () => (await projectNamed(name)).status).toBe('active');
    await saveScreenshot(page, 'journey-projects-project-drawer');
    await bar().getByRole('link', { name: 'Tasks' }).click();
    await page.waitForURL((u) => u.pathname === `/projects/tasks/${project.id}`);

    // A task, started from its drawer.
    await page.getByRole('button', { name: 'New task' }).click();
    const taskDrawer = page.getByRole('dialog');
    await taskDrawer.getByRole('textbox', { name: 'Title', exact: true }).fill('Measure the room');
    const taskDue = taskDrawer.getByRole('textbox', { name: 'Due', exact: true });
    await taskDue.fill(typed(dayjs().add(7, 'day')));
    await taskDue.press('Tab');
    await taskDrawer.getByRole('button', { name: 'Save', exact: true }).click();
    await taskDrawer.waitFor({ state: 'detached' });
    await page.getByRole('gridcell', { name: 'Measure the room', exact: true }).first().dblclick();
    await bar(page.getByRole('dialog')).getByRole('button', { name: 'Start', exact: true }).click();
    await expect
      .poll(async () => (await taskTitled('Measure the room')).status)
      .toBe('in_progress');
    await saveScreenshot(page, 'journey-projects-tasks-list');
    const task = await taskTitled('Measure the room');
    await page.getByRole('dialog').getByRole('link', { name: 'Items' }).click();
    await page.waitForURL((u) => u.pathname === `/projects/tasks/items/${task.id}`);

    // Two items; ticking one moves the task to 50 %.
    for (const item of ['Walls and doors', 'Power points']) {
      await page.getByRole('textbox', { name: 'New item' }).fill(item);
      await page.getByRole('button', { name: 'Add item' }).click();
      await page.getByRole('checkbox', { name: `Done: ${item}` }).waitFor();
    }
    await page.getByRole('checkbox', { name: 'Done: Walls and doors' }).click();
    await expect.poll(() => page.getByTestId('progress-figure').innerText()).toBe('50 %');
    expect((await taskTitled('Measure the room')).progress).toBe(50);
    await saveScreenshot(page, 'journey-projects-task-items');

    // Hours against the first item.
    await page
      .getByRole('row', { name: /Walls and doors/ })
      .getByRole('link', { name: 'Log hours' })
      .click();
    await page.waitForURL((u) => u.pathname.startsWith('/task_items/record/'));
    const recordsPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'New time record' }).click();
    const recordDrawer = page.getByRole('dialog');
    await recordDrawer.getByRole('textbox', { name: 'Hours', exact: true }).fill('2.5');
    await recordDrawer.getByRole('textbox', { name: 'Note', exact: true }).fill('Laser measure');
    await recordDrawer.getByRole('button', { name: 'Save', exact: true }).click();
    await recordDrawer.waitFor({ state: 'detached' });
    await page.getByRole('gridcell', { name: 'Laser measure' }).waitFor();

    // A file on the logged hours: chosen with the mouse, listed, counted, downloaded.
    await page.getByRole('gridcell', { name: 'Laser measure' }).dblclick();
    const files = page.getByRole('dialog').getByRole('region', { name: 'Files' });
    // The date has the cursor, and no calendar opens over the files by itself.
    expect(await page.locator('[data-dates-dropdown]').count()).toBe(0);
    const chooser = page.waitForEvent('filechooser');
    await files.getByRole('button', { name: 'Attach file' }).click();
    await (await chooser).setFiles(TIMESHEET);
    await files.getByTestId('record-file-name').getByText('timesheet.txt').waitFor();
    expect(await recordFiles({ note: 'Laser measure' })).toEqual(['timesheet.txt']);
    await saveScreenshot(page, 'journey-projects-time-record-file');
    const download = page.waitForEvent('download');
    await files.getByRole('button', { name: 'Download timesheet.txt' }).click();
    expect((await download).suggestedFilename()).toBe('timesheet.txt');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: /Laser measure/ })
      .getByRole('gridcell', { name: '1', exact: true })
      .waitFor();
    await saveScreenshot(page, 'journey-projects-time-records');

    // The last item, the task done, the project completed.
    await page.goBack();
    await page.getByRole('checkbox', { name: 'Done: Power points' }).click();
    await expect.poll(() => page.getByTestId('progress-figure').innerText()).toBe('100 %');
    await bar().getByRole('button', { name: 'Finish', exact: true }).click();
    await expect.poll(async () => (await taskTitled('Measure the room')).status).toBe('done');
    await page.getByRole('link', { name: 'Project tasks', exact: true }).click();
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.getByRole('button', { name: /^Measure the room:/ }).waitFor();
    await saveScreenshot(page, 'journey-projects-timeline');
    await bar().getByRole('button', { name: 'Complete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Complete', exact: true }).click();
    await expect.poll(async () => (await projectNamed(name)).status).toBe('completed');

    // A finished project's hours are read, no longer logged: no New, and a record opens
    // without Save (the server would refuse both).
    await page.goto(url(recordsPath));
    await page
      .getByTestId('closed-for-new')
      .getByText('The project is finished: its hours no longer change.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'New time record' }).count()).toBe(0);
    await page.getByRole('gridcell', { name: 'Laser measure' }).dblclick();
    const closedFiles = page.getByRole('dialog').getByRole('region', { name: 'Files' });
    await closedFiles.getByTestId('record-file-name').getByText('timesheet.txt').waitFor();
    expect(await closedFiles.getByRole('button', { name: 'Attach file' }).count()).toBe(0);
    expect(
      await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).count(),
    ).toBe(0);
    await saveScreenshot(page, 'journey-projects-time-records-closed');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.goBack();

    await page.getByRole('link', { name: 'Report', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/projects_report');
    const row = page
      .getByRole('table', { name: 'Projects report' })
      .getByRole('row', { name: new RegExp(project.number) });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      `${project.number} ${name}`,
      expect.any(String),
      'Completed',
      dayjs().add(30, 'day').format('MM/DD/YYYY'),
      '1',
      '1',
      '0',
      '100 %',
      '2.50',
      '0',
    ]);
    await page
      .getByTestId('report-progress-chart')
      .locator('.recharts-bar-rectangle')
      .first()
      .waitFor();
    await saveScreenshot(page, 'journey-projects-report');
  });
  it('by keyboard', async () => {
    const name = 'Packing bench move (keyboard)';
    const title = 'Order the benches';
    await page.goto(url('/list-projects'));
    await page.getByRole('button', { name: 'New project' }).press('Enter');
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('textbox', { name: 'Name', exact: true }).focus();
    await page.keyboard.type(name);
    await drawer.getByRole('combobox', { name: 'Owner', exact: true }).focus();
    await typeAndChoose(page, 'Isabelle', 'Isabelle Fortin');
    await drawer.getByRole('textbox', { name: 'Due', exact: true }).focus();
    await page.keyboard.type(typed(dayjs().add(20, 'day')));
    await page.keyboard.press('Tab');
    await drawer.getByRole('button', { name: 'Save', exact: true }).press('Enter');
    await drawer.waitFor({ state: 'detached' });
    const project = await projectNamed(name);

    await page.getByRole('gridcell', { name, exact: true }).first().focus();
    await page.keyboard.press('Enter');
    await bar().getByRole('button', { name: 'Start', exact: true }).press('Enter');
    await expect.poll(async () => (await projectNamed(name)).status).toBe('active');
    // The bar draws itself again for the new status: a key pressed on the old one is lost.
    await bar().getByRole('button', { name: 'Start', exact: true }).waitFor({ state: 'detached' });
    await bar().getByRole('link', { name: 'Tasks' }).press('Enter');
    await page.waitForURL((u) => u.pathname === `/projects/tasks/${project.id}`);

    await page.getByRole('button', { name: 'New task' }).press('Enter');
    const taskDrawer = page.getByRole('dialog');
    await taskDrawer.getByRole('textbox', { name: 'Title', exact: true }).focus();
    await page.keyboard.type(title);
    await taskDrawer.getByRole('textbox', { name: 'Due', exact: true }).focus();
    await page.keyboard.type(typed(dayjs().add(5, 'day')));
    await page.keyboard.press('Tab');
    await taskDrawer.getByRole('button', { name: 'Save', exact: true }).press('Enter');
    await taskDrawer.waitFor({ state: 'detached' });
    await page.getByRole('gridcell', { name: title, exact: true }).first().focus();
    await page.keyboard.press('Enter');
    await bar(page.getByRole('dialog'))
      .getByRole('button', { name: 'Start', exact: true })
      .press('Enter');
    await expect.poll(async () => (await taskTitled(title)).status).toBe('in_progress');
    const task = await taskTitled(title);
    await page.getByRole('dialog').getByRole('link', { name: 'Items' }).press('Enter');
    await page.waitForURL((u) => u.pathname === `/projects/tasks/items/${task.id}`);

    // One item, added with Enter and ticked with Space.
    await page.getByRole('textbox', { name: 'New item' }).focus();
    await page.keyboard.type('Get three quotes');
    await page.keyboard.press('Enter');
    const tick = page.getByRole('checkbox', { name: 'Done: Get three quotes' });
    await tick.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('progress-figure').innerText()).toBe('100 %');

    await page.getByRole('link', { name: 'Log hours' }).press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/task_items/record/'));
    await page.getByRole('button', { name: 'New time record' }).press('Enter');
    const recordDrawer = page.getByRole('dialog');
    await recordDrawer.getByRole('textbox', { name: 'Hours', exact: true }).focus();
    await page.keyboard.type('1.75');
    await recordDrawer.getByRole('button', { name: 'Save', exact: true }).press('Enter');
    await recordDrawer.waitFor({ state: 'detached' });
    await page.getByRole('gridcell', { name: '1.75' }).waitFor();

    // A file on them by keyboard: Enter opens the record and the file chooser; a second file
    // is removed again (Enter on Remove, Enter on Yes).
    await page.getByRole('gridcell', { name: '1.75' }).focus();
    await page.keyboard.press('Enter');
    const files = page.getByRole('dialog').getByRole('region', { name: 'Files' });
    for (const file of [TIMESHEET, { ...TIMESHEET, name: 'wrong.txt' }]) {
      const chooser = page.waitForEvent('filechooser');
      await files.getByRole('button', { name: 'Attach file' }).press('Enter');
      await (await chooser).setFiles(file);
      await files.getByTestId('record-file-name').getByText(file.name).waitFor();
    }
    expect(await recordFiles({ hours: 1.75 })).toEqual(['timesheet.txt', 'wrong.txt']);
    await files.getByRole('button', { name: 'Remove wrong.txt' }).press('Enter');
    await page
      .getByRole('dialog', { name: 'Remove' })
      .getByRole('button', { name: 'Yes' })
      .press('Enter');
    await expect.poll(() => recordFiles({ hours: 1.75 })).toEqual(['timesheet.txt']);
    await files
      .getByTestId('record-file-name')
      .getByText('wrong.txt')
      .waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.goBack();
    await bar().getByRole('button', { name: 'Finish', exact: true }).press('Enter');
    await expect.poll(async () => (await taskTitled(title)).status).toBe('done');
    await page.getByRole('link', { name: 'Project tasks', exact: true }).press('Enter');
    // The timeline: arrows between the tabs, Enter on a bar opens its task.
    await page.getByRole('tab', { name: 'List' }).focus();
    await page.keyboard.press('ArrowRight');
    const bar1 = page.getByRole('button', { name: new RegExp(`^${title}:`) });
    await bar1.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByText(title).first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await bar().getByRole('button', { name: 'Complete', exact: true }).press('Enter');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Complete', exact: true })
      .press('Enter');
    await expect.poll(async () => (await projectNamed(name)).status).toBe('completed');
    await page.getByRole('link', { name: 'Report', exact: true }).press('Enter');
    const row = page
      .getByRole('table', { name: 'Projects report' })
      .getByRole('row', { name: new RegExp(project.number) });
    await row.waitFor();
    expect((await row.getByRole('cell').allInnerTexts()).slice(4)).toEqual([
      '1',
      '1',
      '0',
      '100 %',
      '1.75',
      '0',
    ]);
  });

  it('shows a late project’s overdue task in red on the timeline', async () => {
    const [late] = await queryRows<{ id: number }>(
      db(),
      sql`select id::int from pm_projects where name = 'New 60 ml bottle launch'`,
    );
    await page.goto(url(`/projects/tasks/${late!.id}`));
    await page.getByRole('gridcell', { name: 'Label supplier trial' }).first().waitFor();
    await saveScreenshot(page, 'journey-projects-tasks-late');
    await page.getByRole('tab', { name: 'Timeline' }).click();
    const overdue = page.getByRole('button', { name: /^Label supplier trial:.*overdue$/ });
    await overdue.waitFor();
    expect(await overdue.getAttribute('data-overdue')).toBe('true');
    await page.getByTestId('today-line').waitFor({ state: 'attached' });
    await saveScreenshot(page, 'journey-projects-timeline-late');
  });
});
