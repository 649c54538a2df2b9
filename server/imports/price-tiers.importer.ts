import { and, eq, inArray, sql } from 'drizzle-orm';
import { PRICE_TIERS } from '../../src/domain/entities/inventory/price-tiers.entity.ts';
import { PRICE_TIER_IMPORT_COLUMNS } from '../../src/domain/imports/price-tier-import.columns.ts';
import type { Db, Tx } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { priceTierPrices, priceTiers } from '../db/schema/inventory.ts';
import { duplicateKeys } from './duplicate-keys.ts';
import { IMPORTS_CHANNEL } from './import-job-state.ts';
import { APPLY_BATCH, type Importer, type RowOutcome, type RowResult } from './importer.ts';
import { announceRows } from './publish-imported.ts';
import { RowCells } from './row-cells.ts';

// Price tier import (docs/domain/imports.md §12; columns in price-tier-import.columns.ts): the
// quantity breaks sales tier pricing reads (price_tier_prices), keyed by tier, product, minimum
// quantity and valid-from date, the table's own unique key. A tier the file names that does
// not exist is made with the row's name and currency; a known tier keeps its own. A break
// already there is updated when its price or end date differ, else skipped; breaks the file
// does not name are left alone (a file adds and corrects prices, it does not replace a list,
// which is the tier form's job). The tiers whose breaks changed get a new version, so a form
// open on one is told its lines moved.

type Row = {
  tierCode: string;
  tierName: string | null;
  currencyId: number;
  productId: number;
  minQty: number;
  unitPrice: number;
  validFrom: string;
  validTo: string | null;
};

type Context = {
  tiers: Map<string, number>;
  products: Map<string, number>;
  currencies: Map<string, number>;
  cad: number | null;
};

async function prepare(db: Db | Tx): Promise<Context> {
  // One after another: `db` may be a transaction's one connection.
  const tiers = await queryRows<{ code: string; id: number }>(
    db,
    sql`select lower(code) as code, id::int as id from price_tiers`,
  );
  const products = await queryRows<{ sku: string; id: number }>(
    db,
    sql`select lower(sku) as sku, id::int as id from products`,
  );
  const currencies = await queryRows<{ code: string; id: number }>(
    db,
    sql`select lower(code) as code, id::int as id from currencies`,
  );
  const currencyIds = new Map(currencies.map((c) => [c.code, c.id]));
  return {
    tiers: new Map(tiers.map((t) => [t.code, t.id])),
    products: new Map(products.map((p) => [p.sku, p.id])),
    currencies: currencyIds,
    cad: currencyIds.get('cad') ?? null,
  };
}

function parseRow(values: Record<string, string>, context: Context): RowResult<Row> {
  const cells = new RowCells(values);
  const tierCode = cells.text('tier', { required: true, max: 30 });
  const known = tierCode !== null && context.tiers.has(tierCode.toLowerCase());
  const tierName = cells.text('tier_name', { required: tierCode !== null && !known, max: 120 });
  const currencyId = cells.ref('currency', context.currencies, false) ?? context.cad;
  const productId = cells.ref('sku', context.products);
  const minQty = cells.number('min_qty', { min: 0 }) ?? 1;
  const unitPrice = cells.number('unit_price', { required: true, min: 0 });
  const validFrom = cells.date('valid_from', true);
  const validTo = cells.date('valid_to');
  if (validFrom !== null && validTo !== null && validTo < validFrom)
    cells.fail('valid_to', 'Valid to is before valid from');
  if (
    !cells.ok ||
    tierCode === null ||
    productId === null ||
    unitPrice === null ||
    validFrom === null ||
    currencyId === null
  )
    return {
      ok: false,
      errors: currencyId === null ? { currency: 'required', ...cells.errors } : cells.errors,
    };
  return {
    ok: true,
    value: { tierCode, tierName, currencyId, productId, minQty, unitPrice, validFrom, validTo },
  };
}

const breakKey = (row: Row) =>
  `${row.tierCode.toLowerCase()}|${row.productId}|${row.minQty}|${row.validFrom}`;

