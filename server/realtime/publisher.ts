import type { Area } from '../../src/domain/access.ts';
import { Limits, channelKind, encodeData, isValidChannelName, isValidSocketId } from './protocol.ts';

// How server code broadcasts after a commit, whoever carries the websockets. Route handlers
// depend on this interface only; createRealtime picks the implementation from config.

export interface PublishMessage {
  channels: string[];
  /** e.g. `order.updated`; Echo listens with `.order.updated`. */
  event: string;
  /** JSON-encoded unless already a string; must stay under 10 KB encoded. */
  data: unknown;
  /**
   * The X-Socket-Id of the request that caused the change: that connection is skipped. A value
   * that is not a socket id is ignored (the header comes from the browser; a publish after a
   * commit must not fail on it).
   */
  socketId?: string;
  /**
   * Set when some who may join the channels may not read what `data` carries: only
   * subscribers whose session may read rows of `area` get `data`, every other one gets
   * `others` (the ids without the row, which the client then fetches through the API). A
   * server that cannot tell its subscribers apart (an external one) sends `others` to all.
   */
  readers?: Readers;
}

export interface Readers {
  area: Area;
  others: unknown;
}

export interface Publisher {
  publish(message: PublishMessage): Promise<void>;
  close(): Promise<void>;
}

export class PublishError extends Error {
  override readonly name = 'PublishError';
}

/**
 * Checks a message the way the HTTP API would, so a bad publish fails loudly in the route
 * that made it, not silently in a websocket far away. Returns the data as wire text and the
 * socket id to exclude, if it is one.
 */
export function checkPublishMessage(
  message: PublishMessage,
  options: { allowEncrypted: boolean },
): { data: string; others: string | undefined; socketId: string | undefined } {
  if (message.channels.length === 0) throw new PublishError('publish needs at least one channel');
  for (const channel of message.channels) {
    if (!isValidChannelName(channel)) throw new PublishError(`Invalid channel name: ${String(channel)}`);
    if (!options.allowEncrypted && channelKind(channel) === 'encrypted') {
      throw new PublishError('Encrypted channels need the pusher SDK publisher, which encrypts payloads');
    }
  }
  if (message.event === '' || message.event.length > Limits.maxEventNameLength) {
    throw new PublishError('Event name must have 1 to 200 characters');
  }
  const data = checkedData(message.data);
  const others = message.readers === undefined ? undefined : checkedData(message.readers.others);
  return { data, others, socketId: isValidSocketId(message.socketId) ? message.socketId : undefined };
}

function checkedData(value: unknown): string {
  const data = encodeData(value);
  if (Buffer.byteLength(data) > Limits.maxFrameBytes) {
    throw new PublishError(`Event data is over ${Limits.maxFrameBytes} bytes; send ids and let clients fetch`);
  }
  return data;
}

/** Splits a channel list into SDK-sized chunks (the HTTP API takes 100 channels per event). */
export function chunkChannels(channels: string[]): string[][] {
  const chunks: string[][] = [];
  for (let i = 0; i < channels.length; i += Limits.maxChannelsPerEvent) {
    chunks.push(channels.slice(i, i + Limits.maxChannelsPerEvent));
  }
  return chunks;
}
