import Pusher from 'pusher';
import type { Config } from '../config.ts';
import type { Publisher } from './publisher.ts';
import { checkPublishMessage, chunkChannels } from './publisher.ts';
import { channelKind } from './protocol.ts';

// Publishes through the standard HTTP events API with the official `pusher` SDK, to Pusher
// Channels, Soketi, Reverb, or another Plantline node: the browser cannot tell the difference.

export interface ExternalPusherOptions {
  appId: string;
  key: string;
  secret: string;
  host?: string;
  port?: number;
  scheme: 'http' | 'https';
  cluster?: string;
  encryptionMasterKeyBase64?: string;
}

export function externalPusherOptions(config: Config): ExternalPusherOptions {
  if (config.PUSHER_APP_SECRET === undefined) throw new Error('PUSHER_APP_SECRET is required for an external Pusher server');
  const options: ExternalPusherOptions = {
    appId: config.PUSHER_APP_ID,
    key: config.PUSHER_APP_KEY,
    secret: config.PUSHER_APP_SECRET,
    scheme: config.PUSHER_SCHEME,
  };
  if (config.PUSHER_HOST !== undefined) options.host = config.PUSHER_HOST;
  if (config.PUSHER_PORT !== undefined) options.port = config.PUSHER_PORT;
  if (config.PUSHER_CLUSTER !== undefined) options.cluster = config.PUSHER_CLUSTER;
  if (config.PUSHER_ENCRYPTION_MASTER_KEY_BASE64 !== undefined) {
    options.encryptionMasterKeyBase64 = config.PUSHER_ENCRYPTION_MASTER_KEY_BASE64;
  }
  return options;
}

export function createPusherClient(options: ExternalPusherOptions): Pusher {
  const base: Pusher.BaseOptions = {
    appId: options.appId,
    key: options.key,
    secret: options.secret,
    useTLS: options.scheme === 'https',
    timeout: 10_000,
  };
  if (options.encryptionMasterKeyBase64 !== undefined) base.encryptionMasterKeyBase64 = options.encryptionMasterKeyBase64;
  if (options.host !== undefined) {
    return new Pusher({ ...base, host: options.host, ...(options.port === undefined ? {} : { port: String(options.port) }) });
  }
  if (options.cluster !== undefined) return new Pusher({ ...base, cluster: options.cluster });
  throw new Error('An external Pusher server needs PUSHER_HOST or PUSHER_CLUSTER');
}

export function createExternalPublisher(client: Pusher): Publisher {
  return {
    async publish(message) {
      // This server cannot tell its subscribers apart: a row some of them may not read goes
      // to none of them, and every client fetches it through the API instead.
      const checked = checkPublishMessage(message, { allowEncrypted: true });
      const { socketId } = checked;
      const data = checked.others ?? checked.data;
      const payload = message.readers === undefined ? message.data : message.readers.others;
      const params = socketId === undefined ? undefined : { socket_id: socketId };
      // The SDK encrypts only single-channel triggers, so encrypted channels go one by one.
      const encrypted = message.channels.filter((c) => channelKind(c) === 'encrypted');
      const plain = message.channels.filter((c) => channelKind(c) !== 'encrypted');
      for (const channel of encrypted) await client.trigger(channel, message.event, payload, params);
      for (const chunk of chunkChannels(plain)) await client.trigger(chunk, message.event, data, params);
    },
    close: () => Promise.resolve(),
  };
}
