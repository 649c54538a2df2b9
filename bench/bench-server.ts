import { randomBytes } from 'node:crypto';
import { loadConfig } from '../server/config.ts';
import { startServer, type RunningServer } from '../server/main.ts';

// The server a bench measures: the demo data in memory (or on the PostgreSQL database it is
// given), on a free loopback port, logging nothing, with a secret of its own.

export function startBenchServer(
  databaseUrl?: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  return startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      PLANTLINE_DEMO: '1',
      LOG_LEVEL: 'silent',
      PUSHER_APP_SECRET: randomBytes(16).toString('hex'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    }),
    { logger: false },
  );
}
