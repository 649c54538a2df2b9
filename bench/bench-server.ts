import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { loadConfig } from '../server/config.ts';
import { startServer, type RunningServer } from '../server/main.ts';
import { isSmoke } from './sample-stats.ts';

// The server a bench measures: the demo data in memory (or on the PostgreSQL database it is
// given), on a free loopback port, logging nothing, with a secret of its own.

/** Where a smoke run keeps the demo database it made once (smoke.ts), for every bench's server. */
export const SMOKE_TEMPLATE_VARIABLE = 'BENCH_SMOKE_TEMPLATE';

export async function startBenchServer(
  databaseUrl?: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const template = databaseUrl ? undefined : await smokeTemplate();
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
    { logger: false, ...(template ? { databaseTemplate: template } : {}) },
  );
}

/**
 * In a smoke run, the in-memory demo database to start from: seeding the demo is most of a
 * server's start (about 10 s of 11), and a smoke run starts a dozen of them.
 */
export async function smokeTemplate(): Promise<Blob | undefined> {
  const file = process.env[SMOKE_TEMPLATE_VARIABLE];
  return file && isSmoke() ? new Blob([await readFile(file)]) : undefined;
}

/** Starts a demo server as the benches do and writes its fresh database to `file`. */
export async function writeDemoTemplate(file: string): Promise<void> {
  const server = await startBenchServer();
  try {
    if (!server.database.dump) throw new Error('only an in-memory PGlite database can be dumped');
    const dump = await server.database.dump();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await server.close();
  }
}
