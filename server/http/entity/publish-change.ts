import { isChannelWiderThan } from '../../../src/domain/channel-access.ts';
import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { PublishMessage } from '../../realtime/publisher.ts';
import type { EntityRow } from './entity-binding.ts';

// After commit, a change goes out on the entity's module channel as `{id, seq, version, data}`
// (domain.md §0). The sender's own socket is not skipped: another tab of the same browser may
// show the list, and the live store ignores a version it already has.
//
// A channel may be joined by roles that may not read every entity announced on it (one
// channel serves several screens). There the row goes only to subscribers whose session may
// read the entity through its API; the others get the ids with `data: null` and fetch the row
// themselves, through the API, which checks.

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
  deps: { realtime: Pick<AppDeps['realtime'], 'publisher'> },
  /** Without `area`, nobody can be shown to read the row: every subscriber gets the ids only. */
  entity: Pick<EntityDeclaration, 'channel' | 'event'> & Partial<Pick<EntityDeclaration, 'area'>>,
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
  const event = `${entity.event}.${verb}`;
  const change = { id: row.id, seq, version: row.version, data };
  const alsoTo = options.alsoTo ?? [];
  const send = (channels: string[], narrowed?: Pick<PublishMessage, 'data' | 'readers'>) =>
    deps.realtime.publisher.publish({
      channels,
      event,
      data: change,
      ...narrowed,
      socketId: options.socketId,
    });
  const area = entity.area;
  if (data === null || (area !== undefined && !isChannelWiderThan(entity.channel, area))) {
    await send([entity.channel, ...alsoTo]);
  } else {
    const idsOnly = { ...change, data: null };
    await send(
      [entity.channel],
      area === undefined ? { data: idsOnly } : { data: change, readers: { area, others: idsOnly } },
    );
    // The extra channels are the caller's choice of who hears the whole change.
    if (alsoTo.length > 0) await send([...alsoTo]);
  }
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
