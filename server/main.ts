import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.ts';
import type { AttachmentStore } from './attachments/attachment-store.ts';
import { attachmentStoreFor } from './attachments/attachment-store-for.ts';
import type { Config } from './config.ts';
import { openDatabase, STARTUP_LOCK, type Database } from './db/client.ts';
import { seedDemoIfEmpty } from './db/demo/seed-demo.ts';
import { ensureReferenceData } from './db/reference-data.ts';
import { startPgliteAutovacuum } from './db/pglite-autovacuum.ts';
import { failInterruptedImports } from './imports/interrupted-imports.ts';
import { sql } from 'drizzle-orm';
import { createRealtime, type Realtime } from './realtime/realtime.factory.ts';
import { startPlantSimulator, type PlantSimulator } from './simulate/plant-simulator.ts';

export type RunningServer = {
  app: FastifyInstance;
  url: string;
  database: Database;
  realtime: Realtime;
  seededDemo: boolean;
  /** The plant simulator when PLANTLINE_SIMULATE is on, working through this server's API. */
  simulator: PlantSimulator | null;
  close(): Promise<void>;
};

export type StartOptions = AppOptions & {
  /** A dumped in-memory database to start from (see DatabaseTarget); tests pass one. */
  databaseTemplate?: Blob;
};

/** Opens the database, prepares it, builds the app and listens: what `npm start` runs. */
export async function startServer(
  config: Config,
  options: StartOptions = {},
): Promise<RunningServer> {
  const { databaseTemplate, ...appOptions } = options;
  let log: FastifyBaseLogger | undefined;
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    timeZone: config.COMPANY_TIMEZONE,
    template: databaseTemplate,
    onConnectionLost: (error) =>
      log?.warn(
        { err: error },
        'PostgreSQL ended an idle connection; the next query opens another',
      ),
  });
  let realtime: Realtime | undefined;
  const attachments = attachmentStoreFor(config);
  try {
    const seededDemo = await prepareData(database, config, attachments);
    // Before anyone can ask: an import the last run left unfinished says so.
    await failInterruptedImports(database.db);
    // The realtime layer starts before the app that owns the logger: its lines (websocket
    // errors, Redis heartbeats, unreadable bus messages) go to the app's log once it exists.
    realtime = await createRealtime({
      config,
      logger: {
        info: (details, message) => log?.info(details, message),
        warn: (details, message) => log?.warn(details, message),
        error: (details, message) => log?.error(details, message),
      },
    });
    const app = await buildApp({ config, database, realtime, attachments }, appOptions);
    log = app.log;
    // Where uploaded files go (a directory or a bucket), said once so an operator can check it.
    app.log.info({ attachments: attachments.describe }, 'attachment store');
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
    const live = realtime;
    const simulator = config.PLANTLINE_SIMULATE
      ? startPlantSimulator({
          baseUrl: `http://${loopback(config.HOST)}:${port}`,
          paceMs: config.PLANTLINE_SIMULATE_PACE_MS,
          log: app.log,
        })
      : null;
    // PGlite has no autovacuum of its own (pglite-autovacuum.ts).
    const autovacuum =
      database.kind === 'pglite' && config.PGLITE_AUTOVACUUM_SECONDS > 0
        ? startPgliteAutovacuum(
            database.db,
            (err) => app.log.warn({ err }, 'autovacuum failed'),
            config.PGLITE_AUTOVACUUM_SECONDS * 1000,
          )
        : null;
    let closing: Promise<void> | undefined;
    return {
      app,
      url: `http://${host}:${port}`,
      database,
      realtime: live,
      seededDemo,
      simulator,
      close: () =>
        (closing ??= (async () => {
          await simulator?.stop();
          await autovacuum?.stop();
          // Websocket clients get 4200 first so they reconnect to whichever node comes back.
          await live.close();
          await app.close();
          await database.close();
        })()),
    };
  } catch (error) {
    await realtime?.close();
    await database.close();
    throw error;
  }
}

// Reference rows and the demo, all or nothing. Processes starting together against one
// PostgreSQL take turns on an advisory lock, so the demo is seeded exactly once.
async function prepareData(
  database: Database,
  config: Config,
  attachments: AttachmentStore,
): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK})`);
    await ensureReferenceData(tx);
    return config.PLANTLINE_DEMO
      ? seedDemoIfEmpty(tx, config.COMPANY_TIMEZONE, attachments)
      : false;
  });
}

/** Where the simulator reaches this server: loopback when it listens on every address. */
function loopback(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
