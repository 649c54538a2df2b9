import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../server/config.ts';
import { startServer, type RunningServer, type StartOptions } from '../../server/main.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { createPostgresDatabase } from '../../server/db/fresh-postgres-database.ts';
import { databaseTemplate, postgresTemplate, type TemplateKind } from './database-template.ts';
import { requirePgSuiteName } from './services.ts';

// Each suite gets its own PostgreSQL database, so suites never see each other's rows.
export { createPostgresDatabase };

export type Backend = 'pglite' | 'postgres';

export type TestServerOptions = {
  demo?: boolean;
  /** Extra environment for loadConfig (it never reads this process's environment). */
  env?: Record<string, string>;
  /**
   * pglite: a fresh in-memory database; postgres: a fresh database on DATABASE_URL. Unset, the
   * run's default (defaultBackend).
   */
  backend?: Backend;
  /** Fastify's logger for this server (silent unless given). */
  logger?: StartOptions['logger'];
};

export type TestServer = { url: string; server: RunningServer; close(): Promise<void> };

/**
 * The backends the integration suites run on: PGlite always, PostgreSQL when configured. A
 * suite that chooses backends is named *.pg.test.ts: CI's PostgreSQL pass runs those files
 * (tests/README.md), so one named otherwise would never meet PostgreSQL, and is refused.
 */
export function backends(): Backend[] {
  requirePgSuiteName('chooses its backends');
  // CI's PostgreSQL pass sets TEST_BACKENDS=postgres: the PGlite runs were done by `npm test`.
  if (process.env.TEST_BACKENDS === 'postgres' && process.env.DATABASE_URL) return ['postgres'];
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * The backend of a suite that does not choose one: PGlite, unless the run names PostgreSQL
 * (TEST_DEFAULT_BACKEND=postgres with DATABASE_URL, as CI's browser and *.pg suites do:
 * vitest.config.ts).
 */
function defaultBackend(): Backend {
  return process.env.TEST_DEFAULT_BACKEND === 'postgres' && process.env.DATABASE_URL
    ? 'postgres'
    : 'pglite';
}

/** A real Plantline server on a free loopback port with a database of its own. */
export async function startTestServer(given: TestServerOptions = {}): Promise<TestServer> {
  const options = { ...given, backend: given.backend ?? defaultBackend() };
  const kind = options.demo === false ? 'bare' : 'demo';
  // Environment that changes what is seeded (the company's time zone, where the demo's files
  // go) needs a database seeded afresh; any other starts from the shared template.
  if (Object.keys(options.env ?? {}).some(changesSeed)) return startFrom(undefined, options);
  if (options.backend === 'postgres') {
    const template = await runPostgresTemplate(kind);
    return startFrom(undefined, options, await createPostgresDatabase(undefined, template));
  }
  // Templates are made with no extra environment, whichever suite happens to make them.
  return startFrom(await pgliteTemplate(kind, options), options);
}

/**
 * The run's PGlite template of `kind`, made by the first suite to ask (with `options`, when a
 * server suite asks), or undefined outside a test run.
 */
export function pgliteTemplate(
  kind: TemplateKind,
  options: TestServerOptions = { demo: kind === 'demo' },
): Promise<Blob | undefined> {
  return databaseTemplate(kind, async () => {
    const fresh = await startFrom(undefined, { ...options, backend: 'pglite', env: undefined });
    try {
      return await dumpOf(fresh.server);
    } finally {
      await fresh.close();
    }
  });
}

/**
 * A PGlite database from the run's template of `kind`, in memory or in a directory of its
 * own, for a suite that needs a migrated database without a server (or before one).
 */
export async function templateDatabase(
  kind: TemplateKind,
  dataDir = 'memory://',
): Promise<Database> {
  const template = await pgliteTemplate(kind);
  return openDatabase({ dataDir, timeZone: loadConfig({}).COMPANY_TIMEZONE, template });
}

/** The variables whose value the demo seed reads or writes through (where its files go). */
function changesSeed(variable: string): boolean {
  return (
    ['COMPANY_TIMEZONE', 'PLANTLINE_DEMO', 'ATTACHMENTS_DIR'].includes(variable) ||
    variable.startsWith('ATTACHMENTS_S3_')
  );
}

export type PostgresDatabase = { url: string; drop(): Promise<void> };

/**
 * A fresh PostgreSQL database with the demo data, from the run's template, when the run's
 * default backend is PostgreSQL; otherwise undefined. For a server in a process of its own
 * (tests/support/server-process.ts), which would otherwise seed the demo itself.
 */
export async function demoPostgresDatabase(): Promise<PostgresDatabase | undefined> {
  if (defaultBackend() !== 'postgres') return undefined;
  return createPostgresDatabase(undefined, await runPostgresTemplate('demo'));
}

/** The run's PostgreSQL template of `kind`: migrated, seeded for `demo`, by the first to ask. */
function runPostgresTemplate(kind: TemplateKind): Promise<string | undefined> {
  return postgresTemplate(kind, async (url) => {
    const options = { demo: kind === 'demo' };
    const fresh = await startFrom(undefined, options, { url, drop: async () => undefined });
    await fresh.close();
  });
}

async function startFrom(
  template: Blob | undefined,
  options: TestServerOptions,
  postgres?: PostgresDatabase,
): Promise<TestServer> {
  const database =
    postgres ?? (options.backend === 'postgres' ? await createPostgresDatabase() : undefined);
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    PLANTLINE_DEMO: options.demo === false ? '0' : '1',
    // Jobs on a clock stay off: a test calls them with the day it needs.
    PLANTLINE_NIGHTLY: '0',
    PUSHER_APP_ID: `test-${randomBytes(4).toString('hex')}`,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const server = await startServer(config, {
    databaseTemplate: template,
    // Every answer is parsed with its route's declared data schema: a schema that lies fails.
    checkResponses: true,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: async () => {
      await server.close();
      await database?.drop();
    },
  };
}

/**
 * The server stopped and started again on its database as it stands (in-memory PGlite only),
 * as a crash and restart would leave it: what start-up does to unfinished work can be seen.
 */
export async function restartTestServer(t: TestServer): Promise<TestServer> {
  const dump = await dumpOf(t.server);
  await t.close();
  return startFrom(dump, {});
}

function dumpOf(server: RunningServer): Promise<Blob> {
  if (!server.database.dump) throw new Error('only an in-memory PGlite database can be a template');
  return server.database.dump();
}
