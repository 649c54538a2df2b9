import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { startServer, type RunningServer } from '../server/main.ts';
import { heldTemplateFile } from '../tests/support/template-blob.ts';
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
  if (!file || !isSmoke()) return undefined;
  return heldTemplateFile(file);
}

/** The demo database of a bench's server in a process of its own (tests/support/server-process.ts). */
export interface DemoDataDir {
  /** The server's DATA_DIR. */
  dataDir: string;
  /** Deletes the directory once the server has stopped. */
  remove(): Promise<void>;
}

/**
 * In a smoke run, a directory of its own loaded from the smoke run's demo database, so the
 * server opens it instead of seeding the demo again (a seeded start took 30 s beside the other
 * benches, an opened one 10 s); otherwise memory, which the server seeds itself, as a full run
 * measures.
 */
export async function demoDataDir(): Promise<DemoDataDir> {
  const template = await smokeTemplate();
  if (!template) return { dataDir: 'memory://', remove: async () => undefined };
  const dataDir = await mkdtemp(join(tmpdir(), 'plantline-bench-'));
  // A directory without a cluster yet starts from the template (server/db/client.ts).
  const database = await openDatabase({
    dataDir,
    template,
    timeZone: loadConfig({}).COMPANY_TIMEZONE,
  });
  await database.close();
  return { dataDir, remove: () => rm(dataDir, { recursive: true, force: true }) };
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
