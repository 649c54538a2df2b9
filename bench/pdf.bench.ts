import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { purchasePdfApi } from '../src/domain/entities/purchase/purchase-order-print.ts';
import { PURCHASE_ORDERS } from '../src/domain/entities/purchase/purchase-orders.entity.ts';
import { queryRows } from '../server/db/query-rows.ts';
import {
  purchaseOrderPdf,
  type PurchaseOrderPdfInput,
} from '../server/purchase-pdf/purchase-order.pdf.ts';
import type { Row } from './bench-table.ts';
import { startBenchServer } from './bench-server.ts';
import { logIn } from './driver-vs-http.ts';
import { envInt, ratio, summarize, type LatencySummary } from './sample-stats.ts';

// A purchase order of 3,500 lines (each its own product, a description long enough to be cut
// in its column) as a PDF, while another user reads GET /api/me one request after another.
// In the same run: /api/me alone (baseline), /api/me while the PDF is downloaded five times
// (the server lays it out in a worker thread, so the event loop stays free), the PDF over
// HTTP with nothing else asked and while /api/me is read (three busy threads on two cores),
// the order's print reading over HTTP (what the event loop does for a PDF), and the layout
// alone (purchaseOrderPdf on the bench's own thread, from that reading).

export interface PdfBenchOptions {
  lines: number;
  /** /api/me requests per phase (at least: the loaded phase lasts `pdfs` downloads). */
  requests: number;
  /** PDFs downloaded while /api/me is read. */
  pdfs: number;
  /** Times the layout alone is measured. */
  renders: number;
}

export interface PdfBenchResult {
  options: PdfBenchOptions;
  pdfBytes: number;
  runs: {
    meAlone: LatencySummary;
    meDuringPdf: LatencySummary;
    pdfAlone: LatencySummary;
    pdfHttp: LatencySummary;
    printRead: LatencySummary;
    render: LatencySummary;
  };
  ratios: { meP99: number };
}

export function pdfBenchOptionsFromEnv(): PdfBenchOptions {
  return {
    lines: envInt('BENCH_PDF_LINES', 3_500, 60),
    requests: envInt('BENCH_PDF_REQUESTS', 300, 20),
    pdfs: envInt('BENCH_PDF_DOWNLOADS', 5, 2),
    renders: envInt('BENCH_PDF_RENDERS', 5, 1),
  };
}

const DESCRIPTION = 'Strawberry cream concentrate, 30 ml amber glass, child-resistant cap';

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export async function runPdfBench(options: PdfBenchOptions): Promise<PdfBenchResult> {
  const server = await startBenchServer();
  try {
    const db = server.database.db;
    await db.execute(sql`
      insert into products (sku, name, type, measure_id, is_lot_tracked)
      select 'PDFB-' || lpad(g::text, 5, '0'), 'Bench PDF product ' || g, 'raw_material',
        (select measure_id from products order by id limit 1), false
      from generate_series(1, ${options.lines}) g`);
    const [order] = await queryRows<{ id: number }>(
      db,
      sql`insert into purchase_orders (number, supplier_id, currency_id, exchange_rate, order_date,
            expected_date, ship_to_location_id, status, subtotal, tax_total, total, total_cad, taxes)
          select 'PDF-BENCH', (select min(id) from suppliers), (select id from currencies where code = 'CAD'),
            1, current_date, current_date + 14, (select min(id) from locations where type = 'warehouse'),
            'draft', ${options.lines * 25}, 0, ${options.lines * 25}, ${options.lines * 25}, '[]'::jsonb
          returning id::int as id`,
    );
    const id = Number(order?.id);
    await db.execute(sql`
      insert into purchase_order_lines (purchase_order_id, product_id, description, qty, unit_price, line_total)
      select ${id}, p.id, ${DESCRIPTION} || ' #' || p.sku, 10, 2.5, 25
      from products p where p.sku like 'PDFB-%' order by p.sku`);
    const token = await logIn(server.url, 'purchase');
    const get = async (path: string) => {
      const res = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
      return res;
    };
    const pdfPath = purchasePdfApi(PURCHASE_ORDERS.api, id);
    const meRound = async (until: () => boolean = () => true) => {
      const samples: number[] = [];
      while (samples.length < options.requests || !until())
        samples.push(await timed(async () => (await get('/api/me')).arrayBuffer()));
      return samples;
    };

    // Warm-up: the PDF worker starts and the session is cached.
    const first = await (await get(pdfPath)).arrayBuffer();
    await meRound();

    const meAlone = await meRound();
    const pdfAlone: number[] = [];
    for (let i = 0; i < options.pdfs; i += 1)
      pdfAlone.push(await timed(async () => (await get(pdfPath)).arrayBuffer()));
    const printRead: number[] = [];
    for (let i = 0; i < options.pdfs; i += 1)
      printRead.push(
        await timed(async () => (await get(`${PURCHASE_ORDERS.api}/${id}/print`)).json()),
      );
    const pdfHttp: number[] = [];
    const downloads = (async () => {
      while (pdfHttp.length < options.pdfs)
        pdfHttp.push(await timed(async () => (await get(pdfPath)).arrayBuffer()));
    })();
    const meDuringPdf = await meRound(() => pdfHttp.length >= options.pdfs);
    await downloads;

    // The layout alone, on this thread, from the same reading the route lays out.
    const reading = (await (await get(`${PURCHASE_ORDERS.api}/${id}/print`)).json()) as {
      data: PurchaseOrderPdfInput;
    };
    const render: number[] = [];
    for (let i = 0; i < options.renders; i += 1)
      render.push(await timed(() => purchaseOrderPdf(reading.data)));

    const runs = {
      meAlone: summarize(meAlone),
      meDuringPdf: summarize(meDuringPdf),
      pdfAlone: summarize(pdfAlone),
      pdfHttp: summarize(pdfHttp),
      printRead: summarize(printRead),
      render: summarize(render),
    };
    return {
      options,
      pdfBytes: first.byteLength,
      runs,
      ratios: { meP99: ratio(runs.meDuringPdf.p99Ms, runs.meAlone.p99Ms) },
    };
  } finally {
    await server.close();
  }
}

export function pdfRows(result: PdfBenchResult): Row[] {
  const { meAlone, meDuringPdf, pdfAlone, pdfHttp, printRead, render } = result.runs;
  const row = (target: string, unit: string, latency: LatencySummary, vsBaseline: boolean) => ({
    target,
    rate: 1000 / latency.p50Ms,
    unit,
    latency,
    rateRatio: NaN,
    p50Ratio: vsBaseline ? ratio(latency.p50Ms, meAlone.p50Ms) : NaN,
    p99Ratio: vsBaseline ? ratio(latency.p99Ms, meAlone.p99Ms) : NaN,
    note: `${latency.count} runs`,
  });
  return [
    row('GET /api/me alone (baseline)', 'req/s', meAlone, false),
    row(
      'GET /api/me while the PO PDF is downloaded, one after another',
      'req/s',
      meDuringPdf,
      true,
    ),
    row(`the PO PDF over HTTP (${result.options.lines} lines), alone`, 'PDFs/s', pdfAlone, false),
    row(`the PO PDF over HTTP (${result.options.lines} lines)`, 'PDFs/s', pdfHttp, false),
    row('its print reading over HTTP (GET …/print)', 'reads/s', printRead, false),
    row('its layout alone (purchaseOrderPdf, in process)', 'PDFs/s', render, false),
  ];
}
