import { eq, sql } from 'drizzle-orm';
import type { RdSampleHplc } from '../../shared/entities/rd-sample-hplc.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import type { Db, Tx } from '../../../../server/db/client.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { raiseHplcRequestFor } from '../../../../server/db/production/hplc-tests.ts';
import { rdSampleSpecifications } from '../db/rd.schema.ts';
import { HPLC_REQUESTS } from '../../../../src/domain/entities/production/hplc-requests.entity.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';

// The optional HPLC request quality control asks for when it sends a sample (docs/domain/rd.md §7,
// reason rd). A sample is no product and has no lot: the request names the sample, and the lab's
// result is judged against the specifications it was sent with (nicotine as the label claim,
// the ranges of their HPLC category), which is why the category must be chosen first.

/** Raises sample no. 1 of the sample's HPLC test; refused (422) without an HPLC category. */
export async function requestSampleHplc(tx: Tx, sampleId: number, actorId: number) {
  const [spec] = await tx
    .select({ categoryId: rdSampleSpecifications.hplcCategoryId })
    .from(rdSampleSpecifications)
    .where(eq(rdSampleSpecifications.rdSampleId, sampleId));
  if (!spec?.categoryId) {
    throw ruleError(
      'hplc_category_id',
      'Choose the HPLC category in the specifications before requesting HPLC',
    );
  }
  return raiseHplcRequestFor(
    tx,
    { rdSampleId: sampleId },
    { productId: null, lotId: null },
    'rd',
    actorId,
  );
}

/** After commit: the lab hears of the new request, as it does of a batch's. */
export async function announceSampleHplc(
  deps: Pick<AppDeps, 'realtime'>,
  requestId: number,
  sampleId: number,
): Promise<void> {
  await deps.realtime.publisher.publish({
    channels: [HPLC_REQUESTS.channel],
    event: 'hplc.requested',
    data: { id: requestId, rd_sample_id: sampleId },
  });
}

/** The sample's latest HPLC request with its result, or null when none was asked for. */
export async function readSampleHplc(db: Db | Tx, sampleId: number): Promise<RdSampleHplc | null> {
  const [row] = await queryRows<RdSampleHplc>(
    db,
    sql`select r.id::int, r.number, r.status, r.sample_no, res.nominal_mg::float8 as nominal_mg,
        res.measured_mg::float8 as measured_mg, res.percent_of_claim::float8 as percent_of_claim,
        res.min_pct::float8 as min_pct, res.max_pct::float8 as max_pct, res.passed
      from hplc_requests r left join hplc_results res on res.hplc_request_id = r.id
      where r.rd_sample_id = ${sampleId} order by r.sample_no desc limit 1`,
  );
  return row ?? null;
}
