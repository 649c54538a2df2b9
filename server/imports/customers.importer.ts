import { inArray, sql } from 'drizzle-orm';
import { CUSTOMERS } from '../../modules/general/shared/entities/customers.entity.ts';
import { CUSTOMER_IMPORT_COLUMNS } from '../../src/domain/imports/customer-import.columns.ts';
import type { Db, Tx } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { customers, CUSTOMER_TYPES } from '../db/schema/customers.ts';
import { IMPORTS_CHANNEL } from './import-job-state.ts';
import { APPLY_BATCH, type Importer, type RowResult } from './importer.ts';
import { RowCells } from './row-cells.ts';
import { duplicateKeys } from './duplicate-keys.ts';
import { upsertImportBatch, type UpsertCounts } from './upsert-batch.ts';

// Customer import (docs/domain/imports.md §12): upserts by code; see customer-import.columns.ts.

type Row = {
  code: string;
  name: string;
  type: (typeof CUSTOMER_TYPES)[number];
  currencyId: number;
  priceTierId: number | null;
  paymentTermsDays: number;
  creditLimit: string;
  vapeLicenceNo: string | null;
  active: boolean;
};

type Context = { currencies: Map<string, number>; tiers: Map<string, number>; cad: number | null };

async function prepare(db: Db | Tx): Promise<Context> {
  const currencies = await queryRows<{ code: string; id: number }>(
    db,
    sql`select lower(code) as code, id::int as id from currencies`,
  );
  const tiers = await queryRows<{ code: string; id: number }>(
    db,
    sql`select lower(code) as code, id::int as id from price_tiers where active`,
  );
  const map = new Map(currencies.map((c) => [c.code, c.id]));
  return {
    currencies: map,
    tiers: new Map(tiers.map((t) => [t.code, t.id])),
    cad: map.get('cad') ?? null,
  };
}

function parseRow(values: Record<string, string>, context: Context): RowResult<Row> {
  const cells = new RowCells(values);
  const code = cells.text('code', { required: true, max: 30 });
  const name = cells.text('name', { required: true, max: 120 });
  const type = cells.oneOf('type', CUSTOMER_TYPES);
  const currencyId = cells.ref('currency', context.currencies, false) ?? context.cad;
  const priceTierId = cells.ref('price_tier', context.tiers, false);
  const terms = cells.number('payment_terms_days', { min: 0, integer: true }) ?? 30;
  const credit = cells.number('credit_limit', { min: 0 }) ?? 0;
  const vapeLicenceNo = cells.text('vape_licence_no', { max: 40 });
  const active = cells.boolean('active', true);
  if (!cells.ok || code === null || name === null || type === null || currencyId === null)
    return {
      ok: false,
      errors: currencyId === null ? { currency: 'required', ...cells.errors } : cells.errors,
    };
  return {
    ok: true,
    value: {
      code,
      name,
      type,
      currencyId,
      priceTierId,
      paymentTermsDays: terms,
      creditLimit: credit.toFixed(2),
      vapeLicenceNo,
      active,
    },
  };
}

const same = (row: Row, before: typeof customers.$inferSelect) =>
  row.name === before.name &&
  row.type === before.type &&
  row.currencyId === before.currencyId &&
  row.priceTierId === before.priceTierId &&
  row.paymentTermsDays === before.paymentTermsDays &&
  Number(row.creditLimit) === Number(before.creditLimit) &&
  row.vapeLicenceNo === before.vapeLicenceNo &&
  row.active === before.active;

export const customersImporter: Importer<Row, Context> = {
  type: 'customers',
  area: 'imports',
  channel: IMPORTS_CHANNEL,
  columns: CUSTOMER_IMPORT_COLUMNS,
  prepare,
  parseRow,
  checkAll: (rows) => duplicateKeys(rows, (row) => row.code.toLowerCase(), ['code']),
  async apply(rows, job) {
    const counts: UpsertCounts = { created: 0, updated: 0, skipped: 0 };
    await job.inBatches(APPLY_BATCH, async (tx, batch) => {
      const existing = await tx
        .select()
        .from(customers)
        .where(
          inArray(
            sql`lower(${customers.code})`,
            batch.map((r) => r.code.toLowerCase()),
          ),
        );
      const byCode = new Map(existing.map((c) => [c.code.toLowerCase(), c]));
      return upsertImportBatch(
        tx,
        {
          table: customers,
          entity: CUSTOMERS,
          actorId: job.actor.id,
          batch,
          stored: (row) => byCode.get(row.code.toLowerCase()),
          unchanged: same,
          changes: ({ code: _code, ...changes }) => changes,
        },
        counts,
      );
    });
    return { result: { customers: counts } };
  },
};
