import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createSchema } from '../../../../src/domain/entity/entity-declaration.ts';
import {
  PRICE_TIER_LINE_FIELDS,
  PRICE_TIERS,
} from '../../../../src/domain/entities/inventory/price-tiers.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { currencies } from '../../../db/schema/general.ts';
import { priceTierPrices, priceTiers, products } from '../../../db/schema/inventory.ts';
import { qualified, refLabel } from '../../entity/entity-binding.ts';
import { registerEntityRoutes } from '../../entity/entity-routes.ts';
import { ruleError, validationError } from '../../../errors/api-error.ts';

// Price tiers with their quantity breaks as `lines`: sent with the tier, replaced as a whole
// on every save that carries them, read back with GET /:id.

// Unknown keys are dropped, so lines read back (with their id and product_sku) can be sent again.
const lineSchema = z.object(createSchema({ ...PRICE_TIERS, fields: PRICE_TIER_LINE_FIELDS }).shape);

type Line = {
  product_id: number;
  min_qty: number;
  unit_price: number;
  valid_from: string;
  valid_to?: string | null;
};

export function registerPriceTierRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEntityRoutes(app, deps, {
    entity: PRICE_TIERS,
    table: priceTiers,
    computed: {
      currency_code: refLabel(priceTiers.currencyId, currencies, 'code'),
      line_count:
        sql<number>`(select count(*) from price_tier_prices p where p.price_tier_id = ${qualified(priceTiers.id)})`.mapWith(
          Number,
        ),
    },
    extraBody: { lines: z.array(lineSchema).max(2000).optional() },
    hooks: {
      beforeWrite: async ({ values }) => {
        const lines = (values.lines ?? []) as Line[];
        const seen = new Set<string>();
        lines.forEach((line, i) => {
          const key = `${line.product_id}|${line.min_qty}|${line.valid_from}`;
          if (seen.has(key)) throw validationError({ [`lines.${i}.min_qty`]: 'unique' });
          seen.add(key);
          if (line.valid_to && line.valid_to < line.valid_from) {
            throw ruleError(`lines.${i}.valid_to`, 'Valid to is before valid from');
          }
        });
      },
      afterWrite: async ({ tx, actor, values, after }) => {
        if (values.lines === undefined) return;
        await replaceLines(tx, after.id, values.lines as Line[], actor.id);
      },
    },
    // The count is read again here: on a save the row was read before its lines were written.
    readExtra: async (db, row) => {
      const lines = await readLines(db, row.id);
      return { lines, line_count: lines.length };
    },
  });
}

async function replaceLines(tx: Tx, tierId: number, lines: Line[], userId: number) {
  await tx.delete(priceTierPrices).where(eq(priceTierPrices.priceTierId, tierId));
  if (lines.length === 0) return;
  await tx.insert(priceTierPrices).values(
    lines.map((line) => ({
      priceTierId: tierId,
      productId: line.product_id,
      minQty: String(line.min_qty),
      unitPrice: String(line.unit_price),
      validFrom: line.valid_from,
      validTo: line.valid_to ?? null,
      createdBy: userId,
      updatedBy: userId,
    })),
  );
}

async function readLines(db: Db | Tx, tierId: number) {
  return db
    .select({
      id: priceTierPrices.id,
      product_id: priceTierPrices.productId,
      product_sku: products.sku,
      min_qty: sql<number>`${priceTierPrices.minQty}::float8`.mapWith(Number),
      unit_price: sql<number>`${priceTierPrices.unitPrice}::float8`.mapWith(Number),
      valid_from: sql<string>`to_char(${priceTierPrices.validFrom}, 'YYYY-MM-DD')`,
      valid_to: sql<string | null>`to_char(${priceTierPrices.validTo}, 'YYYY-MM-DD')`,
    })
    .from(priceTierPrices)
    .innerJoin(products, eq(products.id, priceTierPrices.productId))
    .where(eq(priceTierPrices.priceTierId, tierId))
    .orderBy(asc(products.sku), asc(priceTierPrices.minQty), asc(priceTierPrices.validFrom));
}
