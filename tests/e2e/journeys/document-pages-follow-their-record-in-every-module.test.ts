import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ASSEMBLY_FLOWS } from '../../../modules/assembly/shared/entities/assembly-config.entities.ts';
import {
  ASSEMBLY_DASHBOARD_ORDERS,
  ASSEMBLY_ORDERS,
} from '../../../modules/assembly/shared/entities/assembly-orders.entity.ts';
import { FORECAST_ALLOCATIONS } from '../../../modules/forecast/shared/entities/forecast-allocations.entity.ts';
import { FORECAST_PERIODS } from '../../../modules/forecast/shared/entities/forecast-periods.entity.ts';
import { LAB_RECEIVINGS } from '../../../modules/lab/shared/entities/lab-receivings.entity.ts';
import { PM_TASKS } from '../../../modules/projects/shared/entities/pm-tasks.entity.ts';
import { TRAINING_DOCUMENTS } from '../../../modules/training/shared/entities/training-documents.entity.ts';
import { formatInteger } from '../../../src/domain/formats/number.format.ts';
import { statusLabel } from '../../../src/domain/status-tags.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import { tokenFor } from '../../support/api-client.ts';
import {
  entityClient,
  type EntityApiClient,
  type List,
  type Row,
} from '../../support/entity-crud.ts';
import { DESK, journey } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';

// Journey (Lab Receiving, Assembly, Forecast, Training, Projects): a document page open on one
// desk follows what another person does to its record through the API, without a reload, as
// purchase and sales pages do (purchase-and-sale-watch-their-open-orders-…). In each module a
// role keeps the page open while another role moves the record on, and the page shows it; with
// values typed and unsaved, the page keeps them, says what changed and who changed it, and the
// step taken on the version read before then says the same instead of a bare refusal.

const j = journey('journey-live-documents', 180_000);
const db = () => j.suite.server.server.database.db;
const clients: Record<string, EntityApiClient> = {};
const pages: Record<string, Page> = {};

/** The API as `role` (another desk than the page's). */
async function api(role: string): Promise<EntityApiClient> {
  const url = j.suite.server.url;
  clients[role] ??= entityClient(url, await tokenFor(url, role));
  return clients[role];
}

async function page(role: string): Promise<Page> {
  pages[role] ??= await j.loggedIn(role, DESK);
  return pages[role];
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db(), query);
  return row!;
}

/** Sends `event` on the record as its server reads now, by `role`; the record it became. */
async function step(role: string, apiPath: string, id: number, event: string, extra = {}) {
  const client = await api(role);
  const { version } = (await client.get<Row>(`${apiPath}/${id}`)).data;
  const reply = await client.send<Row>('POST', `${apiPath}/${id}/events/${event}`, {
    version,
    ...extra,
  });
  expect(reply.httpStatus, `${event}: ${JSON.stringify(reply.data)}`).toBe(200);
  return reply.data;
}

/** Saves `change` on the record as its server reads now, by `role`. */
async function change(role: string, apiPath: string, id: number, fields: object) {
  const client = await api(role);
  const { version } = (await client.get<Row>(`${apiPath}/${id}`)).data;
  const reply = await client.send<Row>('PUT', `${apiPath}/${id}`, { ...fields, version });
  expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
  return reply.data;
}

/** The record's own view (the shell keeps views of other addresses alive). */
async function openRecord(on: Page, path: string): Promise<Locator> {
  await on.goto(`${j.suite.server.url}${path}`);
  const view = on.locator(`[data-view-path="${path}"]`);
  await view.getByRole('group', { name: 'Document actions' }).waitFor();
  return view;
}

/** Opens a list's row by double-clicking its cell; the drawer or modal it opens. */
async function openRow(on: Page, path: string, cell: string, dialog: RegExp): Promise<Locator> {
  await on.goto(`${j.suite.server.url}${path}`);
  const view = on.locator(`[data-view-path="${path}"]`);
  await view.getByRole('gridcell', { name: cell, exact: true }).first().dblclick();
  const opened = on.getByRole('dialog', { name: dialog });
  await opened.waitFor();
  return opened;
}

