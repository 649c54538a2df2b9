import { TRAININGS } from '../../shared/entities/trainings.entity.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { publishChange, type ChangeVerb } from '../../../../server/http/entity/publish-change.ts';
import type { RowOf } from '../../../../src/domain/entity/row-of.ts';

/**
 * A training's change on private-training (`training.updated`, `training.assigned` for a new
 * one) and on its trainee's own channel, where "My trainings" and the home page hear it.
 */
export async function publishTraining(
  deps: Pick<AppDeps, 'realtime'>,
  verb: ChangeVerb | 'assigned',
  row: RowOf<typeof TRAININGS>,
): Promise<void> {
  const trainee = `private-users.${row.trainee_id}`;
  // Live lists apply `training.created`; `training.assigned` names the business event.
  await publishChange(deps, TRAININGS, verb === 'assigned' ? 'created' : verb, row, {
    alsoTo: [trainee],
  });
  if (verb !== 'assigned') return;
  await deps.realtime.publisher.publish({
    channels: [TRAININGS.channel, trainee],
    event: `${TRAININGS.event}.assigned`,
    data: { id: row.id, seq: row.seq, version: row.version, data: row },
  });
}
