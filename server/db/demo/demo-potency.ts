import { sql } from 'drizzle-orm';
import { controlChart, driftOf } from '../../../src/domain/entities/production/potency-control.ts';
import type { Tx } from '../client.ts';
import { nextNumber } from '../document-number.ts';
import { queryRows } from '../query-rows.ts';
import {
  hplcRequests,
  hplcResults,
  productionOrderOperations,
  productionOrders,
} from '../schema/production-orders.ts';
import { day } from './demo-trace-context.ts';

// Four months of closed batches with their HPLC results for the potency control charts
// (docs/domain/production.md "Potency control charts"): a few 6 and 12 mg goods batched every
// other day by the three batchers, each result near its claim, and one good whose last batches
// drift upwards until its chart flags a 2-2s while every result still passes (90–110 %). The
// mango 6 mg 30 ml good the tests plan on is left without history.

const DAYS = 120;
const EVERY_DAYS = 2;
const BATCH_ML = 18_000;
const UNITS = 580;
const BATCHERS = ['batcher', 'head_batcher', 'supervisor_batcher'];

type Good = { product_id: number; recipe_id: number; nicotine_mg: number; sku: string };

/** A small deterministic generator, so every demo has the same history. */
function noise(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  // Roughly normal: the sum of four uniforms, centred, scaled to sd 1.
  return () => (next() + next() + next() + next() - 2) * Math.sqrt(3);
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The % of claim as stored: from the measured mg (3 decimals), itself kept to 3 decimals. */
const stored = (nominal: number) => (pct: number) =>
  round3((round3((nominal * pct) / 100) / nominal) * 100);

/** % of claim of each batch, oldest first; the drifting good's last ones climb to a 2-2s. */
function history(count: number, seed: number, drifting: boolean, nominal: number): number[] {
  const draw = noise(seed);
  const keep = stored(nominal);
  const values = Array.from({ length: count }, () => keep(100 + 1.2 * draw()));
  if (!drifting) return values;
  const base = values.slice(0, count - 6);
  for (let k = 0; k < 12 && !driftOf(controlChart(base)).includes('2-2s'); k += 1) {
    const limits = controlChart(base).at(-1)?.limits;
    if (!limits) break;
    base.push(keep(limits.centre + (1.6 + 0.35 * k) * limits.sigma));
  }
  return base;
}

export async function seedDemoPotency(tx: Tx): Promise<void> {
  const goods = await queryRows<Good>(
    tx,
    sql`select g.id::int as product_id, r.id::int as recipe_id,
               g.nicotine_mg::float8 as nicotine_mg, g.sku
          from products g
          join products b on b.sku = 'BL-' || split_part(g.sku, '-', 2) || '-' || split_part(g.sku, '-', 3)
          join lateral (select id from recipes where product_id = b.id and status = 'approved'
                         order by recipe_version desc limit 1) r on true
         where g.sku like 'FG-%-30' and g.nicotine_mg > 0 and g.sku <> 'FG-MANGO-06-30'
         order by g.sku limit 4`,
  );
  const [refs] = await queryRows<{ flow: number; batching: number; hplc: number | null }>(
    tx,
    sql`select (select id::int from flows where code = 'eliquid_to_transfer') as flow,
               (select id::int from phases where module = 'production' and code = 'batching') as batching,
               (select id::int from machines where code = 'HPLC-01') as hplc`,
  );
  const people = await queryRows<{ id: number; username: string }>(
    tx,
    sql`select id::int as id, username from users
         where username in ('planning', 'hplc_tech', 'batcher', 'head_batcher', 'supervisor_batcher')`,
  );
  const who = (name: string) => people.find((p) => p.username === name)?.id ?? null;
  if (!refs?.flow || !refs.batching || goods.length === 0) return;
  const count = Math.floor(DAYS / EVERY_DAYS);
  for (const [g, good] of goods.entries()) {
    const values = history(count, 17 + g, g === 0, good.nicotine_mg);
    for (const [i, pct] of values.entries()) {
      const daysAgo = DAYS - i * EVERY_DAYS - (g % EVERY_DAYS);
      const batcher = who(BATCHERS[(i + g) % BATCHERS.length]!);
      const [order] = await tx
        .insert(productionOrders)
        .values({
          number: await nextNumber(tx, 'production_order'),
          productId: good.product_id,
          recipeId: good.recipe_id,
          flowId: refs.flow,
          plannedUnits: UNITS,
          plannedMl: String(BATCH_ML),
          dueDate: day(daysAgo - 3)
            .toISOString()
            .slice(0, 10),
          status: 'closed',
          stage: 'transferred',
          hplcStatus: 'passed',
          actualBatchMl: String(BATCH_ML),
          bottledUnits: UNITS,
          labeledUnits: UNITS,
          transferredUnits: UNITS,
          startedAt: day(daysAgo),
          completedAt: day(daysAgo - 2),
          closedAt: day(daysAgo - 3),
          createdBy: who('planning'),
          updatedBy: who('planning'),
        })
        .returning({ id: productionOrders.id });
      await tx.insert(productionOrderOperations).values({
        productionOrderId: order!.id,
        seq: 1,
        phaseId: refs.batching,
        assignedTo: batcher,
        status: 'done',
        startedAt: day(daysAgo),
        finishedAt: day(daysAgo),
      });
      const [request] = await tx
        .insert(hplcRequests)
        .values({
          number: await nextNumber(tx, 'hplc_request'),
          productionOrderId: order!.id,
          productId: good.product_id,
          sampledAt: day(daysAgo),
          status: 'passed',
          createdBy: batcher,
          updatedBy: who('hplc_tech'),
        })
        .returning({ id: hplcRequests.id });
      const measured = round3((good.nicotine_mg * pct) / 100);
      await tx.insert(hplcResults).values({
        hplcRequestId: request!.id,
        nominalMg: String(good.nicotine_mg),
        minPct: '90',
        maxPct: '110',
        measuredMg: measured.toFixed(3),
        percentOfClaim: pct.toFixed(3),
        passed: true,
        instrumentId: refs.hplc,
        analystId: who('hplc_tech'),
        testedAt: new Date(day(daysAgo).getTime() + 4 * 3_600_000),
        createdBy: who('hplc_tech'),
        updatedBy: who('hplc_tech'),
      });
    }
  }
}
