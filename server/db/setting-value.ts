import { eq } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { settings } from './schema/general.ts';

/** A numeric setting (`production.overage_pct`), or `fallback` when unset or not a number. */
export async function numberSetting(db: Db | Tx, key: string, fallback: number): Promise<number> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key));
  const value = Number(row?.value);
  return row?.value != null && Number.isFinite(value) ? value : fallback;
}
