import { eq } from 'drizzle-orm';
import { canUseArea } from '../../../../src/domain/area-modules.ts';
import type { SessionUser } from '../../../../server/auth/session-user.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { rdProjects } from '../db/rd.schema.ts';
import { ApiError } from '../../../../server/errors/api-error.ts';
import type { RdSampleRow } from '../../shared/entities/rd-samples.entity.ts';

// docs/domain/rd.md §7: a sent sample is evaluated by the supervisor or quality control, and by the
// rd_requester "via the project page". Decision: only the requester of the sample's own
// project (rd_projects.requester_id), never another requester's; the lab roles evaluate any.

/** The roles that may ask to record an evaluation; who among them may is decided below. */
export const EVALUATOR_ROLES = ['rd_supervisor', 'rd_quality_control', 'rd_requester'];

/** 403 unless `actor` works in the samples area or requested the sample's project. */
export async function assertMayEvaluate(tx: Tx, actor: SessionUser, sample: RdSampleRow) {
  if (canUseArea(actor, 'rd_samples')) return;
  const [project] = await tx
    .select({ requesterId: rdProjects.requesterId })
    .from(rdProjects)
    .where(eq(rdProjects.id, sample.rd_project_id ?? 0));
  if (!actor.roles.includes('rd_requester') || project?.requesterId !== actor.id) {
    throw new ApiError(
      'no_privileges',
      { status: 'Only the requester of this project may evaluate its samples' },
      403,
    );
  }
}
