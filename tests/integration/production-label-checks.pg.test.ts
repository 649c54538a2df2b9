import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HPLC_REQUESTS } from '../../src/domain/entities/production/hplc-requests.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { LABEL_CHECKS } from '../../src/domain/entities/production/production-reports.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import type { List, Row } from '../support/entity-crud.ts';
import { startPlant, type Plant, type PlantOrder } from '../support/production-plant.ts';
import { backends } from '../support/test-server.ts';

// Label checks (docs/domain/production.md §3.2) through HTTP on the demo plant: the server
// judges the scanned UPC and lot itself, so a label that does not match is recorded as failed
// whatever the client says; a person may fail a matching label only with a reason; only the
// Label check roles of docs/product.md §6 record one, and a refused call records nothing. Labeling
// finishes only after the last check passed.

type Check = Row & {
  result: string;
  reason: string | null;
  expected_code: string;
  expected_lot: string;
};
type LabelingOrder = Row & {
  number: string;
  expected_code: string;
  expected_lot: string;
  last_label_check: string | null;
};

const LABEL_CHECK_ROLES = [
  'supervisor_production',
  'bottler',
  'labeler',
  'stamper',
  'transfer',
  'shipping',
];
const OUTSIDERS = ['batcher', 'planning', 'hplc_tech', 'qa_manager', 'production_reports'];
const URL = '/api/production/label-checks';

