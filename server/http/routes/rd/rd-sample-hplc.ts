import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps.ts';
import type { Tx } from '../../../db/client.ts';
import { raiseHplcRequestFor } from '../../../db/production/hplc-tests.ts';
import { rdSampleSpecifications } from '../../../db/schema/rd.ts';
import { HPLC_REQUESTS } from '../../../../src/domain/entities/production/hplc-requests.entity.ts';
import { ruleError } from '../../api-error.ts';

// The optional HPLC request quality control asks for when it sends a sample (domain.md §7,
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
