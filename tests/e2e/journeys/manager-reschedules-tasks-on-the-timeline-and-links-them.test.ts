import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PM_PROJECTS } from '../../../modules/projects/shared/entities/pm-projects.entity.ts';
import { PM_TASKS } from '../../../modules/projects/shared/entities/pm-tasks.entity.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import { tokenFor } from '../../support/api-client.ts';
import { entityClient } from '../../support/entity-crud.ts';
import { journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';

// Journey (Project Management, docs/domain/projects.md §9): the manager opens a project's
// timeline, reads the dates on its axis and bars, reschedules a task by dragging its bar and its
// end, makes one task wait for another (the arrow is drawn), and is told why a dependency that
// would start a task before its predecessor is due is refused. Once by mouse, once by keyboard
// (←/→ a day, Shift+→ longer, Escape drops a move, Enter saves), each on a project of its own.

const pm = journey('journey-gantt', 180_000);
let page: Page;

const db = () => pm.suite.server.server.database.db;
const iso = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
const day = (n: number) => iso(dayjs().add(n, 'day'));
const shown = (n: number) => dayjs().add(n, 'day').format('MM/DD/YYYY');

// The project the running test made: a retry makes another, so it never reads the first try's tasks.
let currentProject = 0;

async function dates(title: string) {
  const [row] = await queryRows<{ start: string; due: string; deps: string[] }>(
    db(),
    sql`select to_char(t.start_date, 'YYYY-MM-DD') as start, to_char(t.due_date, 'YYYY-MM-DD') as due,
          coalesce((select array_agg(p.title order by p.title) from pm_task_dependencies d
            join pm_tasks p on p.id = d.predecessor_id where d.task_id = t.id), '{}') as deps
        from pm_tasks t where t.project_id = ${currentProject} and t.title = ${title}`,
  );
  return row!;
}

/** A started project with three tasks: Survey (days 0–4), Pour (5–9), Paint (12–14). */
async function projectWithTasks(suffix: string): Promise<number> {
  const client = entityClient(pm.suite.server.url, await tokenFor(pm.suite.server.url, 'manager'));
  const [owner] = await queryRows<{ id: number }>(
    db(),
    sql`select id::int from users where username = 'manager'`,
  );
  const project = await client.create(PM_PROJECTS, {
    name: `Warehouse slab (${suffix})`,
    owner_id: owner!.id,
    start_date: day(0),
    due_date: day(40),
  });
  const tasks: [string, number, number][] = [
    ['Survey', 0, 4],
    ['Pour', 5, 9],
    ['Paint', 12, 14],
  ];
  for (const [title, start, due] of tasks) {
    await client.create(PM_TASKS, {
      project_id: project.id,
      title: `${title} ${suffix}`,
      start_date: day(start),
      due_date: day(due),
    });
  }
  currentProject = project.id;
  return project.id;
}

const bar = (title: string) => page.locator('[role=button][data-task-id]', { hasText: title });

async function openTimeline(projectId: number) {
  await page.goto(`${pm.suite.server.url}/projects/tasks/${projectId}`);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.getByRole('group', { name: 'Task timeline' }).waitFor();
}

/** Drags from the middle of `target` by `days` days of the bar it belongs to. */
async function drag(
  title: string,
  part: 'gantt-bar' | 'gantt-bar-end',
  days: number,
  span: number,
) {
  const box = (await bar(title).getByTestId('gantt-bar').boundingBox())!;
  const perDay = box.width / span;
  const handle = (await bar(title).getByTestId(part).boundingBox())!;
  const x = handle.x + handle.width / 2;
  const y = handle.y + handle.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + (perDay * days) / 2, y, { steps: 4 });
  await page.mouse.move(x + perDay * days, y, { steps: 4 });
  await page.mouse.up();
}

beforeAll(async () => {
  page = await pm.signedIn('manager', '/list-projects');
});

