import { productionSetting } from '../../src/domain/entities/production/production-settings.ts';
import { ruleError, type ApiError } from '../errors/api-error.ts';
import type { Db, Tx } from './client.ts';
import { numberSetting } from './setting-value.ts';

// The nicotine limit of vaping products (docs/domain/production.md "Nicotine limit"): the
// `production.nicotine_max_mg_ml` setting. Products, recipes, R&D samples and production
// orders above it are refused at activation, approval and release, each refusal naming the
// limit and the value; an HPLC result above it fails whatever its category's range.

export const NICOTINE_LIMIT_KEY = 'production.nicotine_max_mg_ml';

/** The limit in force, mg/mL. */
export async function nicotineLimit(db: Db | Tx): Promise<number> {
  const fallback = Number(productionSetting(NICOTINE_LIMIT_KEY)?.fallback);
  return numberSetting(db, NICOTINE_LIMIT_KEY, fallback);
}

/** What a refusal of `what` at `valueMg` mg/mL says. */
export const nicotineLimitMessage = (what: string, valueMg: number, limit: number) =>
  `${what} has ${valueMg} mg/mL of nicotine, over the limit of ${limit} mg/mL`;

/** The refusal of `what` at `valueMg` mg/mL, under `field`. */
export function overNicotineLimit(
  field: string,
  what: string,
  valueMg: number,
  limit: number,
): ApiError {
  return ruleError(field, nicotineLimitMessage(what, valueMg, limit));
}

/** Refuses `what` when `valueMg` passes the limit; nothing when it has no nicotine figure. */
export async function assertWithinNicotineLimit(
  tx: Db | Tx,
  field: string,
  what: string,
  valueMg: number | null,
): Promise<void> {
  if (valueMg === null || !Number.isFinite(valueMg)) return;
  const limit = await nicotineLimit(tx);
  if (valueMg > limit) throw overNicotineLimit(field, what, valueMg, limit);
}
