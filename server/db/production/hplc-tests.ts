import { and, eq, sql } from 'drizzle-orm';
import { ruleError } from '../../errors/api-error.ts';
import type { Tx } from '../client.ts';
import { nextNumber } from '../document-number.ts';
import { products } from '../schema/inventory.ts';
import { hplcRanges } from '../schema/production.ts';
import { hplcRequests, hplcResults } from '../schema/production-orders.ts';
import { rdSampleSpecifications } from '../../../modules/rd/server/db/rd.schema.ts';
import { numberSetting } from '../setting-value.ts';
import { nicotineLimit, nicotineLimitMessage } from '../nicotine-limit.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// HPLC tests of a batch (docs/domain/production.md §3.2): a request per sample, one result per
// request. The verdict is the server's: the category's ranges (or the zero-nicotine limit) are
// copied onto the result when it is entered, so a later range edit never rewrites history. An R&D
// sample's request has no product: its nominal and category are the sample's specifications.

export async function raiseHplcRequest(
  tx: Tx,
  order: EntityRow,
  reason: 'initial' | 'retest' | 'rework',
  actorId: number,
): Promise<number> {
  return raiseHplcRequestFor(
    tx,
    { productionOrderId: order.id },
    {
      productId: Number(order.product_id),
      lotId: (order.batch_lot_id as number | null) ?? null,
    },
    reason,
    actorId,
  );
}

/** Whose test it is: an order's batch, a recovery's lot or an R&D sample (one of them). */
export type HplcSource =
  { productionOrderId: number } | { recoveryId: number } | { rdSampleId: number };

function sourceIs(source: HplcSource) {
  if ('productionOrderId' in source) {
    return eq(hplcRequests.productionOrderId, source.productionOrderId);
  }
  if ('recoveryId' in source) return eq(hplcRequests.recoveryId, source.recoveryId);
  return eq(hplcRequests.rdSampleId, source.rdSampleId);
}

/**
 * A new sample of the source's lot, numbered after its earlier ones; a failed earlier sample
 * is marked retest_requested, since this one takes its place.
 */
