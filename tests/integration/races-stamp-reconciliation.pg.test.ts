import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  STAMP_RECONCILIATION_API,
  type StampReconciliation,
} from '../../src/domain/entities/production/stamp-reconciliation.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { tokenFor, type Reply } from '../support/api-client.ts';
import { entityClient, type EntityApiClient } from '../support/entity-crud.ts';
import { RECON_MONTH, seedStampMonth, type StampMonth } from '../support/stamp-month.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// Two people on one month of the stamp reconciliation at once (docs/domain/production.md
// "Monthly stamp reconciliation"): the month row is locked by every write and carries the
// version both read, so of two first saves, two closes, or a close and an edit, one wins and
// the other is refused (409 stale_version, or 422 once the month is closed); nothing is lost
// silently and a closed month keeps the counts it closed with. Only the PostgreSQL run can show
// a race (PGlite runs one transaction at a time).

const ROUNDS = 4;
const url = (month: string) => `${STAMP_RECONCILIATION_API}/${month}`;

describe.each(backends())('stamp reconciliation writes sent at once on %s', (backend) => {
  let t: TestServer;
  let keeper: EntityApiClient;
  let manager: EntityApiClient;
  let seeded: StampMonth;

  beforeAll(async () => {
    t = await startTestServer({ backend });
    seeded = await seedStampMonth(t.server.database.db, 'RACE');
    keeper = entityClient(t.url, await tokenFor(t.url, 'stamp_inventory'));
    manager = entityClient(t.url, await tokenFor(t.url, 'manager'));
  }, 120_000);
  afterAll(async () => t?.close());

  const read = async (month: string) => (await keeper.get<StampReconciliation>(url(month))).data;
  const closes = async (month: string) =>
    (
      await queryRows<{ n: number }>(
        t.server.database.db,
        sql`select count(*)::int as n from audit_logs a join stamp_reconciliations r on r.id = a.entity_id
            where a.entity_type = 'stamp_reconciliations' and r.month = ${`${month}-01`}::date
              and a.changes ? 'status'`,
      )
    )[0]!.n;
  const statuses = (replies: Reply<unknown>[]) => replies.map((r) => r.httpStatus).sort();

  it('lets one of two first saves of a month win and refuses the other as stale', async () => {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const month = `2024-0${round}`;
      const replies = await Promise.all(
        [keeper, manager].map((api, i) =>
          api.send('PUT', url(month), {
            version: 0,
            counts: [{ stamp_jurisdiction_id: seeded.on, counted: 100 + i }],
          }),
        ),
      );
      expect(statuses(replies), JSON.stringify(replies.map((r) => r.data))).toEqual([200, 409]);
      const winner = replies.findIndex((r) => r.httpStatus === 200);
      const row = (await read(month)).rows.find((r) => r.stamp_jurisdiction_id === seeded.on);
      expect(row?.counted).toBe(100 + winner);
    }
  });

  it('closes a month once when two people close it at once', async () => {
    const { version } = await read(RECON_MONTH);
    const body = {
      version,
      counts: [
        { stamp_jurisdiction_id: seeded.on, counted: 860, reason: 'Torn at the splice' },
        { stamp_jurisdiction_id: seeded.qc, counted: 0 },
      ],
    };
    const replies = await Promise.all(
      [keeper, manager].map((api) => api.send('POST', `${url(RECON_MONTH)}/close`, body)),
    );
    const [won, lost] = replies[0]!.httpStatus === 200 ? replies : [replies[1]!, replies[0]!];
    expect(won!.httpStatus, JSON.stringify(replies.map((r) => r.data))).toBe(200);
    expect([409, 422]).toContain(lost!.httpStatus);
    expect((await read(RECON_MONTH)).status).toBe('closed');
    expect(await closes(RECON_MONTH)).toBe(1);
  });

  it('never lets an edit slip into a month closed at the same moment', async () => {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const month = `2024-0${round}`;
      const { version } = await read(month);
      const [edit, close] = await Promise.all([
        keeper.send('PUT', url(month), {
          version,
          counts: [{ stamp_jurisdiction_id: seeded.on, counted: 7 }],
        }),
        manager.send('POST', `${url(month)}/close`, {
          version,
          counts: [{ stamp_jurisdiction_id: seeded.on, counted: 0 }],
        }),
      ]);
      expect(statuses([edit, close]), JSON.stringify([edit.data, close.data])).not.toEqual([
        200, 200,
      ]);
      const after = await read(month);
      const counted = after.rows.find((r) => r.stamp_jurisdiction_id === seeded.on)?.counted;
      if (close.httpStatus === 200) {
        expect([409, 422]).toContain(edit.httpStatus);
        expect(after.status).toBe('closed');
        expect(counted).toBe(0);
      } else {
        expect(edit.httpStatus).toBe(200);
        expect(close.httpStatus).toBe(409);
        expect(after.status).toBe('open');
        expect(counted).toBe(7);
      }
    }
  });
});
