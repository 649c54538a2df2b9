import { openDatabase, type Database } from '../../server/db/client.ts';
import { createPostgresDatabase, templateDatabase, type Backend } from './test-server.ts';

/**
 * A fresh, migrated database without a server around it, for suites that test the data layer
 * directly: in-memory PGlite from the run's bare template, or a database of its own on
 * DATABASE_URL's PostgreSQL, migrated from nothing, that is dropped on close.
 */
export async function openScratchDatabase(backend: Backend): Promise<Database> {
  if (backend === 'pglite') return templateDatabase('bare');
  const postgres = await createPostgresDatabase();
  const database = await openDatabase({
    databaseUrl: postgres.url,
    dataDir: 'memory://',
    timeZone: 'America/Toronto',
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await postgres.drop();
    },
  };
}