/** The status the bar of `within` shows, as every list shows it. */
async function shownStatus(within: Locator): Promise<string> {
  const bar = within.getByRole('group', { name: 'Document actions' }).first();
  return (await bar.locator('[data-tag-type]').first().innerText()).trim().toLowerCase();
}

/** The notice of a newer version held back, named by its title ("Changed meanwhile by …"). */
const CHANGED_MEANWHILE = /^Changed meanwhile by /;

/** Waits for the held version's notice and returns what it says changed. */
async function heldChange(within: Locator): Promise<string> {
  const notice = within.getByRole('status', { name: CHANGED_MEANWHILE });
  await notice.waitFor();
  return notice.getByRole('list', { name: 'What changed' }).innerText();
}

/**
 * Keeps editing, then presses the bar's `name` (confirming it when it asks): the step goes on
 * the version read before the change, and the "Record changed" dialog says what changed.
 */
async function staleStep(on: Page, within: Locator, name: string): Promise<string> {
  await within
    .getByRole('status', { name: CHANGED_MEANWHILE })
    .getByRole('button', { name: 'Keep editing', exact: true })
    .click();
  await within
    .getByRole('group', { name: 'Document actions' })
    .getByRole('button', { name, exact: true })
    .click();
  const stale = on.getByRole('dialog', { name: 'Record changed' });
  const asked = on.getByRole('dialog', { name: new RegExp(`^${name}\\b`) });
  await stale.or(asked).first().waitFor();
  if (!(await stale.isVisible())) await asked.getByRole('button', { name, exact: true }).click();
  const list = stale.getByRole('list', { name: 'What changed' });
  await list.waitFor();
  return list.innerText();
}

/**
 * Reloads from the "Record changed" dialog: it closes, the held notice kept over is not
 * offered again, and the form reads the newer version with `typed` (a label and its value)
 * still in it.
 */
async function reloadStale(
  on: Page,
  within: Locator,
  typed: [string, string],
  screenshot: string,
): Promise<void> {
  const stale = on.getByRole('dialog', { name: 'Record changed' });
  await stale.getByRole('button', { name: 'Reload', exact: true }).click();
  await stale.waitFor({ state: 'hidden' });
  await expect(within.getByRole('status', { name: CHANGED_MEANWHILE }).count()).resolves.toBe(0);
  const [label, value] = typed;
  expect(await within.getByRole('textbox', { name: label, exact: true }).inputValue()).toBe(value);
  await saveScreenshot(on, screenshot);
}

const labelOf = (entity: { fields: readonly { name: string; label: string }[] }, name: string) =>
  entity.fields.find((f) => f.name === name)!.label;