describe.each(backends())('label checks on %s', (backend) => {
  let plant: Plant;
  let mo: PlantOrder;

  const checksOf = async (id: number) =>
    queryRows<{ result: string; reason: string | null; created_by: number }>(
      plant.db(),
      sql`select result, reason, created_by::int as created_by from label_checks
           where production_order_id = ${id} order by id`,
    );
  const scan = (who: string, body: Record<string, unknown>) =>
    plant.as[who]!.send<Check>('POST', URL, { production_order_id: mo.id, ...body });
  const finishLabeling = async () =>
    plant.as.labeler!.send<PlantOrder>(
      'POST',
      `${PRODUCTION_ORDERS.api}/${mo.id}/events/finish_labeling`,
      { version: (await plant.order(mo.id)).version, labeled_units: 40, label_waste_units: 0 },
    );

  beforeAll(async () => {
    plant = await startPlant(backend, [...LABEL_CHECK_ROLES, ...OUTSIDERS]);
    const released = await plant.planned(40);
    await plant.as.batcher!.send('POST', `${PRODUCTION_ORDERS.api}/${released.id}/picks`, {
      version: (await plant.order(released.id)).version,
    });
    await plant.step('batcher', released.id, 'start_batching');
    await plant.step('batcher', released.id, 'finish_batching', { actual_batch_ml: 1300 });
    const [sample] = await plant.labRequests('production_order_number', released.number);
    const lab = await plant.as.hplc_tech!.send(
      'POST',
      `${HPLC_REQUESTS.api}/${sample!.id}/result`,
      { measured_mg: 6 },
    );
    expect(lab.httpStatus).toBe(200);
    await plant.step('bottler', released.id, 'start_bottling');
    mo = await plant.step('bottler', released.id, 'finish_bottling', {
      bottled_units: 40,
      bottling_waste_units: 0,
    });
    expect(mo.stage).toBe('labeling');
  }, 180_000);
  afterAll(async () => plant?.t.close());

  it('lists the orders in labeling with the UPC and lot their labels must carry', async () => {
    const reply = await plant.as.labeler!.get<{ rows: LabelingOrder[] }>(`${URL}/orders`);
    expect(reply.httpStatus).toBe(200);
    const row = reply.data.rows.find((r) => r.id === mo.id);
    expect(row).toMatchObject({
      number: mo.number,
      expected_code: plant.product.upc,
      // The batch lot is named after the order.
      expected_lot: mo.number,
      last_label_check: null,
    });
    const refused = await plant.as.batcher!.get(`${URL}/orders`);
    expect(refused.httpStatus).toBe(403);
  });

  it('refuses every role outside docs/product.md §6 "Label check" and records nothing', async () => {
    for (const who of OUTSIDERS) {
      const reply = await scan(who, { scanned_code: plant.product.upc, lot_no_scanned: mo.number });
      expect(reply.httpStatus, who).toBe(403);
    }
    expect(await checksOf(mo.id)).toEqual([]);
  });

  it('refuses a check on an order that is not in labeling', async () => {
    const released = await plant.planned(10);
    const early = await plant.as.labeler!.send<Check>('POST', URL, {
      production_order_id: released.id,
      scanned_code: plant.product.upc,
      lot_no_scanned: released.number,
    });
    expect(early.httpStatus).toBe(422);
    expect(early.data).toEqual({ production_order_id: 'Choose an order in labeling' });
    expect(await checksOf(released.id)).toEqual([]);
  });

  it('records a wrong UPC or a wrong lot as failed even when the client says pass', async () => {
    const wrongUpc = await scan('labeler', {
      scanned_code: '000000000000',
      lot_no_scanned: mo.number,
      result: 'pass',
    });
    expect(wrongUpc.httpStatus).toBe(201);
    expect(wrongUpc.data).toMatchObject({ result: 'fail', expected_code: plant.product.upc });
    expect(wrongUpc.data.reason).toContain('UPC 000000000000 is not');
    const wrongLot = await scan('labeler', {
      scanned_code: plant.product.upc,
      lot_no_scanned: 'MO-99999',
      result: 'pass',
    });
    expect(wrongLot.data).toMatchObject({ result: 'fail', expected_lot: mo.number });
    expect(wrongLot.data.reason).toContain(`lot MO-99999 is not ${mo.number}`);
    expect((await plant.order(mo.id)).last_label_check).toBe('fail');
    // The order cannot finish labeling on a failed check.
    const refused = await finishLabeling();
    expect(refused.httpStatus).toBe(422);
    expect(refused.message + JSON.stringify(refused.data)).toContain('label check');
  });

  it('fails a matching label only with a reason', async () => {
    const before = (await checksOf(mo.id)).length;
    const bare = await scan('labeler', {
      scanned_code: plant.product.upc,
      lot_no_scanned: mo.number,
      result: 'fail',
    });
    expect(bare.httpStatus).toBe(422);
    expect(bare.data).toEqual({ reason: 'required' });
    expect(await checksOf(mo.id)).toHaveLength(before);
    const smudged = await scan('labeler', {
      scanned_code: plant.product.upc,
      lot_no_scanned: mo.number,
      result: 'fail',
      reason: 'Print smudged',
    });
    expect(smudged.data).toMatchObject({ result: 'fail', reason: 'Print smudged' });
  });

  it('lets every Label check role record a check, and a passed one lets labeling finish', async () => {
    for (const who of LABEL_CHECK_ROLES) {
      const reply = await scan(who, {
        scanned_code: ` ${plant.product.upc} `,
        lot_no_scanned: mo.number,
      });
      expect(reply.httpStatus, who).toBe(201);
      expect(reply.data, who).toMatchObject({ result: 'pass', reason: null });
    }
    const logs = await plant.as.labeler!.get<List>(LABEL_CHECKS.api, {
      filter: [
        {
          field: 'production_order_number',
          field_type: 'text',
          filters: [{ operator: 'equals', value: mo.number }],
        },
      ],
      sort: { field: 'created_at', direction: 'asc' },
      per_page: 50,
    });
    expect(logs.httpStatus).toBe(200);
    expect(logs.data.rows.map((r) => r.result)).toEqual([
      'fail',
      'fail',
      'fail',
      ...LABEL_CHECK_ROLES.map(() => 'pass'),
    ]);
    expect(logs.data.rows[2]?.reason).toBe('Print smudged');
    expect((await plant.as.batcher!.get(LABEL_CHECKS.api)).httpStatus).toBe(403);
    const done = await finishLabeling();
    expect(done.httpStatus, JSON.stringify(done.data)).toBe(200);
    expect(done.data.status).toBe('completed');
  });
});
