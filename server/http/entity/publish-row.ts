import { isChannelWiderThan, isPersonalChannel } from '../../../src/domain/channel-access.ts';
import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import type { AppDeps } from '../../app-deps.ts';

// A channel may be joined by roles that may not read every entity announced on it (one
// channel serves several screens). There a row goes only to subscribers whose session may
// read the entity through its API; the others get its ids with `data: null` and fetch the row
// themselves, through the API, which checks. A user's own channel (`private-users.{id}`) hears
// what the caller chose to tell that user.

export type RowPublishDeps = { realtime: Pick<AppDeps['realtime'], 'publisher'> };

/** The entity a row belongs to; without `area` nobody is shown to read it: ids only. */
export type RowEntity = Pick<EntityDeclaration, 'channel'> &
  Partial<Pick<EntityDeclaration, 'area'>>;

export type RowPublishOptions = {
  /** More channels that hear the same event (a user's own `private-users.{id}`). */
  alsoTo?: readonly string[];
  /** The sender's connection, left out (X-Socket-Id), where the sender must not hear it. */
  socketId?: string | undefined;
};

/** Sends `{id, seq, version, data: row}` as `event` on the entity's channel (and `alsoTo`). */
export async function publishRow(
  deps: RowPublishDeps,
  entity: RowEntity,
  event: string,
  change: { id: number; seq: number; version: number; data: object | null },
  options: RowPublishOptions = {},
): Promise<void> {
  const channels = [entity.channel, ...(options.alsoTo ?? [])];
  const { area } = entity;
  const narrowed =
    change.data === null
      ? []
      : channels.filter(
          (c) => !isPersonalChannel(c) && (area === undefined || isChannelWiderThan(c, area)),
        );
  const whole = channels.filter((c) => !narrowed.includes(c));
  const { publisher } = deps.realtime;
  const socketId = options.socketId;
  if (whole.length > 0) await publisher.publish({ channels: whole, event, data: change, socketId });
  if (narrowed.length === 0) return;
  const idsOnly = { ...change, data: null };
  await publisher.publish(
    area === undefined
      ? { channels: narrowed, event, data: idsOnly, socketId }
      : { channels: narrowed, event, data: change, readers: { area, others: idsOnly }, socketId },
  );
}