/** Finds the batch's tiers, making the ones not there yet; answers code → id and the new ids. */
async function tiersOf(
  tx: Tx,
  batch: readonly Row[],
  actorId: number,
): Promise<{ ids: Map<string, number>; made: number[] }> {
  const codes = [...new Set(batch.map((r) => r.tierCode.toLowerCase()))];
  const found = await tx
    .select({ id: priceTiers.id, code: priceTiers.code })
    .from(priceTiers)
    .where(inArray(sql`lower(${priceTiers.code})`, codes));
  const ids = new Map(found.map((t) => [t.code.toLowerCase(), t.id]));
  const missing = new Map<string, Row>();
  for (const row of batch) {
    const code = row.tierCode.toLowerCase();
    if (!ids.has(code) && !missing.has(code)) missing.set(code, row);
  }
  if (missing.size === 0) return { ids, made: [] };
  const made = await tx
    .insert(priceTiers)
    .values(
      [...missing.values()].map((row) => ({
        code: row.tierCode,
        // A row naming a tier the file makes was refused without a name (parseRow).
        name: row.tierName ?? row.tierCode,
        currencyId: row.currencyId,
        createdBy: actorId,
        updatedBy: actorId,
      })),
    )
    .returning({ id: priceTiers.id, code: priceTiers.code });
  for (const tier of made) ids.set(tier.code.toLowerCase(), tier.id);
  return { ids, made: made.map((t) => t.id) };
}

export type PriceTierCounts = {
  tiers_created: number;
  prices_created: number;
  prices_updated: number;
  prices_skipped: number;
};

export const priceTiersImporter: Importer<Row, Context> = {
  type: 'price_tiers',
  area: 'imports',
  channel: IMPORTS_CHANNEL,
  columns: PRICE_TIER_IMPORT_COLUMNS,
  prepare,
  parseRow,
  checkAll: (rows) => duplicateKeys(rows, breakKey, ['tier', 'sku', 'min_qty', 'valid_from']),
  async apply(rows, job) {
    const counts: PriceTierCounts = {
      tiers_created: 0,
      prices_created: 0,
      prices_updated: 0,
      prices_skipped: 0,
    };
    await job.inBatches(APPLY_BATCH, async (tx, batch) => {
      const actorId = job.actor.id;
      const tiers = await tiersOf(tx, batch, actorId);
      counts.tiers_created += tiers.made.length;
      const tierIdOf = (row: Row) => tiers.ids.get(row.tierCode.toLowerCase())!;
      const stored = await tx
        .select()
        .from(priceTierPrices)
        .where(
          and(
            inArray(priceTierPrices.priceTierId, [...new Set(batch.map(tierIdOf))]),
            inArray(priceTierPrices.productId, [...new Set(batch.map((r) => r.productId))]),
          ),
        );
      const storedKey = (tierId: number, productId: number, minQty: number, from: string) =>
        `${tierId}|${productId}|${minQty}|${from}`;
      const byKey = new Map(
        stored.map((p) => [
          storedKey(p.priceTierId, p.productId, Number(p.minQty), p.validFrom),
          p,
        ]),
      );
      const results: RowOutcome[] = [];
      const touched = new Set<number>();
      const inserts: (typeof priceTierPrices.$inferInsert)[] = [];
      for (const row of batch) {
        const tierId = tierIdOf(row);
        const before = byKey.get(storedKey(tierId, row.productId, row.minQty, row.validFrom));
        if (!before) {
          inserts.push({
            priceTierId: tierId,
            productId: row.productId,
            minQty: String(row.minQty),
            unitPrice: String(row.unitPrice),
            validFrom: row.validFrom,
            validTo: row.validTo,
            createdBy: actorId,
            updatedBy: actorId,
          });
          touched.add(tierId);
          results.push('ok');
        } else if (Number(before.unitPrice) === row.unitPrice && before.validTo === row.validTo) {
          results.push('skipped');
        } else {
          await tx
            .update(priceTierPrices)
            .set({
              unitPrice: String(row.unitPrice),
              validTo: row.validTo,
              updatedBy: actorId,
            })
            .where(eq(priceTierPrices.id, before.id));
          touched.add(tierId);
          results.push('ok');
          counts.prices_updated += 1;
        }
      }
      if (inserts.length > 0) await tx.insert(priceTierPrices).values(inserts);
      counts.prices_created += inserts.length;
      counts.prices_skipped += results.filter((r) => r === 'skipped').length;
      const changed = [...touched].filter((id) => !tiers.made.includes(id));
      if (changed.length > 0)
        await tx
          .update(priceTiers)
          // Any update renews the version (row-stamps.ts): a form open on the tier goes stale.
          .set({ updatedBy: actorId })
          .where(inArray(priceTiers.id, changed));
      const afterCommit = await announceRows(tx, priceTiers, PRICE_TIERS, tiers.made, changed);
      return { entityIds: batch.map(tierIdOf), results, afterCommit };
    });
    return { result: { price_tiers: counts } };
  },
};
