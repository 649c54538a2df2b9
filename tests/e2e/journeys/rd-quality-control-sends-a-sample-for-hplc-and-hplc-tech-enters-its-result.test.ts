import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/db/query-rows.ts';
import { tokenFor } from '../../support/api-client.ts';
import { journey, openFromList } from '../../support/e2e-journey.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { entityClient, type Row } from '../../support/entity-crud.ts';

// Journey (R&D, docs/journeys.md): quality control sends a prepared sample and,
// in the send confirmation, asks for its HPLC test (by mouse); the hplc_tech finds the
// request in the lab's queue under the sample's SM- number and enters the result from the
// keyboard; the sample's page then shows the result and its % of claim, and the R&D samples
// report its result and the pass rate of its category. The sample was
// requested, developed and specified (nicotine 3 mg/ml, freebase category) through the API.

const rd = journey('journey-rd-hplc', 180_000);
const db = () => rd.suite.server.server.database.db;
const url = (page: Page, path: string) => new URL(path, page.url()).href;

async function rowOf<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db(), query);
  return row!;
}

/** `user` sends the request; the journey cannot go on without it. */
async function as(user: string, method: string, path: string, body?: object): Promise<Row> {
  const base = rd.suite.server.url;
  const reply = await entityClient(base, await tokenFor(base, user)).send<Row>(method, path, body);
  if (reply.httpStatus >= 300) throw new Error(`${user} ${method} ${path}: ${reply.message}`);
  return reply.data;
}

const event = (user: string, api: string, doc: Row, name: string) =>
  as(user, 'POST', `${api}/${doc.id}/events/${name}`, { version: doc.version });

/** A prepared sample whose specifications name the freebase HPLC category. */
async function preparedSample(): Promise<Row> {
  const draft = await as('rd_requester', 'POST', '/api/rd/projects', {
    title: `HPLC journey ${Date.now() % 100000}`,
  });
  const submitted = await event('rd_requester', '/api/rd/projects', draft, 'submit');
  const project = await event('rd_supervisor', '/api/rd/projects', submitted, 'approve');
  let s = await as('rd_supervisor', 'POST', '/api/rd/samples', {
    rd_project_id: project.id,
    batch_size_ml: 100,
  });
  s = await event('rd_flavorist', '/api/rd/samples', s, 'start_develop');
  const flavour = await rowOf<{ id: number }>(
    sql`select id::int from products where type = 'flavour_concentrate' and status = 'active' order by id limit 1`,
  );
  const carrier = await rowOf<{ id: number }>(
    sql`select id::int from products where type = 'carrier' and status = 'active' order by id limit 1`,
  );
  s = await as('rd_flavorist', 'PUT', `/api/rd/samples/${s.id}/ingredients`, {
    version: s.version,
    ingredients: [
      { product_id: flavour.id, pct: 7 },
      { product_id: carrier.id, is_fill: true },
    ],
  });
  s = await event('rd_flavorist', '/api/rd/samples', s, 'prepare');
  const category = await rowOf<{ id: number }>(
    sql`select id::int from hplc_categories where code = 'freebase'`,
  );
  return as('rd_quality_control', 'PUT', `/api/rd/samples/${s.id}/specifications`, {
    version: s.version,
    nicotine_mg: 3,
    nicotine_type: 'freebase',
    vg_pct: 70,
    pg_pct: 30,
    density_g_ml: 1.19,
    flashpoint_c: 101.5,
    shelf_life_days: 365,
    hplc_category_id: category.id,
  });
}

describe('rd_quality_control sends a sample for HPLC and the hplc_tech enters its result', () => {
  let sample: Row;
  beforeAll(async () => {
    sample = await preparedSample();
  }, 60_000);

  it('is sent with HPLC asked for, tested by the lab and shows its result', async () => {
    // Quality control sends it, ticking Request HPLC in the confirmation (by mouse).
    const qc = await rd.signedIn('rd_quality_control', `/rd/sample/specifications/${sample.id}`);
    const bar = qc.getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = qc.getByRole('dialog');
    await dialog.getByRole('switch', { name: 'Request HPLC' }).click();
    await expect(dialog.getByRole('switch', { name: 'Request HPLC' }).isChecked()).resolves.toBe(
      true,
    );
    await saveScreenshot(qc, 'journey-rd-hplc-send-confirm');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await bar.getByText(/^Sent$/).waitFor();
    const fact = qc.getByTestId('rd-sample-hplc');
    await fact.getByText(/^Requested$/).waitFor();
    await saveScreenshot(qc, 'journey-rd-hplc-sample-requested');
    const request = await rowOf<{ id: number; number: string; reason: string }>(
      sql`select id::int, number, reason from hplc_requests where rd_sample_id = ${sample.id}`,
    );
    expect(request.reason).toBe('rd');
    await fact.getByText(request.number, { exact: true }).waitFor();

    // The lab finds it under the sample's number and enters the result from the keyboard.
    const lab = await rd.loggedIn('hplc_tech');
    await lab.goto(url(lab, '/production/hplc-requests'));
    await lab.getByRole('gridcell', { name: String(sample.number), exact: true }).waitFor();
    await saveScreenshot(lab, 'journey-rd-hplc-queue');
    const drawer = await openFromList(
      lab,
      '/production/hplc-requests',
      request.number,
      'HPLC request',
    );
    await drawer.getByText(String(sample.number), { exact: true }).waitFor();
    await drawer.getByLabel('Measured nicotine (mg/ml)').and(lab.locator(':focus')).waitFor();
    await lab.keyboard.type('3.05');
    await lab.keyboard.press('Tab');
    await lab.keyboard.type('3.04, 3.06');
    await lab.keyboard.press('Tab');
    await lab.keyboard.press('Tab');
    await lab.keyboard.press('Enter');
    await drawer.getByTestId('hplc-verdict').getByText('Passed', { exact: true }).waitFor();
    await saveScreenshot(lab, 'journey-rd-hplc-result-entered');

    // The sample's page shows the result; nothing else of the sample moved.
    await qc.reload();
    await fact.getByText(/^Passed$/).waitFor();
    await fact.getByText(/101\.7 % of claim/).waitFor();
    await bar.getByText(/^Sent$/).waitFor();
    await saveScreenshot(qc, 'journey-rd-hplc-sample-passed');

    // The R&D samples report, which the lab reads too, shows the result and the pass rate.
    await lab.goto(url(lab, '/rd/reports/samples'));
    const row = lab
      .getByRole('table', { name: 'Lab results' })
      .getByRole('row')
      .filter({ hasText: String(sample.number) });
    await row.getByText('101.7 %').waitFor();
    await row.getByText(request.number).waitFor();
    await lab
      .getByTestId('rd-hplc-pass-rate')
      .getByText(/^Freebase nicotine: \d+ of \d+ passed/)
      .waitFor();
    await saveScreenshot(lab, 'journey-rd-hplc-report');
  });
});
