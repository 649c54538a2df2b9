import { eq, inArray, sql } from 'drizzle-orm';
import { CUSTOMERS } from '../../src/domain/entities/general/customers.entity.ts';
import { CUSTOMER_IMPORT_COLUMNS } from '../../src/domain/imports/customer-import.columns.ts';
import type { Db, Tx } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { customers, CUSTOMER_TYPES } from '../db/schema/customers.ts';
import { IMPORTS_CHANNEL } from './import-job-state.ts';
import { APPLY_BATCH, type Importer, type RowOutcome, type RowResult } from './importer.ts';
import { announceRows } from './publish-imported.ts';
import { RowCells } from './row-cells.ts';
import { duplicateKeys } from './duplicate-keys.ts';

// Customer import (domain.md §12): upserts by code; see customer-import.columns.ts.

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
    const counts = { created: 0, updated: 0, skipped: 0 };
    await job.inTransactions(APPLY_BATCH, async (tx, batch) => {
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
      const results: RowOutcome[] = [];
      const entityIds: (number | null)[] = [];
      const updated: number[] = [];
      const inserts: { index: number; row: Row }[] = [];
      for (const [index, row] of batch.entries()) {
        const before = byCode.get(row.code.toLowerCase());
        if (!before) {
          inserts.push({ index, row });
          results.push('ok');
          entityIds.push(null);
        } else if (same(row, before)) {
          results.push('skipped');
          entityIds.push(before.id);
        } else {
          const { code: _code, ...changes } = row;
          await tx
            .update(customers)
            .set({
              ...changes,
              version: sql`${customers.version} + 1`,
              updatedBy: job.actor.id,
              updatedAt: new Date(),
            })
            .where(eq(customers.id, before.id));
          updated.push(before.id);
          results.push('ok');
          entityIds.push(before.id);
        }
      }
      const made =
        inserts.length === 0
          ? []
          : await tx
              .insert(customers)
              .values(
                inserts.map(({ row }) => ({
                  ...row,
                  createdBy: job.actor.id,
                  updatedBy: job.actor.id,
                })),
              )
              .returning({ id: customers.id });
      inserts.forEach(({ index }, i) => (entityIds[index] = made[i]?.id ?? null));
      counts.created += made.length;
      counts.updated += updated.length;
      counts.skipped += results.filter((r) => r === 'skipped').length;
      const announce = await announceRows(
        tx,
        customers,
        CUSTOMERS,
        made.map((m) => m.id),
        updated,
      );
      return { entityIds, results, afterCommit: announce };
    });
    return { result: { customers: counts } };
  },
};
