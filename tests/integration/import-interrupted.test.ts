import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { INTERRUPTED_REASON } from '../../server/imports/interrupted-imports.ts';
import { startServer, type RunningServer } from '../../server/main.ts';
import { tokenFor } from '../support/api-client.ts';
import { connectEcho, disconnectEchoes, subscribed } from '../support/echo-client.ts';
import { finishedImport, postImportFile } from '../support/import-client.ts';
import { inventoryCsv, type CsvProduct, csvProductsOf } from '../support/inventory-import-csv.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { pgliteTemplate } from '../support/test-server.ts';

// A server killed (SIGKILL, as the OOM killer would) while an inventory import is applying
// its rows, then started again on the same database directory: the file is applied exactly
// once or not at all, never in part. The interrupted job is failed with nothing applied, and
// the same file sent again is applied whole, once.

const ROUTE = '/api/inventory/inventory-import';
const ROWS = 20_000;

type Progress = { ref: string; phase: string; processed: number };

describe('an import interrupted mid-apply', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plantline-import-kill-'));
  let first: ServerProcess | undefined;
  let second: RunningServer | undefined;

  afterAll(async () => {
    disconnectEchoes();
    first?.child.kill('SIGKILL');
    await second?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves nothing applied, and the file sent again is applied once', async () => {
    const env = { DATA_DIR: dir, PLANTLINE_DEMO: '1', PLANTLINE_NIGHTLY: '0' };
    const inProcess = (databaseTemplate?: Blob) =>
      startServer(
        loadConfig({
          ...env,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          PUSHER_APP_ID: `kill-${randomBytes(4).toString('hex')}`,
        }),
        { databaseTemplate },
      );
    // The directory starts from the run's demo database here first, so the process to kill
    // starts on a database as it is.
    const seeding = await inProcess(await pgliteTemplate('demo'));
    const products: CsvProduct[] = await csvProductsOf(seeding.database.db);
    await seeding.close();
    const file = inventoryCsv(products, ROWS);
    first = await startServerProcess({ ...env, PUSHER_APP_ID: 'kill-1' });
    const admin = await tokenFor(first.url, 'admin');
    const echo = await connectEcho(first.url, admin);
    const channel = echo.private('imports.jobs');
    await subscribed(channel);
    const midApply = new Promise<void>((resolve) =>
      channel.listen('.import.progress', (event: Progress) => {
        if (event.ref === 'test' && event.phase === 'importing' && event.processed >= 2_000)
          resolve();
      }),
    );

    const started = await postImportFile(first.url, {
      route: ROUTE,
      name: 'opening.csv',
      body: file,
      token: admin,
    });
    expect(started.status).toBe(202);
    await midApply;
    const exited = new Promise((resolve) => first!.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    disconnectEchoes();

    second = await inProcess();
    const url = second.url.replace('localhost', '127.0.0.1');
    const token = await tokenFor(url, 'admin');
    const lines = async (jobId: number) =>
      Number(
        (
          await queryRows<{ n: string }>(
            second!.database.db,
            sql`select count(*) as n from stock_adjustment_lines l
                  join stock_adjustments a on a.id = l.adjustment_id
                 where a.note = ${`Opening stock from import ${jobId}`}`,
          )
        )[0]?.n ?? 0,
      );
    const interrupted = await finishedImport(url, { route: ROUTE, token }, started.body.data.id);
    expect(interrupted).toMatchObject({ status: 'failed', result: { error: INTERRUPTED_REASON } });
    expect(await lines(started.body.data.id)).toBe(0);

    const again = await postImportFile(url, {
      route: ROUTE,
      name: 'opening.csv',
      body: file,
      token,
    });
    expect(again.status).toBe(202);
    const done = await finishedImport(url, { route: ROUTE, token }, again.body.data.id);
    expect(done).toMatchObject({ status: 'completed', rows_ok: ROWS });
    expect(await lines(again.body.data.id)).toBe(ROWS);
  }, 600_000);
});
