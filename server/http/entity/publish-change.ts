import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { EntityRow } from './entity-binding.ts';

// After commit, a change goes out on the entity's module channel as `{id, seq, version, data}`
// (domain.md §0). The sender's own socket is not skipped: another tab of the same browser may
// show the list, and the live store ignores a version it already has.

/** Pusher events stay under 10 KB; a larger row goes out as its ids and the store refetches. */
const DATA_LIMIT = 9_000;

export type ChangeVerb = 'created' | 'updated' | 'deleted';

export async function publishChange(
  deps: Pick<AppDeps, 'realtime'>,
  entity: Pick<EntityDeclaration, 'channel' | 'event'>,
  verb: ChangeVerb,
  row: EntityRow,
  options: {
    /** More channels that hear the same change (a user's own `private-users.{id}`). */
    alsoTo?: readonly string[];
    /** The sender's connection, left out (X-Socket-Id), where the sender must not hear it. */
    socketId?: string;
  } = {},
): Promise<void> {
  const data = verb === 'deleted' || JSON.stringify(row).length > DATA_LIMIT ? null : row;
  await deps.realtime.publisher.publish({
    channels: [entity.channel, ...(options.alsoTo ?? [])],
    event: `${entity.event}.${verb}`,
    data: { id: row.id, seq: Number(row.seq), version: row.version, data },
    socketId: options.socketId,
  });
}
