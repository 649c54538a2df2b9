import { openDatabase, type Database } from '../../server/db/client.ts';
import { createPostgresDatabase, type Backend } from './test-server.ts';

/**
 * A fresh, migrated database without a server around it, for suites that test the data layer
 * directly: in-memory PGlite, or a database of its own on DATABASE_URL's PostgreSQL that is
 * dropped on close.
 */
export async function openScratchDatabase(backend: Backend): Promise<Database> {
  if (backend === 'pglite')
    return openDatabase({ dataDir: 'memory://', timeZone: 'America/Toronto' });
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
