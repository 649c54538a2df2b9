import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { purchasePdfApi } from '../../src/domain/entities/purchase/purchase-order-print.ts';
import { salesPdfApi } from '../../modules/sales/shared/entities/packing-slip.ts';
import { SALES_ORDERS } from '../../modules/sales/shared/entities/sales-orders.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { tokenFor } from '../support/api-client.ts';
import { journey } from '../support/e2e-journey.ts';
import { openInApp } from '../support/e2e-shell.ts';
import { readPdf } from '../support/pdf-text.ts';

// The walker: signed in as the roles who work them, it opens every purchase, lab, sales,
// forecast and assembly screen of the demo plant (each list, one open record of each, and the
// documents' PDFs) and reads what a person sees for values in their wire form: a raw ISO date
// (2026-11-24, 2026-11-24T…), a database id ("id: 5", "…id: 3") or a status code
// (partially_received). It must find none.

type Kind = 'iso date' | 'raw id' | 'status code';

const PATTERNS: Readonly<Record<Kind, RegExp>> = {
  'iso date': /(?<![\w-])\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?(?![\w-])/g,
  'raw id': /\b[A-Za-z. ]*id: ?\d+/gi,
  'status code': /(?<![\w.@/-])[a-z]+(?:_[a-z]+)+(?![\w.@/-])/g,
};

const walker = journey('walker', 400_000);
const findings: Record<string, Kind[]> = {};
/** What each screen showed, to prove the walker read rows and not an empty frame. */
const seen: Record<string, string> = {};
const examples: Record<string, string[]> = {};

/** Records what `text` shows in wire form under `screen`. */
function read(screen: string, text: string): void {
  const kinds = (Object.keys(PATTERNS) as Kind[]).filter((kind) => {
    const found = text.match(PATTERNS[kind]);
    if (found) examples[screen] = [...(examples[screen] ?? []), ...found.slice(0, 3)];
    return found !== null;
  });
  if (kinds.length > 0) findings[screen] = kinds;
}

/**
 * The text of the view at `path` once it has drawn its rows: two equal reads, not empty, no
 * loading overlay of a grid and no 'Loading…' of our own. (A grid always holds a 'Loading...'
 * for screen readers, hidden from sight, so the words alone do not say it is loading.)
 */
async function viewText(page: Page, path: string): Promise<string> {
  const view = page.locator(`[data-view-path="${new URL(path, 'http://x').pathname}"]`);
  await openInApp(page, path, () => view.waitFor());
  const overlay = view.locator('.ag-overlay-loading-wrapper').filter({ visible: true });
  let last = '';
  for (let i = 0; i < 40; i += 1) {
    await page.waitForTimeout(250);
    const now = await view.innerText();
    const busy = /Loading…|Reading/.test(now) || (await overlay.count()) > 0;
    if (now.trim() !== '' && now === last && !busy) return now;
    last = now;
  }
  return last;
}

async function walk(who: string, paths: readonly string[]): Promise<void> {
  const page = await walker.loggedIn(who);
  for (const path of paths) {
    const text = await viewText(page, path);
    expect(text.trim(), `${who} ${path} shows something`).not.toBe('');
    seen[`${who} ${path}`] = text;
    read(`${who} ${path}`, text);
  }
}

/** A screen opened in the app and read until it holds still: a second or two, more when busy. */
const WALK = 300_000;

/** The first id of `table`'s rows where `where` holds. */
async function firstId(table: string, where = 'true'): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    walker.suite.server.server.database.db,
    sql`select id::int as id from ${sql.raw(table)} where ${sql.raw(where)} order by id limit 1`,
  );
  if (!row) throw new Error(`the demo has no ${table} where ${where}`);
  return row.id;
}

async function pdfText(who: string, api: string): Promise<string> {
  const response = await fetch(`${walker.suite.server.url}${api}`, {
    headers: { authorization: `Bearer ${await tokenFor(walker.suite.server.url, who)}` },
  });
  expect(response.status, api).toBe(200);
  return readPdf(new Uint8Array(await response.arrayBuffer())).text;
}