describe('manager reschedules tasks on the timeline and links them', () => {
  it('by mouse', async () => {
    const projectId = await projectWithTasks('M');
    await openTimeline(projectId);
    // Dates on the axis, on each bar, and today's line dated.
    expect(await page.getByTestId('axis-day').count()).toBeGreaterThan(3);
    await expect
      .poll(() => bar('Pour M').getByTestId('bar-dates').textContent())
      .toBe(`${dayjs().add(5, 'day').format('MM/DD')} – ${dayjs().add(9, 'day').format('MM/DD')}`);
    expect(await page.getByTestId('today-line').textContent()).toBe(`Today ${shown(0)}`);
    await saveScreenshot(page, 'journey-gantt-timeline');

    // Pour moves two days later, then its due day one more.
    await drag('Pour M', 'gantt-bar', 2, 5);
    await expect.poll(() => dates('Pour M')).toMatchObject({ start: day(7), due: day(11) });
    await expect
      .poll(() => bar('Pour M').getAttribute('aria-label'))
      .toContain(`${shown(7)} to ${shown(11)}`);
    await drag('Pour M', 'gantt-bar-end', 1, 5);
    await expect.poll(() => dates('Pour M')).toMatchObject({ start: day(7), due: day(12) });
    await saveScreenshot(page, 'journey-gantt-dragged');

    // Paint waits for Pour: listed, and drawn as an arrow.
    await page.getByRole('combobox', { name: 'Task', exact: true }).click();
    await page.getByRole('option', { name: 'Paint M', exact: true }).click();
    await page.getByRole('combobox', { name: 'Waits for', exact: true }).click();
    await page.getByRole('option', { name: 'Pour M', exact: true }).click();
    await page.getByRole('button', { name: 'Add dependency' }).click();
    await expect.poll(async () => (await dates('Paint M')).deps).toEqual(['Pour M']);
    await page.getByText('Paint M waits for Pour M').waitFor();
    await expect.poll(() => page.getByTestId('dependency-arrow').count()).toBe(1);

    // Survey cannot wait for Paint: it would start before Paint is due. Told, nothing written.
    await page.getByRole('combobox', { name: 'Task', exact: true }).click();
    await page.getByRole('option', { name: 'Survey M', exact: true }).click();
    await page.getByRole('combobox', { name: 'Waits for', exact: true }).click();
    await page.getByRole('option', { name: 'Paint M', exact: true }).click();
    await page.getByRole('button', { name: 'Add dependency' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Not saved' });
    await refusal.getByText(`Cannot start before "Paint M" is due on ${shown(14)}`).waitFor();
    expect((await dates('Survey M')).deps).toEqual([]);
    await saveScreenshot(page, 'journey-gantt-dependency-refused');

    // Dragging Pour past Paint's start is refused too, and the bar goes back.
    await drag('Pour M', 'gantt-bar-end', 3, 6);
    await refusal.getByText(/"Paint M" waits for this task and starts on/).waitFor();
    expect(await dates('Pour M')).toMatchObject({ start: day(7), due: day(12) });
    await expect
      .poll(() => bar('Pour M').getAttribute('aria-label'))
      .toContain(`${shown(7)} to ${shown(12)}`);
  });

  it('by keyboard', async () => {
    const projectId = await projectWithTasks('K');
    await openTimeline(projectId);
    await bar('Pour K').focus();
    // Two days later, then dropped with Escape: nothing saved.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page
      .getByTestId('timeline-status')
      .getByText(`Pour K: ${shown(7)} to ${shown(11)}, not saved yet`)
      .waitFor();
    await saveScreenshot(page, 'journey-gantt-keyboard-pending');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('timeline-status').textContent()).toBe('');
    expect(await dates('Pour K')).toMatchObject({ start: day(5), due: day(9) });

    // One day later and one day longer, saved with Enter.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => dates('Pour K')).toMatchObject({ start: day(6), due: day(11) });
    await expect
      .poll(() => bar('Pour K').getAttribute('aria-label'))
      .toContain(`${shown(6)} to ${shown(11)}`);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Paint waits for Pour, chosen and added with the keys.
    // As a person does, each key waits for what the last one showed: the filtered list before
    // ↓, the chosen task before Tab, the enabled button before Enter.
    const choose = async (box: string, title: string) => {
      const combobox = page.getByRole('combobox', { name: box, exact: true });
      await expect.poll(() => combobox.isEnabled()).toBe(true);
      await combobox.focus();
      await page.keyboard.type(title);
      await page.getByRole('option', { name: title, exact: true }).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => combobox.inputValue()).toBe(title);
    };
    await choose('Task', 'Paint K');
    await choose('Waits for', 'Pour K');
    const add = page.getByRole('button', { name: 'Add dependency' });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => add.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await dates('Paint K')).deps).toEqual(['Pour K']);
    await expect.poll(() => page.getByTestId('dependency-arrow').count()).toBe(1);
    await saveScreenshot(page, 'journey-gantt-keyboard-linked');

    // Enter on a bar with no move opens the task.
    await bar('Paint K').focus();
    await page.keyboard.press('Enter');
    const title = page.getByRole('dialog').getByRole('textbox', { name: 'Title', exact: true });
    await expect.poll(() => title.inputValue()).toBe('Paint K');
  });
});