describe('document pages follow their record in every module', () => {
  it('lab receiving: the warehouse sees the supervisor inspect, and a stale Receive says what changed', async () => {
    const ids = await one<{ supplier: number; lab: number; pg: number }>(
      sql`select (select id::int from suppliers where code = 'SUP-GLYC') as supplier,
                 (select id::int from locations where code = 'LAB') as lab,
                 (select id::int from products where sku = 'RM-PG-USP') as pg`,
    );
    const stamp = Date.now().toString(36).toUpperCase();
    const draft = async (lot: string) => {
      const reply = await (
        await api('warehouse')
      ).send<Row>('POST', LAB_RECEIVINGS.api, {
        supplier_id: ids.supplier,
        location_id: ids.lab,
        received_at: '2026-11-20',
        carrier: 'Day & Ross',
        lines: [
          {
            product_id: ids.pg,
            supplier_lot_no: lot,
            qty: 1000,
            container_count: 1,
            flashpoint_c: 99,
          },
        ],
      });
      expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
      return reply.data;
    };
    const warehouse = await page('warehouse');

    // Received, open on the warehouse's desk: the supervisor inspects it on theirs.
    const received = await draft(`PG-W-${stamp}`);
    await step('warehouse', LAB_RECEIVINGS.api, received.id, 'receive');
    const watched = await openRecord(warehouse, `/lab/receiving/${received.id}`);
    expect(await shownStatus(watched)).toBe('received');
    await step('supervisor', LAB_RECEIVINGS.api, received.id, 'inspect');
    await expect.poll(() => shownStatus(watched)).toBe('inspected');
    await saveScreenshot(warehouse, 'journey-live-documents-lab-inspected');

    // A draft with a carrier typed: the admin corrects it meanwhile.
    const open = await draft(`PG-S-${stamp}`);
    const typing = await openRecord(warehouse, `/lab/receiving/${open.id}`);
    await typing.getByRole('textbox', { name: 'Carrier', exact: true }).fill('Purolator');
    await change('admin', LAB_RECEIVINGS.api, open.id, { carrier: 'Day & Ross Freight' });
    expect(await heldChange(typing)).toContain('Carrier: Day & Ross → Day & Ross Freight');
    expect(await typing.getByRole('textbox', { name: 'Carrier', exact: true }).inputValue()).toBe(
      'Purolator',
    );
    expect(await staleStep(warehouse, typing, 'Receive')).toContain(
      'Carrier: Day & Ross → Day & Ross Freight',
    );
    await saveScreenshot(warehouse, 'journey-live-documents-lab-stale');
    await reloadStale(
      warehouse,
      typing,
      ['Carrier', 'Purolator'],
      'journey-live-documents-lab-reloaded',
    );
  });

  it('assembly: admin sees the sealer start an order, and a stale Release says what changed', async () => {
    const kit = await one<{ id: number; jurisdiction: number }>(
      sql`select id::int as id, stamp_jurisdiction_id::int as jurisdiction from products
           where sku = 'KIT-MANGO-DUO'`,
    );
    const admin = await api('admin');
    const flow = (await admin.get<List>(ASSEMBLY_FLOWS.api)).data.rows[0]!;
    const planned = () =>
      admin.create(ASSEMBLY_ORDERS, {
        product_id: kit.id,
        flow_id: flow.id,
        planned_units: 2,
        due_date: '2026-12-18',
        stamp_jurisdiction_id: kit.jurisdiction,
      });
    const desk = await page('admin');
    const drawer = /assembly order/i;

    const released = await planned();
    await step('admin', ASSEMBLY_ORDERS.api, released.id, 'release');
    const watched = await openRow(
      desk,
      '/assembly/assembly-orders',
      String(released.number),
      drawer,
    );
    expect(await shownStatus(watched)).toBe('released');
    const started = await step(
      'sealer',
      ASSEMBLY_DASHBOARD_ORDERS.api,
      released.id,
      'start_sealing',
    );
    await expect
      .poll(() => shownStatus(watched))
      .toBe(statusLabel(String(started.status)).toLowerCase());
    await saveScreenshot(desk, 'journey-live-documents-assembly-started');
    await desk.keyboard.press('Escape');
    await watched.waitFor({ state: 'hidden' });

    // A draft with a note typed: its planned units change meanwhile on another desk.
    const draft = await planned();
    const typing = await openRow(desk, '/assembly/assembly-orders', String(draft.number), drawer);
    await typing.getByRole('textbox', { name: 'Note', exact: true }).fill('Rush for the fair');
    await change('admin', ASSEMBLY_ORDERS.api, draft.id, { planned_units: 3 });
    const units = `${labelOf(ASSEMBLY_ORDERS, 'planned_units')}: 2 → 3`;
    expect(await heldChange(typing)).toContain(units);
    expect(await staleStep(desk, typing, 'Release')).toContain(units);
    await saveScreenshot(desk, 'journey-live-documents-assembly-stale');
    await reloadStale(
      desk,
      typing,
      ['Note', 'Rush for the fair'],
      'journey-live-documents-assembly-reloaded',
    );
  });

  it('forecast: the plan follows a changed forecast, and a stale save of an allocation says what changed', async () => {
    const period = await one<{ id: number }>(
      sql`select id::int from forecast_periods where status = 'open' order by start_date limit 1`,
    );
    const allocation = await one<{ id: number; sku: string; forecast: number; fallback: number }>(
      sql`select a.id::int, p.sku, a.forecast_units::int as forecast,
                 a.default_units::int as fallback
            from forecast_allocations a join products p on p.id = a.product_id
           where a.forecast_period_id = ${period.id} order by p.sku, a.id limit 1`,
    );
    const total = async () =>
      (
        await one<{ total: number }>(
          sql`select sum(forecast_units)::int as total from forecast_allocations
               where forecast_period_id = ${period.id}`,
        )
      ).total;
    const manager = await page('manager');

    // The plan open on the manager's desk; admin raises one forecast on theirs.
    const plan = `/forecast/forecast-allocation-plan`;
    await manager.goto(`${j.suite.server.url}${plan}?period=${period.id}`);
    const summary = manager
      .locator(`[data-view-path="${plan}"]`)
      .getByText(/^Forecast units per product and distribution centre:/);
    await expect.poll(() => summary.innerText()).toContain(`${formatInteger(await total())} units`);
    const raised = allocation.forecast + 120;
    await change('admin', FORECAST_ALLOCATIONS.api, allocation.id, {
      forecast_units: raised,
      override_reason: 'Trade show order',
    });
    const after = formatInteger(await total());
    await expect.poll(() => summary.innerText()).toContain(`${after} units`);
    await saveScreenshot(manager, 'journey-live-documents-forecast-plan');

    // The allocation open with a forecast typed: admin changes it again meanwhile.
    const list = `/forecast/forecast-allocations/${period.id}`;
    const typing = await openRow(manager, list, allocation.sku, /^Forecast of /);
    expect(await typing.getByRole('heading').first().innerText()).toContain(allocation.sku);
    await typing.getByRole('textbox', { name: 'Forecast units', exact: true }).fill('5000');
    await typing.getByRole('textbox', { name: 'Override reason', exact: true }).fill('New chain');
    await change('admin', FORECAST_ALLOCATIONS.api, allocation.id, {
      forecast_units: raised + 30,
      override_reason: 'Trade show order',
    });
    const forecast = `Forecast units: ${formatInteger(raised)} → ${formatInteger(raised + 30)}`;
    expect(await heldChange(typing)).toContain(forecast);
    await saveScreenshot(manager, 'journey-live-documents-forecast-held');
    expect(
      await typing.getByRole('textbox', { name: 'Forecast units', exact: true }).inputValue(),
    ).toBe('5,000');
    await typing
      .getByRole('status', { name: CHANGED_MEANWHILE })
      .getByRole('button', { name: 'Keep editing', exact: true })
      .click();
    await typing.getByRole('button', { name: 'Save', exact: true }).click();
    const stale = manager.getByRole('dialog', { name: 'Record changed' });
    await stale.getByRole('list', { name: 'What changed' }).waitFor();
    expect(await stale.innerText()).toContain(forecast);
    await saveScreenshot(manager, 'journey-live-documents-forecast-stale');
    // Reload takes the admin's version with the typed forecast on top; saving it now holds.
    await stale.getByRole('button', { name: 'Reload', exact: true }).click();
    await stale.waitFor({ state: 'hidden' });
    await typing.getByRole('button', { name: 'Save', exact: true }).click();
    await typing.waitFor({ state: 'hidden' });
    await expect
      .poll(
        async () =>
          (
            await one<{ f: number }>(
              sql`select forecast_units::int as f from forecast_allocations where id = ${allocation.id}`,
            )
          ).f,
      )
      .toBe(5000);
    expect(allocation.fallback).not.toBe(5000);

    // The period's plan open on the manager's desk: admin accepts it and locks the period.
    const plans = `/forecast/forecast-production-plans/${period.id}`;
    const watched = await openRecord(manager, plans);
    expect(await shownStatus(watched)).toBe('open');
    const admin = await api('admin');
    const { version } = (await admin.get<Row>(`${FORECAST_PERIODS.api}/${period.id}`)).data;
    const accepted = await admin.send('POST', `${FORECAST_PERIODS.api}/${period.id}/plan/accept`, {
      version,
    });
    expect(accepted.httpStatus, JSON.stringify(accepted.data)).toBe(200);
    await step('admin', FORECAST_PERIODS.api, period.id, 'lock');
    await expect.poll(() => shownStatus(watched)).toBe('locked');
    // The bar offers what is left to do on the period as it now is.
    await watched.getByRole('button', { name: 'Create orders', exact: true }).waitFor();
    await saveScreenshot(manager, 'journey-live-documents-forecast-locked');
  });

  it('training: QA sees a document approved, and a stale Approve says what changed', async () => {
    const category = await one<{ id: number }>(
      sql`select id::int from training_categories order by id limit 1`,
    );
    const stamp = Date.now().toString(36).toUpperCase();
    const written = (code: string, title: string) =>
      api('training_supervisor').then((c) =>
        c.create(TRAINING_DOCUMENTS, { code, revision: 1, title, category_id: category.id }),
      );
    const qa = await page('qa_manager');
    const list = '/training/training-documents';
    const drawer = /training document/i;

    const approved = await written(`SOP-W-${stamp}`, 'Gowning in the filling room');
    const watched = await openRow(qa, list, String(approved.code), drawer);
    expect(await shownStatus(watched)).toBe('draft');
    await step('training_supervisor', TRAINING_DOCUMENTS.api, approved.id, 'approve');
    await expect.poll(() => shownStatus(watched)).toBe('approved');
    await saveScreenshot(qa, 'journey-live-documents-training-approved');
    await qa.keyboard.press('Escape');
    await watched.waitFor({ state: 'hidden' });

    const draft = await written(`SOP-S-${stamp}`, 'Cleaning the mixer');
    const typing = await openRow(qa, list, String(draft.code), drawer);
    await typing.getByRole('textbox', { name: 'Review due', exact: true }).fill('12/01/2027');
    await change('training_supervisor', TRAINING_DOCUMENTS.api, draft.id, {
      title: 'Cleaning the mixer and its lid',
    });
    const title = 'Title: Cleaning the mixer → Cleaning the mixer and its lid';
    expect(await heldChange(typing)).toContain(title);
    expect(await staleStep(qa, typing, 'Approve')).toContain(title);
    await saveScreenshot(qa, 'journey-live-documents-training-stale');
    await reloadStale(
      qa,
      typing,
      ['Review due', '12/01/2027'],
      'journey-live-documents-training-reloaded',
    );
  });

  it('projects: the manager sees the director block a task, and a stale Start says what changed', async () => {
    const project = await one<{ id: number }>(
      sql`select id::int from pm_projects where status = 'active' order by id limit 1`,
    );
    const stamp = Date.now().toString(36).toUpperCase();
    const task = (title: string) =>
      api('director').then((c) =>
        c.create(PM_TASKS, {
          project_id: project.id,
          title,
          start_date: '2026-11-02',
          due_date: '2026-12-18',
        }),
      );
    const manager = await page('manager');

    const blocked = await task(`Order the labels ${stamp}`);
    await step('director', PM_TASKS.api, blocked.id, 'start');
    const watched = await openRecord(manager, `/projects/tasks/items/${blocked.id}`);
    expect(await shownStatus(watched)).toBe('in progress');
    await step('director', PM_TASKS.api, blocked.id, 'block');
    await expect.poll(() => shownStatus(watched)).toBe('blocked');
    await saveScreenshot(manager, 'journey-live-documents-projects-blocked');

    const title = `Book the printer ${stamp}`;
    const draft = await task(title);
    const typing = await openRow(manager, `/projects/tasks/${project.id}`, title, /task/i);
    await typing.getByRole('textbox', { name: 'Due', exact: true }).fill('12/20/2026');
    await change('director', PM_TASKS.api, draft.id, { title: `${title} for March` });
    const changed = `Title: ${title} → ${title} for March`;
    expect(await heldChange(typing)).toContain(changed);
    expect(await staleStep(manager, typing, 'Start')).toContain(changed);
    await saveScreenshot(manager, 'journey-live-documents-projects-stale');
    await reloadStale(
      manager,
      typing,
      ['Due', '12/20/2026'],
      'journey-live-documents-projects-reloaded',
    );
  });
});
