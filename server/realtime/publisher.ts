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
): { data: string; socketId: string | undefined } {
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
  const data = encodeData(message.data);
  if (Buffer.byteLength(data) > Limits.maxFrameBytes) {
    throw new PublishError(`Event data is over ${Limits.maxFrameBytes} bytes; send ids and let clients fetch`);
  }
  return { data, socketId: isValidSocketId(message.socketId) ? message.socketId : undefined };
}

/** Splits a channel list into SDK-sized chunks (the HTTP API takes 100 channels per event). */
export function chunkChannels(channels: string[]): string[][] {
  const chunks: string[][] = [];
  for (let i = 0; i < channels.length; i += Limits.maxChannelsPerEvent) {
    chunks.push(channels.slice(i, i + Limits.maxChannelsPerEvent));
  }
  return chunks;
}