let ids: Record<string, number>;

beforeAll(async () => {
  ids = {
    po: await firstId('purchase_orders', `status = 'sent'`),
    invoice: await firstId('purchase_invoices'),
    supplier: await firstId('suppliers'),
    lab: await firstId('lab_receivings', `status = 'released'`),
    container: await firstId('receiving_containers'),
    sale: await firstId('sales_orders', `shipping_status <> 'not_shipped'`),
    discount: await firstId('discounts'),
    period: await firstId('forecast_periods'),
  };
});

describe('the walker', () => {
  it(
    'reads every purchase screen and the PO PDF',
    async () => {
      await walk('purchase', [
        '/purchases',
        `/purchase/${ids.po}`,
        '/invoices',
        `/invoice/${ids.invoice}`,
        '/suppliers',
        `/supplier/${ids.supplier}`,
        '/purchase/reports/open-orders',
        '/purchase/reports/receipts-vs-orders',
        '/purchase/reports/invoice-match-exceptions',
      ]);
      read(
        'purchase PO PDF',
        await pdfText('purchase', purchasePdfApi(PURCHASE_ORDERS.api, ids.po!)),
      );
    },
    WALK,
  );

  it(
    'reads every lab screen',
    async () => {
      await walk('supervisor', [
        '/lab/receiving',
        `/lab/receiving/${ids.lab}`,
        '/lab/receiving-items-list',
        '/lab/receiving-containers',
        `/lab/receiving-container/${ids.container}`,
        '/lab/flashpoint-classes',
      ]);
    },
    WALK,
  );

  it(
    'reads every sales screen, the order PDF and the shipping PDFs',
    async () => {
      await walk('sale', [
        '/sales',
        `/sale/${ids.sale}`,
        '/discounts',
        `/discount/${ids.discount}`,
        '/sales-import-logs',
      ]);
      for (const document of ['sales-order', 'packing-slip', 'bill-of-lading'] as const) {
        read(
          `sale ${document} PDF`,
          await pdfText('sale', salesPdfApi(SALES_ORDERS.api, ids.sale!, document)),
        );
      }
    },
    WALK,
  );

  it(
    'reads every forecast screen',
    async () => {
      await walk('manager', [
        '/forecast/forecast-periods',
        `/forecast/forecast-periods/${ids.period}`,
        `/forecast/forecast-allocations/${ids.period}`,
        `/forecast/forecast-production-plans/${ids.period}`,
        '/forecast/forecast-production-qty-ranges',
        '/forecast/sales-report',
        '/forecast/stock-report',
      ]);
    },
    WALK,
  );

  it(
    'reads every assembly screen',
    async () => {
      await walk('admin', [
        '/assembly/assembly-orders',
        '/assembly/flows',
        '/assembly/operations',
        '/assembly/phases',
        '/assembly/machines',
        '/assembly/reels',
        '/assembly/skids',
        '/assembly/kit-components',
        '/assembly/settings',
        '/assembly/reports/stamping',
        '/assembly/reports/reels-summary',
        '/assembly/reports/damaged-stamps',
      ]);
      await walk('sealer', ['/assembly/assembly-dashboard']);
      await walk('shipping', ['/assembly/shipping-dashboard']);
    },
    WALK,
  );

  it('read the rows of the lists, not their empty frames', () => {
    expect(seen['purchase /purchases']).toMatch(/PO-\d{5}/);
    expect(seen['sale /sales']).toMatch(/SH-\d{5}/);
    expect(seen['admin /assembly/assembly-orders']).toMatch(/KIT-FRUIT-TRIO/);
  });

  it('finds no raw value on any of them', () => {
    expect(findings, JSON.stringify(examples, null, 1)).toEqual({});
  });
});