export async function raiseHplcRequestFor(
  tx: Tx,
  source: HplcSource,
  sample: { productId: number | null; lotId: number | null },
  reason: 'initial' | 'retest' | 'rework' | 'recovery' | 'rd',
  actorId: number,
): Promise<number> {
  const mine = sourceIs(source);
  const [last] = await tx
    .select({ sampleNo: sql<number>`coalesce(max(${hplcRequests.sampleNo}), 0)::int` })
    .from(hplcRequests)
    .where(mine);
  await tx
    .update(hplcRequests)
    .set({ status: 'retest_requested', updatedBy: actorId })
    .where(and(mine, eq(hplcRequests.status, 'failed')));
  const [row] = await tx
    .insert(hplcRequests)
    .values({
      number: await nextNumber(tx, 'hplc_request'),
      productionOrderId: 'productionOrderId' in source ? source.productionOrderId : null,
      recoveryId: 'recoveryId' in source ? source.recoveryId : null,
      rdSampleId: 'rdSampleId' in source ? source.rdSampleId : null,
      productId: sample.productId,
      lotId: sample.lotId,
      sampleNo: (last?.sampleNo ?? 0) + 1,
      reason,
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning({ id: hplcRequests.id });
  if (!row) throw new Error('hplc: request insert returned no row');
  return row.id;
}

export type Verdict = {
  nominalMg: number;
  minPct: number | null;
  maxPct: number | null;
  zeroNicMaxMg: number | null;
  percentOfClaim: number | null;
  passed: boolean;
  hplcCategoryId: number | null;
  /** Why it failed whatever its range: the measure is over the nicotine limit. */
  overLimit?: string;
};

/** What a sample is judged against: its label claim and the category whose ranges apply. */
export type TestBasis = { nominalMg: number; hplcCategoryId: number | null; of: string };

/**
 * A batch or a recovered lot is judged against its product; an R&D sample, which is no
 * product yet, against the specifications it was sent with (they no longer change then).
 */
export async function testBasis(
  tx: Tx,
  request: { productId: number | null; rdSampleId: number | null },
): Promise<TestBasis> {
  if (request.productId === null && request.rdSampleId !== null) {
    const [spec] = await tx
      .select({
        nominal: rdSampleSpecifications.nicotineMg,
        categoryId: rdSampleSpecifications.hplcCategoryId,
      })
      .from(rdSampleSpecifications)
      .where(eq(rdSampleSpecifications.rdSampleId, request.rdSampleId));
    return {
      nominalMg: Number(spec?.nominal ?? 0),
      hplcCategoryId: spec?.categoryId ?? null,
      of: 'sample',
    };
  }
  const [product] = await tx
    .select({ nominal: products.nicotineMg, categoryId: products.hplcCategoryId })
    .from(products)
    .where(eq(products.id, request.productId ?? 0));
  return {
    nominalMg: Number(product?.nominal ?? 0),
    hplcCategoryId: product?.categoryId ?? null,
    of: 'product',
  };
}

/**
 * The verdict on its range (rangeVerdict), failed whatever the range when the measure is over
 * the nicotine limit of vaping products (nicotine-limit.ts).
 */
export async function judge(tx: Tx, basis: TestBasis, measuredMg: number): Promise<Verdict> {
  const verdict = await rangeVerdict(tx, basis, measuredMg);
  const limit = await nicotineLimit(tx);
  if (measuredMg <= limit) return verdict;
  return {
    ...verdict,
    passed: false,
    overLimit: nicotineLimitMessage('The result', measuredMg, limit),
  };
}

/** nominal > 0: min ≤ measured/nominal × 100 ≤ max; nominal 0: measured ≤ the zero-nic limit. */
async function rangeVerdict(tx: Tx, basis: TestBasis, measuredMg: number): Promise<Verdict> {
  const { nominalMg, hplcCategoryId } = basis;
  if (nominalMg <= 0) {
    const limit = await numberSetting(tx, 'production.zero_nic_max_mg', 0.1);
    return {
      nominalMg,
      minPct: null,
      maxPct: null,
      zeroNicMaxMg: limit,
      percentOfClaim: null,
      passed: measuredMg <= limit,
      hplcCategoryId,
    };
  }
  if (!hplcCategoryId) throw ruleError('measured_mg', `The ${basis.of} has no HPLC category`);
  const ranges = await tx
    .select({ type: hplcRanges.type, pct: hplcRanges.percentRange })
    .from(hplcRanges)
    .where(eq(hplcRanges.hplcCategoryId, hplcCategoryId));
  const min = ranges.find((r) => r.type === 1);
  const max = ranges.find((r) => r.type === 2);
  if (!min || !max) throw ruleError('measured_mg', 'The HPLC category has no minimum and maximum');
  const percentOfClaim = Math.round((measuredMg / nominalMg) * 100 * 1000) / 1000;
  const minPct = Number(min.pct);
  const maxPct = Number(max.pct);
  return {
    nominalMg,
    minPct,
    maxPct,
    zeroNicMaxMg: null,
    percentOfClaim,
    passed: percentOfClaim >= minPct && percentOfClaim <= maxPct,
    hplcCategoryId,
  };
}

export async function recordResult(
  tx: Tx,
  requestId: number,
  verdict: Verdict,
  input: { measuredMg: number; replicates: number[] | null; analystId: number },
): Promise<void> {
  const num = (n: number | null) => (n === null ? null : String(n));
  await tx.insert(hplcResults).values({
    hplcRequestId: requestId,
    hplcCategoryId: verdict.hplcCategoryId,
    nominalMg: String(verdict.nominalMg),
    minPct: num(verdict.minPct),
    maxPct: num(verdict.maxPct),
    zeroNicMaxMg: num(verdict.zeroNicMaxMg),
    measuredMg: String(input.measuredMg),
    replicates: input.replicates,
    percentOfClaim: num(verdict.percentOfClaim),
    passed: verdict.passed,
    analystId: input.analystId,
    createdBy: input.analystId,
    updatedBy: input.analystId,
  });
  await tx
    .update(hplcRequests)
    .set({ status: verdict.passed ? 'passed' : 'failed', updatedBy: input.analystId })
    .where(eq(hplcRequests.id, requestId));
}
