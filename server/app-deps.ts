import type { AttachmentStore } from './attachments/attachment-store.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Realtime } from './realtime/realtime.factory.ts';

/** Everything buildApp needs from outside, so tests assemble the same pieces on a free port. */
export type AppDeps = {
  config: Config;
  database: Database;
  realtime: Realtime;
  /** Where uploaded files' bytes live (local directory by default). */
  attachments: AttachmentStore;
};
