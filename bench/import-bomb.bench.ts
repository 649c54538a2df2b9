import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/query-rows.ts';
import { startBenchServer } from './bench-server.ts';
import { probe } from './imports.bench.ts';
import { tokenFor } from '../tests/support/api-client.ts';
import { finishedImport, postImportFile } from '../tests/support/import-client.ts';
import { xlsxBomb } from '../tests/support/xlsx-bomb.ts';
import type { Row } from './bench-table.ts';
import { envInt, ratio, summarize, type LatencySummary } from './sample-stats.ts';

// What another user sees while import files that are costly to read arrive: GET /api/me in a
// closed loop, idle first (the baseline), then while (a) XLSX zip bombs (about 1 MB each,
// 350 MB of sheet XML; one declaring its size, one lying about it) are sent to the preview
// and the upload back to back, and (b) a big ordinary XLSX (BENCH_BOMB_XLSX_ROWS rows of
// opening stock) is previewed and then uploaded as a dry run (read and checked, not applied).
// One server (PGlite, demo data), all in one run. Goal: the other user's p99 ≤ 100 ms.

const ROUTE = '/api/inventory/inventory-import';

export const IMPORT_BOMB_GOAL = { otherUserP99Ms: 100 } as const;

export interface ImportBombOptions {
  /** Rows of the big ordinary XLSX. */
  xlsxRows: number;
  /** Bombs sent (half to the preview, half to the upload). */
  bombs: number;
  idleRequests: number;
}

export interface ImportBombPhase {
  latency: LatencySummary;
  ratios: { latencyP50: number; latencyP99: number };
  /** What the server answered the files, e.g. `413 ×8`. */
  answers: string;
  seconds: number;
  goalMet: boolean;
}

export interface ImportBombResult {
  options: ImportBombOptions;
  bombBytes: number;
  xlsxBytes: number;
  idle: LatencySummary;
  bomb: ImportBombPhase;
  big: ImportBombPhase;
}

export function importBombOptionsFromEnv(): ImportBombOptions {
  return {
    xlsxRows: envInt('BENCH_BOMB_XLSX_ROWS', 100_000, 300),
    bombs: envInt('BENCH_BOMB_COUNT', 8, 2),
    idleRequests: envInt('BENCH_BOMB_IDLE_REQUESTS', 300, 20),
  };
}

async function preview(url: string, token: string, name: string, bytes: Buffer) {
  const response = await fetch(`${url}${ROUTE}/preview?file_name=${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });
  await response.arrayBuffer();
  return response.status;
}

/** An opening-stock workbook of `rows` rows over the given products, as Excel would save it. */
async function bigWorkbook(skus: readonly string[], rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Stock');
  sheet.addRow(['SKU', 'Location', 'Lot No', 'Expiry Date', 'Qty', 'Unit Cost']);
  for (let i = 0; i < rows; i += 1)
    sheet.addRow([skus[i % skus.length], 'WH-MAIN', '', '', 1, 2.5]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const tally = (statuses: readonly (number | string)[]) =>
  [...new Set(statuses)].map((s) => `${s} ×${statuses.filter((x) => x === s).length}`).join(', ');

export async function runImportBombBench(options: ImportBombOptions): Promise<ImportBombResult> {
  const server = await startBenchServer();
  try {
    const url = server.url;
    const skus = (
      await queryRows<{ sku: string }>(
        server.database.db,
        sql`select sku from products where not is_lot_tracked order by id`,
      )
    ).map((p) => p.sku);
    const bombs = [
      await xlsxBomb({ sheetBytes: 350 * 1024 * 1024 }),
      await xlsxBomb({ sheetBytes: 350 * 1024 * 1024, lie: true }),
    ];
    const xlsx = await bigWorkbook(skus, options.xlsxRows);
    const admin = await tokenFor(url, 'admin');
    const other = await tokenFor(url, 'inventory');
    const idle = summarize(await probe(url, other, options.idleRequests));
    const phase = async (work: () => Promise<(number | string)[]>): Promise<ImportBombPhase> => {
      const t0 = performance.now();
      const running = work();
      const samples = await probe(url, other, running);
      const answers = tally(await running);
      const latency = summarize(samples);
      return {
        latency,
        ratios: {
          latencyP50: ratio(latency.p50Ms, idle.p50Ms),
          latencyP99: ratio(latency.p99Ms, idle.p99Ms),
        },
        answers,
        seconds: (performance.now() - t0) / 1000,
        goalMet: latency.p99Ms <= IMPORT_BOMB_GOAL.otherUserP99Ms,
      };
    };
    const bomb = await phase(async () => {
      const statuses: number[] = [];
      for (let i = 0; i < options.bombs; i += 1) {
        const bytes = bombs[i % bombs.length]!;
        if (i % 2 === 0) statuses.push(await preview(url, admin, 'bomb.xlsx', bytes));
        else {
          const sent = await postImportFile(url, {
            route: ROUTE,
            name: 'bomb.xlsx',
            body: bytes,
            token: admin,
          });
          statuses.push(sent.status);
        }
      }
      return statuses;
    });
    const big = await phase(async () => {
      const answers: (number | string)[] = [await preview(url, admin, 'big.xlsx', xlsx)];
      const sent = await postImportFile(url, {
        route: ROUTE,
        name: 'big.xlsx',
        body: xlsx,
        token: admin,
        dryRun: true,
      });
      if (sent.status !== 202) return [...answers, sent.status];
      const outcome = await finishedImport(url, { route: ROUTE, token: admin }, sent.body.data.id);
      return [...answers, `dry run ${outcome.status}`];
    });
    return { options, bombBytes: bombs[0]!.length, xlsxBytes: xlsx.length, idle, bomb, big };
  } finally {
    await server.close();
  }
}

export function importBombRows(result: ImportBombResult): Row[] {
  const during = (target: string, phase: ImportBombPhase, what: string): Row => ({
    target,
    rate: NaN,
    unit: '',
    latency: phase.latency,
    rateRatio: NaN,
    p50Ratio: phase.ratios.latencyP50,
    p99Ratio: phase.ratios.latencyP99,
    note: `${what}: ${phase.answers} in ${phase.seconds.toFixed(1)} s; /api/me max ${phase.latency.maxMs.toFixed(0)} ms over ${phase.latency.count} req; p99 ≤ ${IMPORT_BOMB_GOAL.otherUserP99Ms} ms ${phase.goalMet ? 'met' : 'MISSED'}`,
  });
  return [
    {
      target: 'GET /api/me idle (baseline)',
      rate: NaN,
      unit: '',
      latency: result.idle,
      rateRatio: NaN,
      p50Ratio: NaN,
      p99Ratio: NaN,
      note: `${result.idle.count} req`,
    },
    during(
      'XLSX bombs previewed and uploaded; /api/me meanwhile',
      result.bomb,
      `${result.options.bombs} bombs of ${(result.bombBytes / 1024).toFixed(0)} KB`,
    ),
    during(
      `${result.options.xlsxRows} rows XLSX previewed, dry run; /api/me meanwhile`,
      result.big,
      `${(result.xlsxBytes / 1024 / 1024).toFixed(1)} MB`,
    ),
  ];
}
