import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';

// The one app this server hosts. Pusher servers are multi-tenant; Plantline is one tenant, so
// an app id and key other than these are simply unknown (HTTP 404, close 4001).

export interface AppCredentials {
  readonly id: string;
  readonly key: string;
  readonly secret: string;
  /** 32 bytes; needed only to authorise private-encrypted- channels. */
  readonly encryptionMasterKey?: Buffer;
}

/**
 * Reads credentials from config. Without PUSHER_APP_SECRET the embedded server still needs a
 * secret to sign channel auth, so one is generated; several nodes must then agree on it, which
 * `sharedSecret` (backed by Redis) arranges. The same goes for the encryption master key.
 */
export async function resolveCredentials(
  config: Config,
  sharedSecret?: (name: string, fresh: string) => Promise<string>,
): Promise<AppCredentials> {
  const agree = sharedSecret ?? ((_name: string, fresh: string) => Promise.resolve(fresh));
  const secret = config.PUSHER_APP_SECRET ?? (await agree('secret', randomBytes(24).toString('hex')));
  const masterKey =
    config.PUSHER_ENCRYPTION_MASTER_KEY_BASE64 ??
    (await agree('encryption-master-key', randomBytes(32).toString('base64')));
  return {
    id: config.PUSHER_APP_ID,
    key: config.PUSHER_APP_KEY,
    secret,
    encryptionMasterKey: Buffer.from(masterKey, 'base64'),
  };
}
