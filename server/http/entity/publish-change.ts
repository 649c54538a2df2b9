import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import { publishRow, type RowEntity, type RowPublishDeps } from './publish-row.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// After commit, a change goes out on the entity's module channel as `{id, seq, version, data}`
// (docs/domain/README.md §0). The sender's own socket is not skipped: another tab of the same
// browser may show the list, and the live store ignores a version it already has. Subscribers who
// may not read the entity get the ids only (publish-row.ts).

/** Pusher events stay under 10 KB; a larger row goes out as its ids and the store refetches. */
const DATA_LIMIT = 9_000;

export type ChangeVerb = 'created' | 'updated' | 'deleted';

/** The event a live list's cache channel carries: `{seq, id, version, verb}` of its last change. */
export const LIST_STATE_EVENT = 'list.state';

/** `private-inventory.stock` → `private-cache-inventory.stock`; none for other channel kinds. */
export function listCacheChannel(channel: string): string | undefined {
  if (!channel.startsWith('private-') || channel.startsWith('private-encrypted-')) return undefined;
  return `private-cache-${channel.slice('private-'.length)}`;
}

export async function publishChange(
  deps: RowPublishDeps,
  entity: RowEntity & Pick<EntityDeclaration, 'event'>,
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
  const seq = Number(row.seq);
  const change = { id: row.id, seq, version: row.version, data };
  await publishRow(deps, entity, `${entity.event}.${verb}`, change, options);
  // The list's last known state on its cache twin: a screen that opens hears at once whether
  // its first page is older than the last change, without waiting for the next one.
  const cache = listCacheChannel(entity.channel);
  if (cache) {
    await deps.realtime.publisher.publish({
      channels: [cache],
      event: LIST_STATE_EVENT,
      data: { seq, id: row.id, version: row.version, verb },
    });
  }
}
