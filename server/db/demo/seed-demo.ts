import type { Db } from '../client.ts';
import { hasAnyUser } from '../reference-data.ts';
import { seedDemoReference } from './demo-reference.ts';
import { seedDemoUsers } from './demo-users.ts';

/** Demo data on first start: only into a database that has no user yet, all or nothing. */
export async function seedDemoIfEmpty(db: Db, timezone: string): Promise<boolean> {
  if (await hasAnyUser(db)) return false;
  await db.transaction(async (tx) => {
    await seedDemoReference(tx);
    await seedDemoUsers(tx, timezone);
  });
  return true;
}
