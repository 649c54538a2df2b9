import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../server/config.ts';
import { startServer, type RunningServer } from '../../server/main.ts';
import { createPostgresDatabase } from '../../server/db/fresh-postgres-database.ts';
import { databaseTemplate, postgresTemplate } from './database-template.ts';

// Each suite gets its own PostgreSQL database, so suites never see each other's rows.
export { createPostgresDatabase };

export type Backend = 'pglite' | 'postgres';

export type TestServerOptions = {
  demo?: boolean;
  /** Extra environment for loadConfig (it never reads this process's environment). */
  env?: Record<string, string>;
  /** pglite (default): a fresh in-memory database; postgres: a fresh database on DATABASE_URL. */
  backend?: Backend;
};

export type TestServer = { url: string; server: RunningServer; close(): Promise<void> };

/** The backends the integration suites run on: PGlite always, PostgreSQL when configured. */
export function backends(): Backend[] {
  // CI's PostgreSQL pass sets TEST_BACKENDS=postgres: the PGlite runs were done by `npm test`.
  if (process.env.TEST_BACKENDS === 'postgres' && process.env.DATABASE_URL) return ['postgres'];
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A real Plantline server on a free loopback port with a database of its own. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const kind = options.demo === false ? 'bare' : 'demo';
  // Extra environment may change what is seeded (the company's time zone, say): start empty.
  if (options.env) return startFrom(undefined, options);
  if (options.backend === 'postgres') {
    const template = await postgresTemplate(kind, async (url) => {
      const fresh = await startFrom(undefined, options, { url, drop: async () => undefined });
      await fresh.close();
    });
    return startFrom(undefined, options, await createPostgresDatabase(undefined, template));
  }
  const template = await databaseTemplate(kind, async () => {
    const fresh = await startFrom(undefined, options);
    try {
      return await dumpOf(fresh.server);
    } finally {
      await fresh.close();
    }
  });
  return startFrom(template, options);
}

type PostgresDatabase = { url: string; drop(): Promise<void> };

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
  const server = await startServer(config, { databaseTemplate: template });
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
