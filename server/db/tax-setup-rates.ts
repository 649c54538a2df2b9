import { asc, eq, sql } from 'drizzle-orm';
import type { TaxRate } from '../../modules/general/shared/entities/document-taxes.ts';
import type { Tx } from './client.ts';
import { queryRows } from './query-rows.ts';
import { taxSetupLines } from './schema/accounting.ts';

// The sales taxes a document is figured with (document-taxes.ts): the tax setup of a province
// in force on the document's date, and its rates in the setup's order. Purchase orders,
// supplier invoices and sales orders read them the same way.

/** The province's tax setup in force on `date` (yyyy-MM-dd), the latest to start; or null. */
export async function taxSetupInForce(
  tx: Tx,
  provinceId: number | null,
  date: string,
): Promise<number | null> {
  if (provinceId === null) return null;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select ts.id::int from tax_setups ts
         where ts.province_id = ${provinceId} and ts.effective_from <= ${date}::date
           and coalesce(ts.effective_to, 'infinity'::date) >= ${date}::date
         order by ts.effective_from desc limit 1`,
  );
  return row ? Number(row.id) : null;
}

/** The rates of a tax setup, none without one. */
export async function taxRatesOf(tx: Tx, taxSetupId: number | null): Promise<TaxRate[]> {
  if (taxSetupId === null) return [];
  const rows = await tx
    .select({
      tax_code: taxSetupLines.taxCode,
      rate: taxSetupLines.rate,
      compound: taxSetupLines.compound,
    })
    .from(taxSetupLines)
    .where(eq(taxSetupLines.taxSetupId, taxSetupId))
    .orderBy(asc(taxSetupLines.id));
  return rows.map((r) => ({ ...r, rate: Number(r.rate) }));
}
